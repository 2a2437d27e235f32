// An airdrop as the API answers it: the summary of lists, and the detail of one airdrop.
import {
  campaignParamsOf,
  claimableAmountOf,
  editBlocker,
  onChainActionsOf,
  statusOf,
  trimDecimal,
} from "@dropfair/core/airdrop";
import type { AirdropDetail, AirdropSummary } from "@dropfair/schemas/airdrop";
import type { Viewer } from "./access.ts";
import type { AirdropSummaryRow } from "./list-repository.ts";
import type { AirdropRow } from "./repository.ts";

/** How close to a boundary of its window an on-chain action stops being offered, by default. */
export const defaultMarginSeconds = 15;

export function summaryOf(row: AirdropSummaryRow, now: Date): AirdropSummary {
  return {
    id: row.id,
    title: row.title,
    creator: row.creatorAddress,
    status: statusOf(row, now),
    idType: row.idType,
    rewardType: row.rewardType,
    mode: row.mode,
    chainId: row.chainId,
    tokenAddress: row.tokenAddress,
    tokenSymbol: row.tokenSymbol,
    tokenDecimals: row.tokenDecimals,
    hasLogo: row.tokenLogoType !== null,
    totalAmount: row.totalAmount === null ? null : trimDecimal(row.totalAmount),
    claimableAmount: claimableAmountOf(row),
    participantCount: row.participantCount,
    claimCount: row.claimCount,
    startAt: row.startAt.toISOString(),
    endAt: row.endAt.toISOString(),
    posterStyle: row.posterStyle,
  };
}

/** The detail of one airdrop; `chainNow` is its chain's latest block time (null when unread or off chain). */
export function detailOf(
  row: AirdropRow,
  viewer: Viewer,
  now: Date,
  chain: { now: Date | null; marginSeconds: number } = { now: null, marginSeconds: defaultMarginSeconds },
): AirdropDetail {
  const clocks = { serverNow: now, chainNow: chain.now };
  const actions = onChainActionsOf(row, clocks, chain.marginSeconds);
  return {
    ...summaryOf(row, now),
    description: row.description,
    customToken: row.customToken,
    shares: row.shares,
    totalWeight: row.totalWeight,
    discordGuildId: row.discordGuildId,
    discordRoleId: row.discordRoleId,
    telegramChatId: row.telegramChatId,
    isCreator: viewer.userId === row.creatorUserId,
    editable: editBlocker(row, now) === null,
    prepared: row.preparedAt !== null,
    merkleRoot: row.merkleRoot,
    amountPerShare: row.amountPerShare,
    requiredDeposit: row.requiredDeposit,
    undistributed:
      row.amountBase !== null && row.requiredDeposit !== null
        ? (BigInt(row.amountBase) - BigInt(row.requiredDeposit)).toString()
        : null,
    campaignParams: campaignParamsOf(row),
    distributorAddress: row.distributorAddress,
    campaignId: row.campaignId,
    deposited: row.deposited,
    claimedAmount: row.claimedAmount,
    refundedAmount: row.refundedAmount,
    refundedAt: row.refundedAt?.toISOString() ?? null,
    releasedAt: row.releasedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    chainTime: chain.now?.toISOString() ?? null,
    claimOpen: row.releasedAt !== null && actions.claimOpen,
    refundOpen: actions.refundOpen,
  };
}
