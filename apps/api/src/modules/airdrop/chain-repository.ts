// The SQL of the airdrop books' chain side: each distributor event recorded once, and the indexer's cursors.
import {
  airdropChainEvents,
  airdropIndexerCursors,
  and,
  type DbWriter,
  eq,
  sql,
  type Tx,
} from "@dropfair/db";
import type { Address, Hex } from "viem";

/** Records one event of a transaction; false when it was recorded before (each event counts once). */
export async function recordChainEvent(
  tx: Tx,
  event: {
    chainId: number;
    txHash: Hex;
    logIndex: number;
    airdropId: number;
    eventName: string;
    blockNumber: bigint;
  },
): Promise<boolean> {
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

/** The next block the indexer reads for this distributor, when it has read any. */
export async function indexerCursor(
  db: DbWriter,
  chainId: number,
  distributor: Address,
): Promise<bigint | undefined> {
  const [cursor] = await db
    .select()
    .from(airdropIndexerCursors)
    .where(
      and(
        eq(airdropIndexerCursors.chainId, chainId),
        eq(airdropIndexerCursors.distributorAddress, distributor),
      ),
    );
  return cursor?.nextBlock;
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
  nextBlock: bigint,
  at: Date,
): Promise<void> {
  await db
    .insert(airdropIndexerCursors)
    .values({ chainId, distributorAddress: distributor, nextBlock })
    .onConflictDoUpdate({
      target: [airdropIndexerCursors.chainId, airdropIndexerCursors.distributorAddress],
      set: { nextBlock, updatedAt: at },
    });
}
