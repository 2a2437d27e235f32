// Draws (see docs/fairness.md): commit the frozen eligible list, then read the chain head and fix a block
// that does not exist yet (head + margin), then, once that block is final, score and rank every entry with its
// hash. Also the draw file anyone can verify, which carries the commitment stored when the draw was committed.
import {
  buildDrawFile,
  canonicalEntries,
  entryListCommitment,
  packedScore,
  rankEntryHashes,
} from "@dropfair/core/fairness";
import { pickerStatus } from "@dropfair/core/picker";
import {
  drawAllowed,
  drawQuotaDayStart,
  pickerPlanLimits,
  publishedWinnerIds,
} from "@dropfair/core/picker-rules";
import type { Db, DbWriter } from "@dropfair/db";
import type { PickerDraw } from "@dropfair/schemas/picker";
import type { PublicClient } from "viem";
import { type Actor, requireOperator } from "./access.ts";
import { activeMembership } from "./account-repository.ts";
import { loadPicker, type PickerDependencies } from "./context.ts";
import { pickerErrors } from "./errors.ts";
import {
  clearRanks,
  countDrawsSince,
  currentDraw,
  eligibleEntries,
  findDraw,
  findPickerBySeed,
  hasWaitingDraw,
  insertDraw,
  loadPickerForUpdate,
  markDrawFailed,
  markDrawn,
  type PickerRow,
  type RankedEntry,
  rankedEntries,
  showDrawWaiting,
  updatePickerAfterDraw,
  writeRanks,
} from "./repository.ts";
import { drawView } from "./views.ts";

export type Commitment = { commitment: `0x${string}`; entryCount: number };

/** The commitment to the eligible list as it stands: its canonical order hashed, and its size. */
export async function commitEligibleList(db: DbWriter, pickerId: number): Promise<Commitment> {
  const rows = await eligibleEntries(db, pickerId);
  const ids = canonicalEntries(rows.map((row) => row.xUserId));
  return { commitment: entryListCommitment(ids), entryCount: ids.length };
}

/** Draws and redraws of the owner account today, counted against the free plan's daily quota. */
export async function drawsToday(dependencies: Pick<PickerDependencies, "db" | "now">, ownerXUserId: string) {
  return countDrawsSince(dependencies.db, ownerXUserId, drawQuotaDayStart(dependencies.now()));
}

export function pickerDraws(dependencies: PickerDependencies) {
  const { db, config } = dependencies;

  /** The draw chain's current head, read after the commitment is fixed. */
  async function drawChainHead(): Promise<bigint> {
    const client = dependencies.chainClient(config.drawChainId);
    if (!client) throw pickerErrors.drawChainUnavailable();
    try {
      return await client.getBlockNumber({ cacheTime: 0 });
    } catch (error) {
      throw pickerErrors.drawChainUnavailable(error);
    }
  }

  /**
   * Freeze the eligible list and fix its commitment, then read the chain head and take the block `margin`
   * above it as the target, and queue the draw. The head is read after the list is frozen, within the same
   * transaction, so a block mined meanwhile cannot be the target; the margin (at least 2) covers a block mined
   * between that read and the commit of the row, and an RPC node a block behind. The commitment's time and
   * the head are recorded on the draw and published (history and draw file).
   */
  async function commitDraw(
    picker: PickerRow,
    actor: Actor,
    kind: "draw" | "redraw",
    reason: string | null,
  ): Promise<PickerDraw> {
    const member = await activeMembership(db, picker.ownerXUserId, dependencies.now());
    const { drawsPerDay } = pickerPlanLimits(member !== undefined);
    if (drawsPerDay !== null && (await drawsToday(dependencies, picker.ownerXUserId)) >= drawsPerDay) {
      throw pickerErrors.quotaReached();
    }
    const margin = BigInt(Math.max(2, config.drawTargetMarginBlocks));
    const draw = await db.transaction(async (tx) => {
      const locked = await loadPickerForUpdate(tx, picker.id);
      if (!locked) throw pickerErrors.pickerNotFound();
      if (!drawAllowed(kind, locked.status)) throw pickerErrors.wrongState();
      if (kind === "redraw" && (await hasWaitingDraw(tx, picker.id))) throw pickerErrors.committed();
      const { commitment, entryCount } = await commitEligibleList(tx, picker.id);
      if (entryCount === 0) throw pickerErrors.noValidWinner();
      const committedAt = dependencies.now();
      // Only now, with the list frozen and its commitment fixed, is the head read.
      const head = await drawChainHead();
      await clearRanks(tx, picker.id, { onlyRanked: true });
      const row = await insertDraw(tx, {
        pickerId: picker.id,
        count: locked.drawCount + 1,
        kind,
        reason,
        commitment,
        entryCount,
        winnerCount: locked.winnerCount,
        chainId: config.drawChainId,
        // Above the head read after the commitment, by the margin: it does not exist yet when this row is written.
        targetBlock: head + margin,
        committedAt,
        headAtCommit: head,
        actorXUserId: actor.xUserId,
        ownerXUserId: locked.ownerXUserId,
        createdAt: committedAt,
      });
      await updatePickerAfterDraw(tx, picker.id, {
        status: pickerStatus.selecting,
        drawCount: locked.drawCount + 1,
        errorMessage: null,
      });
      return row;
    });
    await dependencies.jobs.draw(draw.id);
    return drawView(draw);
  }

  return {
    async draw(id: number, actor: Actor | null) {
      const picker = await loadPicker(db, id);
      const operator = await requireOperator(db, picker, actor);
      return commitDraw(picker, operator.actor, "draw", null);
    },

    async redraw(id: number, actor: Actor | null, reason: string) {
      const picker = await loadPicker(db, id);
      const operator = await requireOperator(db, picker, actor);
      return commitDraw(picker, operator.actor, "redraw", reason);
    },

    /** The draw file of the current draw (by picker id or seed), plus the winners the draw made. */
    async drawFile(reference: string) {
      const picker = /^\d{1,15}$/.test(reference)
        ? await loadPicker(db, Number(reference))
        : await findPickerBySeed(db, reference);
      if (!picker) throw pickerErrors.seedNotFound();
      const draw = await currentDraw(db, picker.id);
      if (draw?.status !== "drawn" || !draw.blockHash) throw pickerErrors.wrongState();
      // The committed list is what stood when the draw was made: every ranked entry of that draw. The
      // commitment is the one stored (and published) when the draw was committed, never one recomputed from
      // these entries: a verifier recomputes it and compares, which is what proves the list was not changed.
      const ranked = await rankedEntries(db, picker.id);
      const file = buildDrawFile({
        postId: picker.postId,
        blockNumber: draw.targetBlock,
        blockHash: draw.blockHash as `0x${string}`,
        winnerCount: draw.winnerCount,
        userIds: ranked.map((row) => row.xUserId),
        commitment: draw.commitment,
        committedAt: draw.committedAt,
        headAtCommit: draw.headAtCommit,
      });
      const publishedWinners = publishedWinnerIds(ranked, draw.winnerCount);
      return {
        ...file,
        committedAt: draw.committedAt.toISOString(),
        headAtCommit: file.headAtCommit ?? null,
        seed: picker.seed,
        chainId: draw.chainId,
        drawCount: draw.count,
        publishedWinners,
      };
    },
  };
}

