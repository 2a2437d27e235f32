/**
 * Where an airdrop stands, from its release and its times alone: a draft until released, then not started,
 * in progress or ended by the clock. The codes are the ones the API answers (0 draft … 3 ended).
 */
export const airdropStatusCodes = { draft: 0, notStarted: 1, inProgress: 2, ended: 3 } as const;
export type AirdropStatusCode = (typeof airdropStatusCodes)[keyof typeof airdropStatusCodes];

export type AirdropTimes = { releasedAt: Date | null; startAt: Date; endAt: Date };

/** The status at `now`: the start is the first in-progress instant, the end the first ended one. */
export function statusOf(airdrop: AirdropTimes, now: Date): AirdropStatusCode {
  if (!airdrop.releasedAt) return airdropStatusCodes.draft;
  if (now < airdrop.startAt) return airdropStatusCodes.notStarted;
  if (now < airdrop.endAt) return airdropStatusCodes.inProgress;
  return airdropStatusCodes.ended;
}

/** The books of an airdrop's on-chain campaign, as the API keeps them (amounts as decimal strings). */
export type CampaignBooks = { campaignId: string | null; deposited: string; refundedAt: Date | null };

/** A campaign on chain holds the creator's prize: linked, funded and not refunded. */
export function holdsPrize(airdrop: CampaignBooks): boolean {
  return airdrop.campaignId !== null && BigInt(airdrop.deposited) > 0n && airdrop.refundedAt === null;
}

/**
 * The participant list and the reward may change until a campaign holds the prize, and a released airdrop
 * only until its start: the reasons it may not, or null when it may.
 */
export function editBlocker(
  airdrop: CampaignBooks & AirdropTimes,
  now: Date,
): "refundFirst" | "started" | null {
  if (holdsPrize(airdrop)) return "refundFirst";
  if (airdrop.releasedAt && now >= airdrop.startAt) return "started";
  return null;
}

/**
 * What is still claimable in base units: deposit − claimed while the campaign holds the prize, "0" once it is
 * refunded, null before a campaign is linked.
 */
export function claimableAmountOf(airdrop: CampaignBooks & { claimedAmount: string }): string | null {
  if (airdrop.campaignId === null) return null;
  if (airdrop.refundedAt !== null) return "0";
  return (BigInt(airdrop.deposited) - BigInt(airdrop.claimedAmount)).toString();
}
