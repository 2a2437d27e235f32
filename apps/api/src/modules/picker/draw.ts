// The draw of DESIGN.md §6: commit the frozen eligible list, fix a future block, then score and rank.
import { canonicalEntries, entryListCommitment, packedScore, rankEntryHashes } from "@dropfair/core/fairness";
import { pickerStatus } from "@dropfair/core/picker";
import {
  and,
  type Db,
  type DbWriter,
  eq,
  isNull,
  pickerDraws,
  pickerEntries,
  pickers,
  sql,
} from "@dropfair/db";
import type { PublicClient } from "viem";

/** The eligible list: collected, not excluded by the filters, not rejected, not banned. */
export async function eligibleEntries(db: DbWriter, pickerId: number) {
  return db
    .select({ xUserId: pickerEntries.xUserId, entryHash: pickerEntries.entryHash })
    .from(pickerEntries)
    .where(
      and(
        eq(pickerEntries.pickerId, pickerId),
        isNull(pickerEntries.excludedReason),
        isNull(pickerEntries.rejectReason),
        isNull(pickerEntries.blackReason),
      ),
    );
}

export type Commitment = { commitment: `0x${string}`; entryCount: number };

export async function commitEligibleList(db: DbWriter, pickerId: number): Promise<Commitment> {
  const rows = await eligibleEntries(db, pickerId);
  const ids = canonicalEntries(rows.map((row) => row.xUserId));
  return { commitment: entryListCommitment(ids), entryCount: ids.length };
}

export type DrawStepOutcome =
  | { state: "waiting"; reason: "block-not-produced" | "confirmations" | "rpc-unavailable" | "reorg" }
  | { state: "drawn" }
  | { state: "failed"; messageKey: string }
  | { state: "gone" };

export type DrawStepDependencies = {
  db: Db;
  chainClient: (chainId: number) => PublicClient | undefined;
  confirmations: number;
  /** How long a draw may wait for its block before it fails visibly. */
  timeoutMs: number;
  now: () => Date;
};

async function failDraw(db: Db, drawId: number, pickerId: number, messageKey: string) {
  await db.transaction(async (tx) => {
    await tx.update(pickerDraws).set({ status: "failed" }).where(eq(pickerDraws.id, drawId));
    await tx
      .update(pickers)
      .set({ status: pickerStatus.readyToPick, errorMessage: messageKey, updatedAt: sql`now()` })
      .where(eq(pickers.id, pickerId));
  });
}

/**
 * One attempt at finishing a waiting draw. Never draws early: the target block must exist, carry the
 * configured confirmations, and agree with its child's parent hash (no reorg in flight). An RPC failure
 * waits; past the timeout the draw fails visibly and the picker returns to "ready to pick".
 */
export async function runDrawStep(deps: DrawStepDependencies, drawId: number): Promise<DrawStepOutcome> {
  const [draw] = await deps.db.select().from(pickerDraws).where(eq(pickerDraws.id, drawId));
  if (draw?.status !== "waiting") return { state: "gone" };
  const expired = deps.now().getTime() - draw.createdAt.getTime() > deps.timeoutMs;
  const waitOrFail = async (
    reason: Extract<DrawStepOutcome, { state: "waiting" }>["reason"],
  ): Promise<DrawStepOutcome> => {
    if (!expired) return { state: "waiting", reason };
    await failDraw(deps.db, draw.id, draw.pickerId, "picker.drawFailed");
    return { state: "failed", messageKey: "picker.drawFailed" };
  };

  const client = deps.chainClient(draw.chainId);
  if (!client) return waitOrFail("rpc-unavailable");
  let blockHash: `0x${string}`;
  try {
    const head = await client.getBlockNumber({ cacheTime: 0 });
    if (head < draw.targetBlock) return waitOrFail("block-not-produced");
    if (head < draw.targetBlock + BigInt(deps.confirmations)) return waitOrFail("confirmations");
    const [target, child] = await Promise.all([
      client.getBlock({ blockNumber: draw.targetBlock }),
      client.getBlock({ blockNumber: draw.targetBlock + 1n }),
    ]);
    if (!target.hash || child.parentHash !== target.hash) return waitOrFail("reorg");
    blockHash = target.hash;
  } catch {
    return waitOrFail("rpc-unavailable");
  }

  const outcome = await deps.db.transaction(async (tx) => {
    const [picker] = await tx.select().from(pickers).where(eq(pickers.id, draw.pickerId)).for("update");
    if (!picker) return { state: "gone" } as const;
    const rows = await eligibleEntries(tx, picker.id);
    const userIds = rows.map((row) => row.xUserId);
    if (entryListCommitment(userIds) !== draw.commitment) return { state: "mismatch" } as const;
    const hashes = new Uint8Array(32 * rows.length);
    rows.forEach((row, index) => {
      hashes.set(Buffer.from(row.entryHash.slice(2), "hex"), 32 * index);
    });
    const { order, scores } = rankEntryHashes({ blockHash, userIds, entryHashes: hashes });
    await tx
      .update(pickerEntries)
      .set({ rank: null, score: null, role: null })
      .where(eq(pickerEntries.pickerId, picker.id));
    const batchSize = 2000;
    for (let start = 0; start < order.length; start += batchSize) {
      const values = [];
      for (let position = start; position < Math.min(order.length, start + batchSize); position++) {
        const index = order[position]!;
        const role = position < draw.winnerCount ? "winner" : "substitute";
        values.push(
          sql`(${userIds[index]!}, ${position + 1}::integer, ${packedScore(scores, index).toString()}::numeric, ${role})`,
        );
      }
      await tx.execute(sql`
        update picker_entries as e
        set rank = v.rank, score = v.score, role = v.role
        from (values ${sql.join(values, sql`, `)}) as v(x_user_id, rank, score, role)
        where e.picker_id = ${picker.id} and e.x_user_id = v.x_user_id`);
    }
    await tx
      .update(pickerDraws)
      .set({ status: "drawn", blockHash, drawnAt: deps.now() })
      .where(eq(pickerDraws.id, draw.id));
    await tx
      .update(pickers)
      .set({ status: pickerStatus.selecting, errorMessage: null, updatedAt: sql`now()` })
      .where(eq(pickers.id, picker.id));
    return { state: "drawn" } as const;
  });
  if (outcome.state === "mismatch") {
    await failDraw(deps.db, draw.id, draw.pickerId, "picker.commitmentMismatch");
    return { state: "failed", messageKey: "picker.commitmentMismatch" };
  }
  return outcome;
}