export type DrawStepOutcome =
  | {
      state: "waiting";
      reason: "block-not-produced" | "confirmations" | "rpc-unavailable" | "reorg" | "sources-disagree";
    }
  | { state: "drawn" }
  | { state: "failed"; messageKey: string }
  | { state: "gone" };

export type DrawStepDependencies = {
  db: Db;
  chainClient: (chainId: number) => PublicClient | undefined;
  /**
   * A second block source per chain (`RPC_CHECK_URL_<chainId>`, another provider), optional: when there is one,
   * the draw reads the target block from both and waits while they disagree.
   */
  checkClient?: ((chainId: number) => PublicClient | undefined) | undefined;
  confirmations: number;
  /** How long a draw may wait for its block before it fails visibly. */
  timeoutMs: number;
  now: () => Date;
};

type WaitingReason = Extract<DrawStepOutcome, { state: "waiting" }>["reason"];

/** Shown on the picker while its draw waits for block sources that disagree, and when the draw fails for it. */
export const drawSourcesDisagreeKey = "picker.drawSourcesDisagree";
export const drawSourcesFailedKey = "picker.drawSourcesFailed";

async function failDraw(db: Db, draw: { id: number; pickerId: number }, messageKey: string) {
  await db.transaction((tx) => markDrawFailed(tx, draw, pickerStatus.readyToPick, messageKey));
}

/** The target block's hash once it exists, is final enough and agrees with its child; else why to wait. */
async function finalBlockHash(
  client: PublicClient,
  targetBlock: bigint,
  confirmations: number,
): Promise<{ blockHash: `0x${string}` } | { wait: WaitingReason }> {
  try {
    const head = await client.getBlockNumber({ cacheTime: 0 });
    if (head < targetBlock) return { wait: "block-not-produced" };
    if (head < targetBlock + BigInt(confirmations)) return { wait: "confirmations" };
    const [target, child] = await Promise.all([
      client.getBlock({ blockNumber: targetBlock }),
      client.getBlock({ blockNumber: targetBlock + 1n }),
    ]);
    if (!target.hash || child.parentHash !== target.hash) return { wait: "reorg" };
    return { blockHash: target.hash };
  } catch {
    return { wait: "rpc-unavailable" };
  }
}

/**
 * The target block's hash as every source has it: each must have it final (see finalBlockHash), and all must
 * name the same hash; otherwise why to wait. With one source, that source alone decides.
 */
