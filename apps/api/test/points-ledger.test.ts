import { pointsLedger, pointsTotals, sql, users } from "@dropfair/db";
import { createTestDatabase, type TestDatabase } from "@dropfair/db/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  creditPoints,
  foldBalanceCounts,
  pointsOf,
  rankOfBalance,
  sumOfSource,
} from "../src/modules/points/index.ts";
import type { AppError } from "../src/platform/errors.ts";

let database: TestDatabase;
let nextAddress = 1;

async function newUser(): Promise<number> {
  const address = `0x${(nextAddress++).toString(16).padStart(40, "0")}` as `0x${string}`;
  const [row] = await database.db.insert(users).values({ address }).returning({ id: users.id });
  if (!row) throw new Error("no user");
  return row.id;
}

/** Every user's ledger sum next to their materialised total. */
async function totalsAgainstLedger() {
  const result = await database.db.execute(sql`
    select l.user_id, sum(l.amount) as ledger, t.points as total
    from ${pointsLedger} l left join ${pointsTotals} t on t.user_id = l.user_id
    group by l.user_id, t.points order by l.user_id`);
  type Row = { user_id: string; ledger: string; total: string | null };
  return (result as unknown as { rows: Row[] }).rows.map((row) => ({
    userId: Number(row.user_id),
    ledger: Number(row.ledger),
    total: row.total === null ? null : Number(row.total),
  }));
}

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.destroy();
});

describe("creditPoints", () => {
  it("credits a source once under 50 concurrent attempts: one row, total equals the ledger", async () => {
    const userId = await newUser();
    const credit = { userId, amount: 25, reason: "Mission done", sourceKind: "mission", sourceId: "m-1" };
    const results = await Promise.all(Array.from({ length: 50 }, () => creditPoints(database.db, credit)));
    expect(results.filter((credited) => credited)).toHaveLength(1);
    const rows = await database.db.select().from(pointsLedger).where(sql`${pointsLedger.userId} = ${userId}`);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      amount: 25,
      reason: "Mission done",
      sourceKind: "mission",
      sourceId: "m-1",
    });
    expect(await pointsOf(database.db, userId)).toBe(25);
    expect(await creditPoints(database.db, credit)).toBe(false);
    expect(await pointsOf(database.db, userId)).toBe(25);
  });

  it("keeps each source apart: another kind or id, or another user, is credited too", async () => {
    const [first, second] = [await newUser(), await newUser()];
    const base = { amount: 10, reason: "r", sourceKind: "mission", sourceId: "same" };
    expect(await creditPoints(database.db, { ...base, userId: first })).toBe(true);
    expect(await creditPoints(database.db, { ...base, userId: second })).toBe(true);
    expect(await creditPoints(database.db, { ...base, userId: first, sourceKind: "referral" })).toBe(true);
    expect(await creditPoints(database.db, { ...base, userId: first, sourceId: "other" })).toBe(true);
    expect(await pointsOf(database.db, first)).toBe(30);
    expect(await pointsOf(database.db, second)).toBe(10);
  });

  it("takes points back, but never below zero, and leaves no row for a refused revocation", async () => {
    const userId = await newUser();
    await creditPoints(database.db, {
      userId,
      amount: 40,
      reason: "r",
      sourceKind: "mission",
      sourceId: "a",
    });
    expect(
      await creditPoints(database.db, {
        userId,
        amount: -15,
        reason: "r",
        sourceKind: "admin",
        sourceId: "b",
      }),
    ).toBe(true);
    expect(await pointsOf(database.db, userId)).toBe(25);
    try {
      await creditPoints(database.db, {
        userId,
        amount: -26,
        reason: "r",
        sourceKind: "admin",
        sourceId: "c",
      });
      expect.unreachable();
    } catch (error) {
      expect((error as AppError).messageKey).toBe("points.balanceTooLow");
      expect((error as AppError).statusCode).toBe(400);
      expect((error as AppError).params).toEqual({ balance: 25 });
    }
    const rows = await database.db.select().from(pointsLedger).where(sql`${pointsLedger.userId} = ${userId}`);
    expect(rows.map((row) => row.amount).sort()).toEqual([-15, 40]);
    expect(await pointsOf(database.db, userId)).toBe(25);
  });

  it("refuses a first credit that is negative", async () => {
    const userId = await newUser();
    await expect(
      creditPoints(database.db, { userId, amount: -1, reason: "r", sourceKind: "admin", sourceId: "x" }),
    ).rejects.toMatchObject({ messageKey: "points.balanceTooLow" });
    expect(await pointsOf(database.db, userId)).toBe(0);
  });

  it("runs inside a caller's transaction: rolled back with it, and a refused revocation keeps it usable", async () => {
    const userId = await newUser();
    await expect(
      database.db.transaction(async (tx) => {
        await creditPoints(tx, { userId, amount: 5, reason: "r", sourceKind: "mission", sourceId: "t1" });
        throw new Error("caller fails after crediting");
      }),
    ).rejects.toThrow("caller fails after crediting");
    expect(await pointsOf(database.db, userId)).toBe(0);
    await database.db.transaction(async (tx) => {
      await creditPoints(tx, { userId, amount: 5, reason: "r", sourceKind: "mission", sourceId: "t1" });
      await expect(
        creditPoints(tx, { userId, amount: -6, reason: "r", sourceKind: "admin", sourceId: "t2" }),
      ).rejects.toMatchObject({ messageKey: "points.balanceTooLow" });
      await creditPoints(tx, { userId, amount: 7, reason: "r", sourceKind: "mission", sourceId: "t3" });
    });
    expect(await pointsOf(database.db, userId)).toBe(12);
  });

  it("refuses amounts that are not whole, zero or too large, before touching the database", async () => {
    const userId = await newUser();
    const base = { userId, reason: "r", sourceKind: "mission", sourceId: "bad" };
    for (const amount of [0, 1.5, Number.NaN, 1_000_000_001, -1_000_000_001, Number.MAX_SAFE_INTEGER + 1])
      await expect(creditPoints(database.db, { ...base, amount })).rejects.toThrow(RangeError);
    await expect(creditPoints(database.db, { ...base, amount: 1, reason: " " })).rejects.toThrow(RangeError);
    await expect(creditPoints(database.db, { ...base, amount: 1, sourceId: "" })).rejects.toThrow(RangeError);
    expect(await pointsOf(database.db, userId)).toBe(0);
  });

  it("keeps every total equal to the ledger after all of the above", async () => {
    const rows = await totalsAgainstLedger();
    expect(rows).toHaveLength(5);
    for (const row of rows) expect(row.total).toBe(row.ledger);
  });
});

