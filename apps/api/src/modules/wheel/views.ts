// A game's status and reveal, and the shapes the routes answer with.
import type {
  WheelGameDetail,
  WheelGameSummary,
  WheelPrize,
  WheelSpin,
  WheelStatus,
} from "@dropfair/schemas/wheel";
import { wheelStatuses } from "@dropfair/schemas/wheel";
import type { Address } from "viem";
import type { GameRow, PrizeRow, SpinRow } from "./repository.ts";

/** Block times may run a little ahead of ours: a voucher counts as open this long after its deadline. */
export const chainClockSkewMs = 30_000;

export function isFundable(prize: Pick<PrizeRow, "kind">): boolean {
  return prize.kind === "token" || prize.kind === "nft";
}

export function allFunded(prizes: readonly PrizeRow[]): boolean {
  return prizes.every((prize) => !isFundable(prize) || prize.fundedAt !== null);
}

/**
 * 10 error, 2 closed early, 9 ended (its end passed), 0 created (a token or NFT prize is not funded yet),
 * 4 not started, 1 running.
 */
export function gameStatus(game: GameRow, funded: boolean, now: Date): WheelStatus {
  if (game.errorReason !== null) return wheelStatuses.error;
  if (game.closedAt !== null) return wheelStatuses.closed;
  if (now >= game.endsAt) return wheelStatuses.ended;
  if (!funded) return wheelStatuses.created;
  if (now < game.startsAt) return wheelStatuses.notStarted;
  return wheelStatuses.running;
}

/**
 * The salt is published once the game is over and nothing can spin any more: every voucher given out has expired
 * (with a margin for block times) and every spin seen on chain is recorded. Before that a player who knew the
 * salt could compute a pending spin's outcome, or choose between replacement transactions.
 */
export function isRevealed(
  status: WheelStatus,
  settlement: { lastOpenDeadline: Date | null; drawing: number },
  now: Date,
): boolean {
  if (status !== wheelStatuses.ended && status !== wheelStatuses.closed) return false;
  if (settlement.drawing > 0) return false;
  const lastOpen = settlement.lastOpenDeadline;
  return lastOpen === null || now.getTime() >= lastOpen.getTime() + chainClockSkewMs;
}

export function summaryView(
  game: GameRow,
  extra: { creator: Address; status: WheelStatus; prizeCount: number; spinCount: number },
): WheelGameSummary {
  return {
    id: game.id,
    title: game.title,
    status: extra.status,
    chainId: game.chainId,
    startAt: game.startsAt.toISOString(),
    endAt: game.endsAt.toISOString(),
    creator: extra.creator,
    partnerSlug: game.partnerSlug,
    prizeCount: extra.prizeCount,
    spinCount: extra.spinCount,
  };
}

export function prizeView(prize: PrizeRow, won: number): WheelPrize {
  return {
    id: prize.prizeId,
    kind: prize.kind,
    label: prize.label,
    weight: prize.weight,
    count: prize.count,
    amount: prize.amount,
    token: prize.tokenAddress,
    tokenSymbol: prize.tokenSymbol,
    tokenDecimals: prize.tokenDecimals,
    won,
    campaignId: prize.distributorCampaignId,
    funded: !isFundable(prize) || prize.fundedAt !== null,
  };
}

export function detailView(
  game: GameRow,
  extra: {
    creator: Address;
    status: WheelStatus;
    prizes: readonly PrizeRow[];
    won: ReadonlyMap<string, number>;
    spinCount: number;
    revealed: boolean;
    distributor: Address | null;
    missionCampaignId: number | null;
    canManage: boolean;
  },
): WheelGameDetail {
  return {
    ...summaryView(game, { ...extra, prizeCount: extra.prizes.length }),
    description: game.description,
    contract: game.contractAddress,
    distributor: extra.distributor,
    fromBlock: game.fromBlock.toString(),
    saltHash: game.saltHash,
    salt: extra.revealed ? game.salt : null,
    prizes: extra.prizes.map((prize) => prizeView(prize, extra.won.get(prize.prizeId) ?? 0)),
    dailyFreeTicket: game.dailyFreeTicket,
    referralTickets: game.referralTickets,
    missionCampaignId: extra.missionCampaignId,
    canManage: extra.canManage,
    errorReason: game.errorReason,
  };
}

export function spinView(spin: SpinRow): WheelSpin {
  return {
    spinId: spin.id,
    nonce: String(spin.id),
    account: spin.account,
    stage: spin.stage,
    txHash: spin.txHash,
    blockNumber: spin.blockNumber === null ? null : spin.blockNumber.toString(),
    blockHash: spin.blockHash,
    position: spin.position,
    prizeId: spin.prizeId,
    requestedAt: spin.requestedAt.toISOString(),
    recordedAt: spin.recordedAt?.toISOString() ?? null,
  };
}
