// The airdrop's books follow the chain: the campaign a creator opened, deposits, claims and the refund, read from
// the distributor's events. The web app reports its own transactions once they are confirmed (reportTransaction);
// the indexer (indexChain, run by the `airdrop.index-events` job) reads every confirmed event, so claims made
// elsewhere count too. The chain is the authority: anyone may report a transaction, each event counts once, and
// an event whose block leaves the chain is taken back out (chain-reorg.ts).
import { confirmationsFor, confirmedHead, isConfirmed } from "@dropfair/chain/confirmations";
import { campaignMismatch, campaignParamsOf } from "@dropfair/core/airdrop";
import type { AirdropEventUndo, Tx } from "@dropfair/db";
import type { AirdropDetail } from "@dropfair/schemas/airdrop";
import type { Hex, PublicClient } from "viem";
import { errors } from "../../platform/errors.ts";
import { chainClientFor, type Viewer, visibleAirdrop } from "./access.ts";
import { campaignEventAbi, type DistributorEvent, distributorEvents, readReceipt } from "./chain.ts";
import { currentDetail } from "./chain-clock.ts";
import { canonicalHash, rollBackOrphanedBlocks, sameHash } from "./chain-reorg.ts";
import * as chainRepository from "./chain-repository.ts";
import type { AirdropDependencies } from "./dependencies.ts";
import { airdropErrors } from "./errors.ts";
import { applyRefund, needsBlockTimestamp } from "./refunds.ts";
import type { AirdropRow } from "./repository.ts";
import * as repository from "./repository.ts";

type CampaignCreated = Extract<DistributorEvent, { eventName: "CampaignCreated" }>;
type MinedTransaction = {
  chainId: number;
  txHash: Hex;
  blockNumber: bigint;
  blockHash: Hex;
  events: readonly DistributorEvent[];
};

/** The confirmations this server waits for on a chain (`CONFIRMATIONS_<chainId>`, else the registry's). */
function confirmationsOf(dependencies: Pick<AirdropDependencies, "confirmations">, chainId: number): number {
  return dependencies.confirmations?.(chainId) ?? confirmationsFor(chainId);
}

async function headOf(client: PublicClient): Promise<bigint> {
  try {
    return await client.getBlockNumber({ cacheTime: 0 });
  } catch (error) {
    throw airdropErrors.chainUnavailable(error);
  }
}

/** What it takes to undo this event if its block is orphaned, read from the books before it is applied. */
function undoOf(row: AirdropRow, event: DistributorEvent): AirdropEventUndo | null {
  switch (event.eventName) {
    case "CampaignCreated":
      return { kind: "campaign", campaignId: event.args.campaignId.toString() };
    case "Deposited":
      return { kind: "deposit", amount: event.args.amount.toString() };
    case "NftRegistered":
      return { kind: "deposit", amount: String(event.args.tokenIds.length) };
    case "Claimed":
      return { kind: "claim", position: Number(event.args.claimId), amount: event.args.amount.toString() };
    case "Refunded":
      return {
        kind: "refund",
        before: {
          campaignId: row.campaignId,
          campaignTxHash: row.campaignTxHash,
          deposited: row.deposited,
          releasedAt: row.releasedAt?.toISOString() ?? null,
          refundedAmount: row.refundedAmount,
          refundedAt: row.refundedAt?.toISOString() ?? null,
        },
      };
    default:
      return null;
  }
}

async function blockTimestampOf(client: PublicClient, blockNumber: bigint): Promise<bigint> {
  try {
    return (await client.getBlock({ blockNumber })).timestamp;
  } catch (error) {
    throw airdropErrors.chainUnavailable(error);
  }
}

/** Where a CampaignCreated event differs from the prepared airdrop ("reward" when unprepared), or null. */
function mismatchOf(row: AirdropRow, event: CampaignCreated): string | null {
  if (!row.preparedAt) return "reward";
  return campaignMismatch(campaignParamsOf(row), row.creatorAddress, event.args);
}