async function agreedBlockHash(
  sources: readonly PublicClient[],
  targetBlock: bigint,
  confirmations: number,
): Promise<{ blockHash: `0x${string}` } | { wait: WaitingReason }> {
  const reads = await Promise.all(
    sources.map((client) => finalBlockHash(client, targetBlock, confirmations)),
  );
  const waiting = reads.find((read) => "wait" in read);
  if (waiting) return waiting;
  const hashes = new Set(reads.map((read) => ("blockHash" in read ? read.blockHash.toLowerCase() : "")));
  if (hashes.size > 1) return { wait: "sources-disagree" };
  return reads[0]!;
}

/** Whether every source still has `blockHash` at the target's height: asked again just before publishing. */
async function stillTheBlock(
  sources: readonly PublicClient[],
  targetBlock: bigint,
  blockHash: `0x${string}`,
): Promise<boolean> {
  try {
    const blocks = await Promise.all(sources.map((client) => client.getBlock({ blockNumber: targetBlock })));
    return blocks.every((block) => block.hash?.toLowerCase() === blockHash.toLowerCase());
  } catch {
    return false;
  }
}

/** Thrown inside the publishing transaction to roll it back: the block changed after its hash was read. */
class BlockChangedError extends Error {}

/**
 * One attempt at finishing a waiting draw. Never draws early: the target block must exist, carry the
 * configured confirmations, agree with its child's parent hash (no reorg in flight), and be the same block at
 * every block source. An RPC failure waits; sources that disagree wait too, and say so on the picker. Just
 * before the winners are published, every source is asked for the block again: if it changed (a
 * reorganisation after the hash was read), nothing is published and the draw waits for the new block. Past
 * the timeout the draw fails visibly and the picker returns to "ready to pick".
 */
export async function runDrawStep(
  dependencies: DrawStepDependencies,
  drawId: number,
): Promise<DrawStepOutcome> {
  const draw = await findDraw(dependencies.db, drawId);
  if (draw?.status !== "waiting") return { state: "gone" };
  const expired = dependencies.now().getTime() - draw.createdAt.getTime() > dependencies.timeoutMs;
  const waitOrFail = async (reason: WaitingReason): Promise<DrawStepOutcome> => {
    const disagree = reason === "sources-disagree";
    if (!expired) {
      const { db } = dependencies;
      await showDrawWaiting(db, draw.pickerId, pickerStatus.selecting, drawSourcesDisagreeKey, disagree);
      return { state: "waiting", reason };
    }
    const messageKey = disagree ? drawSourcesFailedKey : "picker.drawFailed";
    await failDraw(dependencies.db, draw, messageKey);
    return { state: "failed", messageKey };
  };

  const client = dependencies.chainClient(draw.chainId);
  if (!client) return waitOrFail("rpc-unavailable");
  const check = dependencies.checkClient?.(draw.chainId);
  const sources = check ? [client, check] : [client];
  const block = await agreedBlockHash(sources, draw.targetBlock, dependencies.confirmations);
  if ("wait" in block) return waitOrFail(block.wait);
  const { blockHash } = block;

  let outcome: { state: "drawn" | "gone" | "mismatch" };
  try {
    outcome = await dependencies.db.transaction(async (tx) => {
      const picker = await loadPickerForUpdate(tx, draw.pickerId);
      if (!picker) return { state: "gone" } as const;
      const rows = await eligibleEntries(tx, picker.id);
      const userIds = rows.map((row) => row.xUserId);
      if (entryListCommitment(userIds) !== draw.commitment) return { state: "mismatch" } as const;
      const hashes = new Uint8Array(32 * rows.length);
      rows.forEach((row, index) => {
        hashes.set(Buffer.from(row.entryHash.slice(2), "hex"), 32 * index);
      });
      const { order, scores } = rankEntryHashes({ blockHash, userIds, entryHashes: hashes });
      await clearRanks(tx, picker.id, { onlyRanked: false });
      const ranked: RankedEntry[] = Array.from(order, (index, position) => ({
        xUserId: userIds[index]!,
        rank: position + 1,
        score: packedScore(scores, index).toString(),
        role: position < draw.winnerCount ? "winner" : "substitute",
      }));
      await writeRanks(tx, picker.id, ranked);
      // The last word before the winners become visible: is the block the one the ranking used?
      if (!(await stillTheBlock(sources, draw.targetBlock, blockHash))) throw new BlockChangedError();
      await markDrawn(tx, draw, blockHash, dependencies.now(), pickerStatus.selecting);
      return { state: "drawn" } as const;
    });
  } catch (error) {
    if (error instanceof BlockChangedError) return waitOrFail("reorg");
    throw error;
  }
  if (outcome.state === "mismatch") {
    await failDraw(dependencies.db, draw, "picker.commitmentMismatch");
    return { state: "failed", messageKey: "picker.commitmentMismatch" };
  }
  return { state: outcome.state };
}
