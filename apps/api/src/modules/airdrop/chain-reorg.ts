// Reorganisations: the books hold the hash of every block they applied an event from, and the indexer the hash
// of the last block it read. When the chain has another block (or none) at such a height, the blocks we applied
// from were orphaned: their events are taken back out of the books, newest first, and the indexer reads the
// chain again from below them, so the events of the chain that replaced them are applied, once.
import type { AirdropEventUndo } from "@dropfair/db";
import type { Hex, PublicClient } from "viem";
import * as chainRepository from "./chain-repository.ts";
import type { AirdropDependencies } from "./dependencies.ts";
import { airdropErrors } from "./errors.ts";
import * as repository from "./repository.ts";

/** Blocks older than this below the indexer's cursor are taken as final: no reorganisation goes that deep. */
export const maxReorgDepth = 10_000n;
/** How many blocks with events the check looks at in one go. */
const checkBatch = 100;

/** The chain's hash at this height now, or null when the chain is not that long (any more). */
export async function canonicalHash(client: PublicClient, blockNumber: bigint): Promise<Hex | null> {
  try {
    return (await client.getBlock({ blockNumber })).hash;
  } catch (error) {
    if ((error as { name?: string }).name === "BlockNotFoundError") return null;
    throw airdropErrors.chainUnavailable(error);
  }
}

/** The same block as far as hashes go (hex is compared without regard to case). */
export function sameHash(left: string | null, right: string | null): boolean {
  return left !== null && right !== null && left.toLowerCase() === right.toLowerCase();
}

/** Takes one event back out of its airdrop's books. */
async function undoEvent(
  dependencies: Pick<AirdropDependencies, "now">,
  tx: Parameters<typeof chainRepository.deleteChainEvent>[0],
  event: chainRepository.OrphanedEvent,
): Promise<void> {
  const row = await repository.loadAirdropBooksForUpdate(tx, event.airdropId);
  if (row && event.undo) await applyUndo(dependencies, tx, row, event, event.undo);
  await chainRepository.deleteChainEvent(tx, event);
}

async function applyUndo(
  dependencies: Pick<AirdropDependencies, "now">,
  tx: Parameters<typeof chainRepository.deleteChainEvent>[0],
  row: repository.AirdropRow,
  event: chainRepository.OrphanedEvent,
  undo: AirdropEventUndo,
): Promise<void> {
  const updatedAt = dependencies.now();
  const minus = (value: string, amount: string) => {
    const left = BigInt(value) - BigInt(amount);
    return (left < 0n ? 0n : left).toString();
  };
  switch (undo.kind) {
    case "campaign":
      if (row.campaignId === undo.campaignId) {
        await repository.updateAirdrop(tx, row.id, { campaignId: null, campaignTxHash: null, updatedAt });
      }
      return;
    case "deposit":
      await repository.updateAirdrop(tx, row.id, { deposited: minus(row.deposited, undo.amount), updatedAt });
      return;
    case "claim":
      await chainRepository.reopenClaim(tx, row.id, undo.position, event.txHash);
      await repository.updateAirdrop(tx, row.id, {
        claimCount: Math.max(0, row.claimCount - 1),
        claimedAmount: minus(row.claimedAmount, undo.amount),
        updatedAt,
      });
      return;
    case "refund": {
      const { before } = undo;
      await repository.updateAirdrop(tx, row.id, {
        campaignId: before.campaignId,
        campaignTxHash: before.campaignTxHash,
        deposited: before.deposited,
        releasedAt: before.releasedAt === null ? null : new Date(before.releasedAt),
        refundedAmount: before.refundedAmount,
        refundedAt: before.refundedAt === null ? null : new Date(before.refundedAt),
        updatedAt,
      });
      return;
    }
  }
}

/**
 * The blocks we applied events from, at or above `floor`, that the chain no longer has, newest first, and the
 * newest height at which it still has the block we applied from (below every orphaned one), if there is one.
 */
