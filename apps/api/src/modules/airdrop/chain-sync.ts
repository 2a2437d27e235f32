// The airdrop's books follow the chain: the campaign a creator opened, deposits, claims and the refund, read from
// the distributor's events. The web app reports its own transactions at once (reportTransaction); the indexer
// (indexChain, run by the `airdrop.index-events` job) reads every event, so claims made elsewhere count too.
// The chain is the authority: anyone may report a transaction, and each event counts once.
import { campaignMismatch, campaignParamsOf } from "@dropfair/core/airdrop";
import type { Tx } from "@dropfair/db";
import type { AirdropDetail } from "@dropfair/schemas/airdrop";
import type { Hex, PublicClient } from "viem";
import { errors } from "../../platform/errors.ts";
import { chainClientFor, type Viewer, visibleAirdrop } from "./access.ts";
import { campaignEventAbi, type DistributorEvent, distributorEvents, readReceipt } from "./chain.ts";
import { currentDetail } from "./chain-clock.ts";
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
  events: readonly DistributorEvent[];
};

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
      });
      applied++;
      if (!first) continue;
      current = await applyEvent(dependencies, tx, current, event, transaction.txHash, blockTimestamp);
    }
    return { applied };
  });
}

/**
 * Applies the distributor events of a mined transaction to the airdrop's books: the campaign it opened,
 * deposits, claims and the refund. A transaction with none of this airdrop's events is refused.
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
  const events = distributorEvents(receipt, before.distributorAddress);
  const outcome = await applyTransaction(
    dependencies,
    id,
    { chainId: before.chainId, txHash, blockNumber: receipt.blockNumber, events },
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
 * Reads the distributor's logs on one chain from where the last pass stopped (at most `maxBlocks` per pass) and
 * applies them like reported transactions, so claims made outside the web app still reach the books. A new
 * cursor starts at the first block we know an event of, or at the head.
 */
export async function indexChain(
  dependencies: AirdropDependencies,
  chainId: number,
  maxBlocks = 2_000n,
): Promise<{ fromBlock: bigint; toBlock: bigint; applied: number } | null> {
  const { db } = dependencies;
  const distributor = dependencies.distributors[chainId];
  const client = dependencies.chainClient(chainId);
  if (!distributor || !client) return null;
  const head = await client.getBlockNumber();
  const fromBlock =
    (await chainRepository.indexerCursor(db, chainId, distributor)) ??
    (await chainRepository.firstRecordedEventBlock(db, chainId)) ??
    head;
  if (fromBlock > head) return { fromBlock, toBlock: head, applied: 0 };
  const toBlock = fromBlock + maxBlocks - 1n < head ? fromBlock + maxBlocks - 1n : head;
  const logs = await client.getLogs({
    address: distributor,
    events: campaignEventAbi,
    fromBlock,
    toBlock,
    strict: true,
  });
  let applied = 0;
  for (const [txHash, events] of byTransaction(logs)) {
    const blockNumber = (events[0] as unknown as { blockNumber: bigint }).blockNumber;
    const campaignIds = [...new Set(events.map((event) => event.args.campaignId.toString()))];
    const creators = events.flatMap((event) =>
      event.eventName === "CampaignCreated" ? [event.args.creator.toLowerCase()] : [],
    );
    for (const id of await repository.airdropsOfCampaigns(db, chainId, distributor, campaignIds, creators)) {
      const outcome = await applyTransaction(
        dependencies,
        id,
        { chainId, txHash, blockNumber, events },
        { strict: false, blockTimestamp: () => blockTimestampOf(client, blockNumber) },
      );
      applied += outcome.applied;
    }
  }
  await chainRepository.saveIndexerCursor(db, chainId, distributor, toBlock + 1n, dependencies.now());
  return { fromBlock, toBlock, applied };
}
