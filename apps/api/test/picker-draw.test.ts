// The draw (docs/fairness.md) against its block source (T20, T22): never early, never silent.
import { canonicalEntries, entryHash, entryListCommitment, rankEntries } from "@dropfair/core/fairness";
import { pickerStatus } from "@dropfair/core/picker";
import { eq, pickerDraws, pickerEntries, pickers } from "@dropfair/db";
import { createTestDatabase, type TestDatabase } from "@dropfair/db/testing";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { commitEligibleList, runDrawStep } from "../src/modules/picker/index.ts";
import { FakeChain } from "./fake-chain.ts";

const postId = "2002842258109890560";
const userIds = Array.from({ length: 40 }, (_, index) =>
  String(1_000_000_000_000_000n + BigInt(index) * 7919n),
);

let database: TestDatabase;
let chain: FakeChain;
let now: Date;

async function seedPicker(): Promise<number> {
  const [picker] = await database.db
    .insert(pickers)
    .values({
      seed: "drawtest22",
      ownerXUserId: "1187458739205046272",
      ownerUsername: "dropfair_host",
      creatorXUserId: "1187458739205046272",
      postId,
      postUrl: `https://x.com/dropfair_host/status/${postId}`,
      winnerCount: 3,
      requireRetweet: true,
      requireReply: false,
      infoType: "evm",
      status: pickerStatus.selecting,
      drawCount: 1,
    })
    .returning();
  await database.db.insert(pickerEntries).values(
    userIds.map((userId, index) => ({
      pickerId: picker!.id,
      xUserId: userId,
      username: `user${index}`,
      entryHash: entryHash(postId, userId),
      excludedReason: index % 10 === 9 ? "no-banner" : null,
    })),
  );
  return picker!.id;
}

async function commitDraw(pickerId: number, targetBlock: bigint) {
  const { commitment, entryCount } = await commitEligibleList(database.db, pickerId);
  const [draw] = await database.db
    .insert(pickerDraws)
    .values({
      pickerId,
      count: 1,
      kind: "draw",
      commitment,
      entryCount,
      winnerCount: 3,
      chainId: 1,
      targetBlock,
      actorXUserId: "1187458739205046272",
      ownerXUserId: "1187458739205046272",
      createdAt: now,
    })
    .returning();
  return draw!;
}

function deps(timeoutMs = 60_000) {
  return {
    db: database.db,
    chainClient: (chainId: number) => (chainId === 1 ? chain.client() : undefined),
    confirmations: 2,
    timeoutMs,
    now: () => now,
  };
}

beforeEach(async () => {
  database = await createTestDatabase();
  chain = new FakeChain();
  chain.mine(100n);
  now = new Date("2026-11-23T12:00:00Z");
});

afterEach(async () => {
  await database.destroy();
});

