// The SQL of the airdrop books' chain side: each distributor event recorded once with its block's hash and how
// to undo it, the indexer's cursors, and what a reorganisation takes back.
import {
  type AirdropEventUndo,
  airdropChainEvents,
  airdropIndexerCursors,
  airdropParticipants,
  and,
  type DbWriter,
  desc,
  eq,
  gte,
  inArray,
  isNotNull,
  lt,
  sql,
  type Tx,
} from "@dropfair/db";
import type { Address, Hex } from "viem";

export type RecordedEvent = {
  chainId: number;
  txHash: Hex;
  logIndex: number;
  airdropId: number;
  eventName: string;
  blockNumber: bigint;
  blockHash: Hex;
  undo: AirdropEventUndo | null;
};

/** Records one event of a transaction; false when it was recorded before (each event counts once). */
export async function recordChainEvent(tx: Tx, event: RecordedEvent): Promise<boolean> {
  const inserted = await tx
    .insert(airdropChainEvents)
    .values(event)
    .onConflictDoNothing()
    .returning({ logIndex: airdropChainEvents.logIndex });
  return inserted.length > 0;
}

/** The log indexes of a transaction's events already recorded for this airdrop. */
export async function recordedLogIndexes(
  tx: Tx,
  airdropId: number,
  chainId: number,
  txHash: Hex,
): Promise<Set<number>> {
  const rows = await tx
    .select({ logIndex: airdropChainEvents.logIndex })
    .from(airdropChainEvents)
    .where(
      and(
        eq(airdropChainEvents.chainId, chainId),
        eq(airdropChainEvents.txHash, txHash),
        eq(airdropChainEvents.airdropId, airdropId),
      ),
    );
  return new Set(rows.map((row) => row.logIndex));
}

export type IndexerCursor = { nextBlock: bigint; lastBlockHash: Hex | null };

/** The next block the indexer reads for this distributor, and the hash block `nextBlock - 1` had then. */
export async function indexerCursor(
  db: DbWriter,
  chainId: number,
  distributor: Address,
): Promise<IndexerCursor | undefined> {
  const [cursor] = await db
    .select()
    .from(airdropIndexerCursors)
    .where(
      and(
        eq(airdropIndexerCursors.chainId, chainId),
        eq(airdropIndexerCursors.distributorAddress, distributor),
      ),
    );
  return cursor
    ? { nextBlock: cursor.nextBlock, lastBlockHash: cursor.lastBlockHash as Hex | null }
    : undefined;
}

/** The first block of an event we recorded on this chain (a reported transaction), if any. */
export async function firstRecordedEventBlock(db: DbWriter, chainId: number): Promise<bigint | undefined> {
  const [first] = await db
    .select({ block: sql<string | null>`min(${airdropChainEvents.blockNumber})::text` })
    .from(airdropChainEvents)
    .where(eq(airdropChainEvents.chainId, chainId));
  return first?.block ? BigInt(first.block) : undefined;
}

export async function saveIndexerCursor(
  db: DbWriter,
  chainId: number,
  distributor: Address,
  cursor: IndexerCursor,
  at: Date,
): Promise<void> {
  const values = { nextBlock: cursor.nextBlock, lastBlockHash: cursor.lastBlockHash };
  await db
    .insert(airdropIndexerCursors)
    .values({ chainId, distributorAddress: distributor, ...values })
    .onConflictDoUpdate({
      target: [airdropIndexerCursors.chainId, airdropIndexerCursors.distributorAddress],
      set: { ...values, updatedAt: at },
    });
}

export type RecordedBlock = { blockNumber: bigint; blockHash: Hex };

/**
 * The blocks we applied events from on this chain, newest first, from `fromBlock` on (and below `before`): each
 * block number with the hashes we saw it with (more than one when a reorganisation moved events we had not yet taken back).
 */
export async function recordedBlocks(
  db: DbWriter,
  chainId: number,
  options: { fromBlock: bigint; before?: bigint | undefined; limit: number },
): Promise<RecordedBlock[]> {
  const rows = await db
    .selectDistinct({ blockNumber: airdropChainEvents.blockNumber, blockHash: airdropChainEvents.blockHash })
    .from(airdropChainEvents)
    .where(
      and(
        eq(airdropChainEvents.chainId, chainId),
        gte(airdropChainEvents.blockNumber, options.fromBlock),
        options.before === undefined ? undefined : lt(airdropChainEvents.blockNumber, options.before),
        isNotNull(airdropChainEvents.blockHash),
      ),
    )
    .orderBy(desc(airdropChainEvents.blockNumber))
    .limit(options.limit);
  return rows.map((row) => ({ blockNumber: row.blockNumber, blockHash: row.blockHash as Hex }));
}

export type OrphanedEvent = RecordedEvent & { undo: AirdropEventUndo | null };

/** The events recorded from these orphaned blocks (number and hash), newest first: the order to undo them. */
export async function eventsOfBlocks(
  tx: Tx,
  chainId: number,
  blocks: readonly RecordedBlock[],
): Promise<OrphanedEvent[]> {
  if (blocks.length === 0) return [];
  const rows = await tx
    .select()
    .from(airdropChainEvents)
    .where(
      and(
        eq(airdropChainEvents.chainId, chainId),
        inArray(
          airdropChainEvents.blockHash,
          blocks.map((block) => block.blockHash),
        ),
      ),
    )
    .orderBy(desc(airdropChainEvents.blockNumber), desc(airdropChainEvents.logIndex))
    .for("update");
  return rows.map((row) => ({
    chainId: row.chainId,
    txHash: row.txHash as Hex,
    logIndex: row.logIndex,
    airdropId: row.airdropId,
    eventName: row.eventName,
    blockNumber: row.blockNumber,
    blockHash: row.blockHash as Hex,
    undo: row.undo,
  }));
}

/** Forgets an event taken back from the books, so the indexer applies it again if the new chain holds it. */
export async function deleteChainEvent(
  tx: Tx,
  event: Pick<RecordedEvent, "chainId" | "txHash" | "logIndex">,
): Promise<void> {
  await tx
    .delete(airdropChainEvents)
    .where(
      and(
        eq(airdropChainEvents.chainId, event.chainId),
        eq(airdropChainEvents.txHash, event.txHash),
        eq(airdropChainEvents.logIndex, event.logIndex),
      ),
    );
}

/** Reopens a participant's claim that this transaction had marked. */
export async function reopenClaim(tx: Tx, airdropId: number, position: number, txHash: Hex): Promise<void> {
  await tx
    .update(airdropParticipants)
    .set({ claimedAt: null, claimedBy: null, claimTxHash: null })
    .where(
      and(
        eq(airdropParticipants.airdropId, airdropId),
        eq(airdropParticipants.position, position),
        eq(airdropParticipants.claimTxHash, txHash),
      ),
    );
}