/** One event's effect on the books; the caller makes sure it is applied once. */
async function applyEvent(
  dependencies: AirdropDependencies,
  tx: Tx,
  row: AirdropRow,
  event: DistributorEvent,
  txHash: Hex,
  blockTimestamp: bigint | undefined,
): Promise<AirdropRow> {
  const { now } = dependencies;
  switch (event.eventName) {
    case "CampaignCreated":
      return repository.updateAirdrop(tx, row.id, {
        campaignId: event.args.campaignId.toString(),
        campaignTxHash: txHash,
        updatedAt: now(),
      });
    case "Deposited":
      return repository.updateAirdrop(tx, row.id, {
        deposited: (BigInt(row.deposited) + event.args.amount).toString(),
        updatedAt: now(),
      });
    case "NftRegistered":
      return repository.updateAirdrop(tx, row.id, {
        deposited: (BigInt(row.deposited) + BigInt(event.args.tokenIds.length)).toString(),
        updatedAt: now(),
      });
    case "Claimed":
      await repository.markParticipantClaimed(tx, row.id, Number(event.args.claimId), {
        by: event.args.account,
        txHash,
        at: now(),
      });
      return repository.updateAirdrop(tx, row.id, {
        claimCount: row.claimCount + 1,
        claimedAmount: (BigInt(row.claimedAmount) + event.args.amount).toString(),
        updatedAt: now(),
      });
    case "Refunded":
      return applyRefund(tx, row, event, blockTimestamp, now());
    default:
      return row;
  }
}

/**
 * Applies one transaction's events of the airdrop's campaign (or the CampaignCreated that opens it) to the
 * books, each event once (recorded in airdrop_chain_events). `strict`: a campaign that does not match the
 * prepared airdrop is an error (a report); otherwise it is skipped (the indexer sees every creator's campaigns).
 */
async function applyTransaction(
  dependencies: AirdropDependencies,
  id: number,
  transaction: MinedTransaction,
  options: { strict: boolean; blockTimestamp: () => Promise<bigint> },
): Promise<{ applied: number }> {
  const blockTimestamp = needsBlockTimestamp(transaction.events) ? await options.blockTimestamp() : undefined;
  return dependencies.db.transaction(async (tx) => {
    let current = await repository.loadAirdropBooksForUpdate(tx, id);
    if (!current) return { applied: 0 };
    // Events of this transaction already in the books count as applied whatever the airdrop became since (a
    // refund before the start unlinks the campaign): reporting a transaction again answers like the first time.
    const recorded = await chainRepository.recordedLogIndexes(
      tx,
      id,
      transaction.chainId,
      transaction.txHash,
    );
    let applied = 0;
    for (const event of transaction.events) {
      if (recorded.has(event.logIndex)) {
        applied++;
        continue;
      }
      const campaignId = event.args.campaignId.toString();
      if (event.eventName === "CampaignCreated") {
        if (current.campaignId !== null && current.campaignId !== campaignId) continue;
        if (current.campaignId === null) {
          const mismatch = mismatchOf(current, event);
          if (mismatch && options.strict) throw airdropErrors.campaignMismatch(mismatch);
          if (mismatch) continue;
        }
      } else if (current.campaignId !== campaignId) {
        continue;
      }
      const first = await chainRepository.recordChainEvent(tx, {
        chainId: transaction.chainId,
        txHash: transaction.txHash,
        logIndex: event.logIndex,
        airdropId: id,
        eventName: event.eventName,
        blockNumber: transaction.blockNumber,
        blockHash: transaction.blockHash,
        undo: undoOf(current, event),
      });
      applied++;
      if (!first) continue;
      current = await applyEvent(dependencies, tx, current, event, transaction.txHash, blockTimestamp);
    }
    return { applied };
  });
}

/**
 * Applies the distributor events of a confirmed transaction to the airdrop's books: the campaign it opened,
 * deposits, claims and the refund. A transaction with fewer confirmations than the chain needs is refused for
 * now (409, to report again later); one with none of this airdrop's events is refused.
 */
export async function reportTransaction(
  dependencies: AirdropDependencies,
  id: number,
  viewer: Viewer,
  txHash: Hex,
): Promise<AirdropDetail> {
  const { db } = dependencies;
  if (viewer.userId === null) throw errors.unauthorized();
  const before = await visibleAirdrop(db, id, viewer);
  if (before.chainId === null || !before.distributorAddress) throw airdropErrors.notPrepared();
  const client = chainClientFor(dependencies, before.chainId);
  const receipt = await readReceipt(client, txHash);
  const confirmations = confirmationsOf(dependencies, before.chainId);
  if (!isConfirmed(receipt.blockNumber, await headOf(client), confirmations)) {
    throw airdropErrors.transactionUnconfirmed(confirmations);
  }
  const events = distributorEvents(receipt, before.distributorAddress);
  const outcome = await applyTransaction(
    dependencies,
    id,
    {
      chainId: before.chainId,
      txHash,
      blockNumber: receipt.blockNumber,
      blockHash: receipt.blockHash,
      events,
    },
    { strict: true, blockTimestamp: () => blockTimestampOf(client, receipt.blockNumber) },
  );
  if (outcome.applied === 0) throw airdropErrors.transaction("transactionUnrelated");
  return currentDetail(dependencies, await visibleAirdrop(db, id, viewer), viewer);
}