describe("the draw step (T22)", () => {
  it("waits while the target block does not exist, then for its confirmations", async () => {
    const pickerId = await seedPicker();
    const draw = await commitDraw(pickerId, 101n);
    expect(await runDrawStep(deps(), draw.id)).toEqual({ state: "waiting", reason: "block-not-produced" });
    chain.mine(102n);
    expect(await runDrawStep(deps(), draw.id)).toEqual({ state: "waiting", reason: "confirmations" });
    const [stillWaiting] = await database.db.select().from(pickerDraws).where(eq(pickerDraws.id, draw.id));
    expect(stillWaiting!.status).toBe("waiting");
    const ranked = await database.db.select().from(pickerEntries).where(eq(pickerEntries.rank, 1));
    expect(ranked).toHaveLength(0);
  });

  it("draws with the target block's hash once confirmed, exactly as the fairness module ranks", async () => {
    const pickerId = await seedPicker();
    const draw = await commitDraw(pickerId, 101n);
    chain.mine(103n);
    expect(await runDrawStep(deps(), draw.id)).toEqual({ state: "drawn" });

    const [done] = await database.db.select().from(pickerDraws).where(eq(pickerDraws.id, draw.id));
    expect(done!.status).toBe("drawn");
    expect(done!.blockHash).toBe(chain.hashOf(101n));

    const eligible = userIds.filter((_, index) => index % 10 !== 9);
    const expected = rankEntries({
      postId,
      blockHash: chain.hashOf(101n),
      entries: eligible.map((userId) => ({ userId })),
    });
    const rows = await database.db.select().from(pickerEntries).where(eq(pickerEntries.pickerId, pickerId));
    const byId = new Map(rows.map((row) => [row.xUserId, row]));
    for (const entry of expected) {
      const row = byId.get(entry.userId)!;
      expect(row.rank).toBe(entry.rank);
      expect(row.score).toBe(entry.score.toString());
      expect(row.role).toBe(entry.rank <= 3 ? "winner" : "substitute");
    }
    for (const row of rows.filter((row) => row.excludedReason)) expect(row.rank).toBeNull();
    const [picker] = await database.db.select().from(pickers).where(eq(pickers.id, pickerId));
    expect(picker!.status).toBe(pickerStatus.selecting);
  });

  it("waits while the target block and its child disagree (a reorg in flight)", async () => {
    const pickerId = await seedPicker();
    const draw = await commitDraw(pickerId, 101n);
    chain.mine(103n);
    chain.blocks.set(102n, { hash: chain.hashOf(102n, 1), parentHash: chain.hashOf(101n, 1) });
    expect(await runDrawStep(deps(), draw.id)).toEqual({ state: "waiting", reason: "reorg" });
    chain.blocks.set(101n, { hash: chain.hashOf(101n, 1), parentHash: chain.hashOf(100n) });
    expect(await runDrawStep(deps(), draw.id)).toEqual({ state: "drawn" });
    const [done] = await database.db.select().from(pickerDraws).where(eq(pickerDraws.id, draw.id));
    expect(done!.blockHash).toBe(chain.hashOf(101n, 1));
  });

  it("waits while the RPC is down and fails visibly after the timeout, never drawing", async () => {
    const pickerId = await seedPicker();
    const draw = await commitDraw(pickerId, 101n);
    chain.mine(110n);
    chain.down = true;
    expect(await runDrawStep(deps(), draw.id)).toEqual({ state: "waiting", reason: "rpc-unavailable" });
    now = new Date(now.getTime() + 61_000);
    expect(await runDrawStep(deps(), draw.id)).toEqual({ state: "failed", messageKey: "picker.drawFailed" });
    const [failed] = await database.db.select().from(pickerDraws).where(eq(pickerDraws.id, draw.id));
    expect(failed!.status).toBe("failed");
    expect(failed!.blockHash).toBeNull();
    const [picker] = await database.db.select().from(pickers).where(eq(pickers.id, pickerId));
    expect(picker!.status).toBe(pickerStatus.readyToPick);
    expect(picker!.errorMessage).toBe("picker.drawFailed");
    chain.down = false;
    expect(await runDrawStep(deps(), draw.id)).toEqual({ state: "gone" });
  });

  it("waits when no client is configured for the draw chain", async () => {
    const pickerId = await seedPicker();
    const draw = await commitDraw(pickerId, 101n);
    const outcome = await runDrawStep({ ...deps(), chainClient: () => undefined }, draw.id);
    expect(outcome).toEqual({ state: "waiting", reason: "rpc-unavailable" });
  });
});

describe("commit before randomness (T20)", () => {
  it("commits to the canonical eligible list", async () => {
    const pickerId = await seedPicker();
    const { commitment, entryCount } = await commitEligibleList(database.db, pickerId);
    const eligible = userIds.filter((_, index) => index % 10 !== 9);
    expect(entryCount).toBe(eligible.length);
    expect(commitment).toBe(entryListCommitment(canonicalEntries(eligible)));
  });

  it("refuses to draw when the entry list changed after the commitment", async () => {
    const pickerId = await seedPicker();
    const draw = await commitDraw(pickerId, 101n);
    // Tampering behind the API's back: an excluded entrant becomes eligible.
    await database.db
      .update(pickerEntries)
      .set({ excludedReason: null })
      .where(eq(pickerEntries.xUserId, userIds[9]!));
    chain.mine(103n);
    expect(await runDrawStep(deps(), draw.id)).toEqual({
      state: "failed",
      messageKey: "picker.commitmentMismatch",
    });
    const ranked = await database.db.select().from(pickerEntries).where(eq(pickerEntries.pickerId, pickerId));
    expect(ranked.every((row) => row.rank === null)).toBe(true);
  });
});