describe("sumOfSource", () => {
  it("sums one kind of source since a moment, revocations included", async () => {
    const userId = await newUser();
    const base = { userId, reason: "r" };
    await creditPoints(database.db, { ...base, amount: 50, sourceKind: "referral", sourceId: "old" });
    await database.db.execute(
      sql`update ${pointsLedger} set created_at = now() - interval '40 days' where user_id = ${userId}`,
    );
    await creditPoints(database.db, { ...base, amount: 20, sourceKind: "referral", sourceId: "new-1" });
    await creditPoints(database.db, { ...base, amount: 30, sourceKind: "referral", sourceId: "new-2" });
    await creditPoints(database.db, { ...base, amount: -5, sourceKind: "referral", sourceId: "undo" });
    await creditPoints(database.db, { ...base, amount: 99, sourceKind: "mission", sourceId: "m" });
    const since = new Date(Date.now() - 30 * 86_400_000);
    expect(await sumOfSource(database.db, { userId, sourceKind: "referral", since })).toBe(45);
    expect(await sumOfSource(database.db, { userId, sourceKind: "referral", since: new Date(0) })).toBe(95);
    expect(await sumOfSource(database.db, { userId, sourceKind: "wheel", since })).toBe(0);
  });
});

describe("the per-balance user counts behind a user's rank", () => {
  /** How many users hold each positive balance: from the totals, and from the counts plus unfolded deltas. */
  async function histograms() {
    const fromTotals = await database.db.execute(
      sql`select points, count(*) as users from ${pointsTotals} where points > 0 group by points order by points`,
    );
    const fromCounts = await database.db.execute(sql`
      select points, sum(users) as users from (
        select points, users from points_balance_counts
        union all select points, delta from points_balance_deltas
      ) counted group by points having sum(users) <> 0 order by points`);
    type Row = { points: string; users: string };
    const read = (result: unknown) =>
      (result as { rows: Row[] }).rows.map((row) => [Number(row.points), Number(row.users)]);
    return { totals: read(fromTotals), counts: read(fromCounts) };
  }

  it("match the totals before and after folding, and give 1 + the number of larger balances", async () => {
    const ids = [await newUser(), await newUser(), await newUser(), await newUser()];
    await creditPoints(database.db, {
      userId: ids[0]!,
      amount: 300,
      reason: "r",
      sourceKind: "mission",
      sourceId: "k1",
    });
    await creditPoints(database.db, {
      userId: ids[1]!,
      amount: 300,
      reason: "r",
      sourceKind: "mission",
      sourceId: "k1",
    });
    await creditPoints(database.db, {
      userId: ids[2]!,
      amount: 120,
      reason: "r",
      sourceKind: "mission",
      sourceId: "k1",
    });
    await creditPoints(database.db, {
      userId: ids[3]!,
      amount: 50,
      reason: "r",
      sourceKind: "mission",
      sourceId: "k1",
    });
    let { totals, counts } = await histograms();
    expect(counts).toEqual(totals);
    expect(await foldBalanceCounts(database.db)).toBeGreaterThan(0);
    ({ totals, counts } = await histograms());
    expect(counts).toEqual(totals);
    // Changes after a fold stay exact too: a revocation to zero drops the user from the counts.
    await creditPoints(database.db, {
      userId: ids[3]!,
      amount: -50,
      reason: "r",
      sourceKind: "admin",
      sourceId: "k2",
    });
    await creditPoints(database.db, {
      userId: ids[2]!,
      amount: 500,
      reason: "r",
      sourceKind: "mission",
      sourceId: "k3",
    });
    ({ totals, counts } = await histograms());
    expect(counts).toEqual(totals);
    for (const userId of ids) {
      const points = await pointsOf(database.db, userId);
      const above = await database.db.execute(
        sql`select count(*) as above from ${pointsTotals} where points > ${points}`,
      );
      const expected = Number((above as unknown as { rows: { above: string }[] }).rows[0]?.above) + 1;
      expect(await rankOfBalance(database.db, points)).toBe(expected);
    }
    await foldBalanceCounts(database.db);
    ({ totals, counts } = await histograms());
    expect(counts).toEqual(totals);
    const deltas = await database.db.execute(sql`select count(*) as n from points_balance_deltas`);
    expect(Number((deltas as unknown as { rows: { n: string }[] }).rows[0]?.n)).toBe(0);
  });
});