/** The logs of a block range grouped by transaction, in log order. */
function byTransaction(logs: readonly unknown[]): Map<Hex, DistributorEvent[]> {
  const grouped = new Map<Hex, DistributorEvent[]>();
  for (const log of logs as (DistributorEvent & { transactionHash: Hex })[]) {
    grouped.set(log.transactionHash, [...(grouped.get(log.transactionHash) ?? []), log]);
  }
  return grouped;
}

/**
 * Reads the distributor's confirmed logs on one chain from where the last pass stopped (at most `maxBlocks` per
 * pass) and applies them like reported transactions, so claims made outside the web app still reach the books.
 * First it checks that the blocks it applied from are still on the chain, and takes back what a reorganisation
 * orphaned (chain-reorg.ts). A new cursor starts at the first block we know an event of, or at the newest
 * confirmed block.
 */
export async function indexChain(
  dependencies: AirdropDependencies,
  chainId: number,
  maxBlocks = 2_000n,
): Promise<{ fromBlock: bigint; toBlock: bigint; applied: number; rolledBack: number } | null> {
  const { db } = dependencies;
  const distributor = dependencies.distributors[chainId];
  const client = dependencies.chainClient(chainId);
  if (!distributor || !client) return null;
  const lastConfirmed = confirmedHead(await headOf(client), confirmationsOf(dependencies, chainId));
  const stored = await chainRepository.indexerCursor(db, chainId, distributor);
  const check = await rollBackOrphanedBlocks(dependencies, client, chainId, stored);
  if (check.cursor) {
    await chainRepository.saveIndexerCursor(db, chainId, distributor, check.cursor, dependencies.now());
  }
  const { rolledBack } = check;
  const fromBlock =
    (check.cursor ?? stored)?.nextBlock ??
    (await chainRepository.firstRecordedEventBlock(db, chainId)) ??
    (lastConfirmed > 0n ? lastConfirmed : 0n);
  if (fromBlock > lastConfirmed) return { fromBlock, toBlock: lastConfirmed, applied: 0, rolledBack };
  const toBlock = fromBlock + maxBlocks - 1n < lastConfirmed ? fromBlock + maxBlocks - 1n : lastConfirmed;
  const hashBefore = await canonicalHash(client, toBlock);
  const logs = await client.getLogs({
    address: distributor,
    events: campaignEventAbi,
    fromBlock,
    toBlock,
    strict: true,
  });
  // The logs come from one view of the chain: the same block at `toBlock` before and after reading them.
  const lastBlockHash = await canonicalHash(client, toBlock);
  if (!sameHash(hashBefore, lastBlockHash))
    return { fromBlock, toBlock: fromBlock - 1n, applied: 0, rolledBack };
  let applied = 0;
  for (const [txHash, events] of byTransaction(logs)) {
    const { blockNumber, blockHash } = events[0] as unknown as { blockNumber: bigint; blockHash: Hex };
    const campaignIds = [...new Set(events.map((event) => event.args.campaignId.toString()))];
    const creators = events.flatMap((event) =>
      event.eventName === "CampaignCreated" ? [event.args.creator.toLowerCase()] : [],
    );
    for (const id of await repository.airdropsOfCampaigns(db, chainId, distributor, campaignIds, creators)) {
      const outcome = await applyTransaction(
        dependencies,
        id,
        { chainId, txHash, blockNumber, blockHash, events },
        { strict: false, blockTimestamp: () => blockTimestampOf(client, blockNumber) },
      );
      applied += outcome.applied;
    }
  }
  await chainRepository.saveIndexerCursor(
    db,
    chainId,
    distributor,
    { nextBlock: toBlock + 1n, lastBlockHash },
    dependencies.now(),
  );
  return { fromBlock, toBlock, applied, rolledBack };
}
