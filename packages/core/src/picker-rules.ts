// The picker's rules that need no I/O: which status allows what, the limits of each plan, the membership
// period and price, the winners' info and who may see it, and the reference a batch payment carries.
// The API applies them; the web app may show them.
import { keccak256, parseUnits, toHex } from "viem";
import { isEvmAddress, toChecksumAddress } from "./address.ts";
import {
  freePlan,
  isSolanaAddress,
  type MembershipPlan,
  membershipMonthlyPriceUsdt,
  membershipPlans,
  type PickerInfoType,
  pickerPipelineStatuses,
  pickerStatus,
  replyLookupWinnerLimit,
} from "./picker.ts";

/** What a plan allows; null means no limit. */
export type PickerPlanLimits = {
  drawsPerDay: number | null;
  entriesPerPost: number | null;
  /** The most winners a picker that requires a reply may have (the reply is looked up per winner). */
  replyLookupWinners: number;
};

/** A member (any paid plan that has not expired) draws and collects without limit; the free plan is capped. */
export function pickerPlanLimits(member: boolean): PickerPlanLimits {
  return member
    ? { drawsPerDay: null, entriesPerPost: null, replyLookupWinners: replyLookupWinnerLimit.member }
    : {
        drawsPerDay: freePlan.drawsPerDay,
        entriesPerPost: freePlan.entriesPerPost,
        replyLookupWinners: replyLookupWinnerLimit.free,
      };
}

/** The daily draw quota counts draws and redraws from midnight UTC. */
export function drawQuotaDayStart(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
}

/** During the beta only listed accounts (lowercase username or X user id) create; an empty list lets anyone. */
export function onBetaWhitelist(
  whitelist: readonly string[],
  account: { xUserId: string; username: string },
): boolean {
  if (whitelist.length === 0) return true;
  return whitelist.includes(account.username.toLowerCase()) || whitelist.includes(account.xUserId);
}

/** Follow targets as typed: lowercase, each once, in the order given. */
export function normalizeFollowTargets(usernames: readonly string[]): string[] {
  return [...new Set(usernames.map((name) => name.toLowerCase()))];
}

/** A first draw opens once collection is done; a redraw replaces the draw the host is selecting from. */
export function drawAllowed(kind: "draw" | "redraw", status: number): boolean {
  return kind === "draw" ? status === pickerStatus.readyToPick : status === pickerStatus.selecting;
}

/** The rules (winner count, reward) change only before the first commitment: while collecting or ready. */
export const pickerEditableStatuses: readonly number[] = [
  ...pickerPipelineStatuses,
  pickerStatus.readyToPick,
];

/** Winners and substitutes submit their info while the host selects or collects it. */
export function winnerInfoOpen(status: number): boolean {
  return status === pickerStatus.selecting || status === pickerStatus.collectingInfo;
}

/** The host's moves from one stage to the next: the statuses each starts from and where it leads. */
export const pickerTransitions = {
  /** Info collected: on to paying. */
  completeCollect: { from: [pickerStatus.collectingInfo], to: pickerStatus.paying },
  /** Paid without an on-chain payment to record (a text reward, or paid elsewhere). */
  finish: { from: [pickerStatus.paying], to: pickerStatus.completed },
  /** Any picker not yet completed (nor cancelled already) may be cancelled. */
  cancel: {
    from: [
      ...pickerPipelineStatuses,
      pickerStatus.error,
      pickerStatus.noParticipant,
      pickerStatus.readyToPick,
      pickerStatus.selecting,
      pickerStatus.collectingInfo,
      pickerStatus.paying,
    ],
    to: pickerStatus.cancelled,
  },
} as const satisfies Record<string, { from: readonly number[]; to: number }>;

export type WinnerInfoResult = { info: string } | { problem: "address-format" | "info-required" };

/**
 * A winner's info, trimmed: an EVM address (returned checksummed), a Solana address, or any non-empty text
 * for custom info.
 */
export function normalizeWinnerInfo(infoType: PickerInfoType, value: string): WinnerInfoResult {
  const info = value.trim();
  if (infoType === "evm") {
    return isEvmAddress(info) ? { info: toChecksumAddress(info) } : { problem: "address-format" };
  }
  if (infoType === "solana") return isSolanaAddress(info) ? { info } : { problem: "address-format" };
  return info ? { info } : { problem: "info-required" };
}

/** EVM and Solana addresses are public; custom info is shown only to the host (and its helpers) and the entrant. */
export function visibleWinnerInfo(
  infoType: PickerInfoType,
  info: string | null,
  viewer: { isHost: boolean; isEntrant: boolean },
): string | null {
  if (info === null) return null;
  if (infoType !== "custom" || viewer.isHost || viewer.isEntrant) return info;
  return null;
}

/** The published winners of a draw: the entries ranked within the winner count, best rank first. */
export function publishedWinnerIds(
  ranked: readonly { xUserId: string; rank: number | null }[],
  winnerCount: number,
): string[] {
  return ranked
    .filter((row) => row.rank !== null && row.rank <= winnerCount)
    .sort((left, right) => left.rank! - right.rank!)
    .map((row) => row.xUserId);
}

/** The price of a plan in the token's smallest unit: the monthly USDT price times the plan's months. */
export function membershipPrice(plan: MembershipPlan, decimals: number): bigint {
  return parseUnits(membershipMonthlyPriceUsdt, decimals) * BigInt(membershipPlans[plan]);
}

/** A new membership starts when the current one ends (or now, without one) and runs the plan's months. */
export function membershipPeriod(
  plan: MembershipPlan,
  currentExpiresAt: Date | undefined,
  now: Date,
): { startsAt: Date; expiresAt: Date } {
  const startsAt = currentExpiresAt ?? now;
  const expiresAt = new Date(startsAt);
  expiresAt.setUTCMonth(expiresAt.getUTCMonth() + membershipPlans[plan]);
  return { startsAt, expiresAt };
}

/** keccak256 of "dropfair-picker:" + seed: the reference a batch payment carries so it pays this picker only. */
export function pickerPaymentReference(seed: string): `0x${string}` {
  return keccak256(toHex(`dropfair-picker:${seed}`));
}
