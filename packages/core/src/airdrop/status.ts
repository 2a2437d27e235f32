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

/** The two clocks an airdrop's on-chain actions depend on: the server's, and the chain's latest block time. */
export type AirdropClocks = {
  serverNow: Date;
  /** The timestamp of the chain's latest block, or null when the chain could not be read. */
  chainNow: Date | null;
};

/**
 * Which on-chain actions a transaction sent now would get through: claiming needs `start ≤ block time < end`,
 * refunding needs the block time outside that window. Block times never go back, so the latest block's time is
 * a floor for the next one: a window that has opened on chain is open. The next block may also jump to the
 * wall clock (an idle chain) or run ahead of it (a drifting one), so a window is only offered while both
 * clocks are more than `marginSeconds` from closing it. Without a chain reading the server's clock decides, with
 * the margin on both sides.
 */
export function onChainActionsOf(
  airdrop: Pick<AirdropTimes, "startAt" | "endAt">,
  clocks: AirdropClocks,
  marginSeconds: number,
): { claimOpen: boolean; refundOpen: boolean } {
  const margin = marginSeconds * 1000;
  const start = airdrop.startAt.getTime();
  const end = airdrop.endAt.getTime();
  const server = clocks.serverNow.getTime();
  const chain = clocks.chainNow?.getTime() ?? null;
  const latest = chain === null ? server : Math.max(server, chain);
  const opened = chain === null ? server >= start + margin : chain >= start;
  const ended = chain === null ? server >= end + margin : chain >= end;
  return {
    claimOpen: opened && latest + margin < end,
    refundOpen: ended || latest + margin < start,
  };
}
