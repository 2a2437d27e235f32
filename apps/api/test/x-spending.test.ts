// The month's X budget (X_SPENDING_CAP) in the database: every process spends from the same one, the cap holds
// when two read X at once, and a new calendar month (UTC) starts afresh. With TEST_DATABASE_URL the two
// spenders have connection pools of their own on PostgreSQL, as two processes would.
import { type DatabaseHandle, openDatabase, xSpendingMonths } from "@dropfair/db";
import { createTestDatabase, type TestDatabase } from "@dropfair/db/testing";
import { createXClient, type XClient, XSpendingCapError } from "@dropfair/social/x";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createXSpendingLedger, readXSpending } from "../src/platform/x-spending.ts";
import { newWallet, signIn } from "./helper.ts";
import { type Sandbox, startSandbox } from "./picker-pipeline-harness.ts";
import { buildTestAppWithX } from "./x-helper.ts";

let database: TestDatabase;
/** The second process's own connections (PostgreSQL), or the same embedded database (PGlite). */
let other: DatabaseHandle;
let harness: Sandbox | undefined;

beforeAll(async () => {
  database = await createTestDatabase();
  other =
    database.kind === "postgres" ? await openDatabase({ databaseUrl: database.connectionString }) : database;
});

afterEach(async () => {
  await harness?.close();
  harness = undefined;
  await database.db.delete(xSpendingMonths);
});

afterAll(async () => {
  if (other !== database) await other?.close();
  await database?.destroy();
});

/** A process's X client: its own HTTP client, spending from the month's budget in `db`. */
function spender(h: Sandbox, db: DatabaseHandle["db"], cap: number, now: () => Date): XClient {
  const address = h.sandbox.server.address();
  return createXClient({
    baseUrl: `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`,
    bearerToken: h.sandbox.appBearerToken,
    clock: h.clock,
    ledger: createXSpendingLedger({ db, cap, now }),
  });
}

describe("the month's X budget", () => {
  it("holds the cap when two processes send twenty requests at once, and counts what they read", async () => {
    harness = await startSandbox();
    const h = harness;
    const now = () => new Date(h.clock.now());
    // Ten reservations of 100 fit in 1,050; the eleventh would not.
    const cap = 1_050;
    const crowd = h.sandbox.world.retweeterIds(h.sandbox.world.fixtures.posts.bench).slice(0, 2000);
    const batches = Array.from({ length: 20 }, (_, index) => crowd.slice(index * 100, index * 100 + 100));
    const processes = [spender(h, database.db, cap, now), spender(h, other.db, cap, now)];
    const outcomes = await Promise.allSettled(
      batches.map((ids, index) => processes[index % 2]!.lookupUsers(ids)),
    );
    const answered = outcomes.flatMap((outcome) => (outcome.status === "fulfilled" ? [outcome.value] : []));
    const refused = outcomes.flatMap((outcome) => (outcome.status === "rejected" ? [outcome.reason] : []));
    expect(answered).toHaveLength(10);
    expect(refused).toHaveLength(10);
    for (const reason of refused) expect(reason).toBeInstanceOf(XSpendingCapError);
    // Only the answered requests reached X.
    expect(h.statuses).toEqual(Array(10).fill(200));
    const read = answered.reduce((sum, answer) => sum + answer.data.length, 0);
    expect(read).toBeLessThanOrEqual(cap);
    expect(await readXSpending(database.db, cap, now())).toEqual({
      month: "2026-06",
      items: read,
      requests: 10,
      cap,
    });
  });

  it("starts afresh in a new calendar month (UTC); a request reserved before midnight settles on its month", async () => {
    let at = new Date("2026-06-30T23:59:00Z");
    const now = () => at;
    const ledger = createXSpendingLedger({ db: database.db, cap: 300, now });
    const june = await ledger.reserve(100);
    await (await ledger.reserve(100)).settle(100);
    await (await ledger.reserve(100)).settle(80);
    await expect(ledger.reserve(100)).rejects.toMatchObject({ code: "spending-cap", cap: 300, used: 280 });

    at = new Date("2026-07-01T00:00:00Z");
    const july = await ledger.reserve(100);
    await july.settle(40);
    // Settled after midnight: June's reservation gives back to June, not to July.
    await june.settle(10);
    expect(await readXSpending(database.db, 300, new Date("2026-06-15T00:00:00Z"))).toEqual({
      month: "2026-06",
      items: 190,
      requests: 3,
      cap: 300,
    });
    expect(await readXSpending(database.db, 300, at)).toEqual({
      month: "2026-07",
      items: 40,
      requests: 1,
      cap: 300,
    });
    // A reservation larger than the whole cap is refused even in a fresh month.
    at = new Date("2026-08-01T00:00:00Z");
    await expect(ledger.reserve(301)).rejects.toBeInstanceOf(XSpendingCapError);
    expect(await readXSpending(database.db, 300, at)).toMatchObject({ items: 0, requests: 0 });
  });
});

describe("the month's X budget in the app", () => {
  it("caps the app's X client and is shown to administrators only: spent / cap this month", async () => {
    const adminWallet = newWallet();
    const context = await buildTestAppWithX({
      environment: { X_SPENDING_CAP: "150", ADMIN_ADDRESSES: adminWallet.address },
      now: () => new Date("2026-11-26T10:00:00Z"),
    });
    try {
      const crowd = context.sandbox.world.retweeterIds(context.sandbox.world.fixtures.posts.giveaway);
      const first = await context.app.x.lookupUsers(crowd.slice(0, 100));
      expect(first.data.length).toBeGreaterThan(50);
      // 100 more would not fit in what is left of 150.
      const refused = await context.app.x.lookupUsers(crowd.slice(100, 200)).catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(XSpendingCapError);

      const get = (token?: string) =>
        context.app.inject({
          method: "GET",
          url: "/api/bounty/admin/x-spending",
          headers: token ? { authorization: `Bearer ${token}` } : {},
        });
      expect((await get()).statusCode).toBe(401);
      const stranger = await signIn(context.app);
      const forbidden = await get(stranger.token);
      expect(forbidden.statusCode).toBe(403);
      expect(forbidden.json()).toEqual({ content: null, typeCode: 660, message: "Administrators only." });
      const admin = await signIn(context.app, adminWallet);
      const shown = await get(admin.token);
      expect(shown.statusCode).toBe(200);
      expect(shown.json()).toEqual({
        content: { month: "2026-11", items: first.data.length, requests: 1, cap: 150 },
        typeCode: 1,
        message: "success",
      });
    } finally {
      await context.close();
    }
  });
});