async function orphanedBlocks(
  dependencies: Pick<AirdropDependencies, "db">,
  client: PublicClient,
  chainId: number,
  floor: bigint,
): Promise<{ orphaned: chainRepository.RecordedBlock[]; newestKept: bigint | undefined }> {
  const orphaned: chainRepository.RecordedBlock[] = [];
  let before: bigint | undefined;
  for (;;) {
    const batch = await chainRepository.recordedBlocks(dependencies.db, chainId, {
      fromBlock: floor,
      before,
      limit: checkBatch,
    });
    const heights = [...new Set(batch.map((block) => block.blockNumber))];
    // A page may end in the middle of a height's hashes: that height is read again with the next page.
    const complete = batch.length < checkBatch ? heights : heights.slice(0, -1);
    if (complete.length === 0) return { orphaned, newestKept: undefined };
    for (const height of complete) {
      const hash = await canonicalHash(client, height);
      const seen = batch.filter((block) => block.blockNumber === height);
      orphaned.push(...seen.filter((block) => !sameHash(hash, block.blockHash)));
      // A block the chain still has means every block below it is still there too (each names its parent).
      if (seen.some((block) => sameHash(hash, block.blockHash))) return { orphaned, newestKept: height };
    }
    if (batch.length < checkBatch) return { orphaned, newestKept: undefined };
    before = complete.at(-1)!;
  }
}

export type ReorgCheck = {
  /** Events taken back out of the books. */
  rolledBack: number;
  /** Where the indexer reads from now, when it had read orphaned blocks. */
  cursor?: chainRepository.IndexerCursor;
};

/**
 * Looks for a reorganisation under what the books hold on one chain: the indexer's last block, and the blocks of
 * events reported ahead of it. When one of them left the chain, every event applied from an orphaned block is
 * undone (in one transaction, newest first) and, if the indexer had read orphaned blocks, its cursor moves back
 * to just above the newest block with events that is still on the chain.
 */
export async function rollBackOrphanedBlocks(
  dependencies: Pick<AirdropDependencies, "db" | "now">,
  client: PublicClient,
  chainId: number,
  cursor: chainRepository.IndexerCursor | undefined,
): Promise<ReorgCheck> {
  const { db } = dependencies;
  const lastRead = cursor?.lastBlockHash ? cursor.nextBlock - 1n : undefined;
  const cursorOrphaned =
    lastRead !== undefined && !sameHash(await canonicalHash(client, lastRead), cursor!.lastBlockHash);
  const ahead = await chainRepository.recordedBlocks(db, chainId, {
    fromBlock: cursor?.nextBlock ?? 0n,
    limit: checkBatch,
  });
  let aheadOrphaned = false;
  for (const block of ahead) {
    if (!sameHash(await canonicalHash(client, block.blockNumber), block.blockHash)) {
      aheadOrphaned = true;
      break;
    }
  }
  if (!cursorOrphaned && !aheadOrphaned) return { rolledBack: 0 };

  const floor = cursor && cursor.nextBlock > maxReorgDepth ? cursor.nextBlock - maxReorgDepth : 0n;
  const { orphaned, newestKept } = await orphanedBlocks(
    dependencies,
    client,
    chainId,
    cursorOrphaned ? floor : cursor!.nextBlock,
  );
  const rolledBack = await db.transaction(async (tx) => {
    const events = await chainRepository.eventsOfBlocks(tx, chainId, orphaned);
    for (const event of events) await undoEvent(dependencies, tx, event);
    return events.length;
  });
  if (!cursorOrphaned) return { rolledBack };
  const nextBlock = newestKept === undefined ? floor : newestKept + 1n;
  const lastBlockHash = nextBlock > 0n ? await canonicalHash(client, nextBlock - 1n) : null;
  return { rolledBack, cursor: { nextBlock, lastBlockHash } };
}
