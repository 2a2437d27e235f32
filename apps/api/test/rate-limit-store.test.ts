// The database's rate-limit counters (T11 in docs/security.md): every API replica counts in the same table, each
// hit once even when they race, in fixed windows that end; ended windows are purged. Runs on PGlite, and on
// PostgreSQL with TEST_DATABASE_URL. (Two real API processes sharing them: rate-limit-replicas.pg.test.ts.)
// Also the memory counters a PGlite app (one process) counts in.
import { eq, rateLimitCounters, sql } from "@dropfair/db";
import { createTestDatabase, type TestDatabase } from "@dropfair/db/testing";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  clientRateLimitKey,
  databaseCounters,
  memoryCounters,
  openSharedCounters,
  purgeExpiredRateLimits,
  type SharedCounters,
} from "../src/platform/rate-limits.ts";

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.destroy();
});

let keys = 0;
const freshKey = () => `test:${process.pid}:${++keys}`;
const minute = 60_000;

/** Polls until the key's window has ended (the database's clock decides), then returns. */
async function untilWindowEnds(counters: SharedCounters, key: string) {
  for (let attempt = 0; attempt < 200; attempt += 1) {
    if ((await counters.read(key)).count === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  expect.unreachable(`the window of ${key} never ended`);
}

describe("database rate-limit counters", () => {
  it("are shared: two replicas' counters on one database count one sequence", async () => {
    const replicaA = databaseCounters(database.db);
    const replicaB = databaseCounters(database.db);
    const key = freshKey();
    const counts: number[] = [];
    for (let hit = 0; hit < 6; hit += 1) {
      const counters = hit % 2 === 0 ? replicaA : replicaB;
      counts.push((await counters.hit(key, minute)).count);
    }
    expect(counts).toEqual([1, 2, 3, 4, 5, 6]);
    expect((await replicaA.read(key)).count).toBe(6);
    expect((await replicaB.read(key)).count).toBe(6);
  });

  it("count N concurrent hits exactly N times, each hit seeing its own count", async () => {
    const replicas = [databaseCounters(database.db), databaseCounters(database.db)];
    const key = freshKey();
    const hits = 60;
    const burst = (size: number) =>
      Promise.all(Array.from({ length: size }, (_, index) => replicas[index % 2]!.hit(key, minute)));
    // Racing to create the key's row, then racing to increment it.
    const results = [...(await burst(hits / 2)), ...(await burst(hits / 2))];
    expect(results.map((result) => result.count).sort((a, b) => a - b)).toEqual(
      Array.from({ length: hits }, (_, index) => index + 1),
    );
    expect((await replicas[0]!.read(key)).count).toBe(hits);
    const [row] = await database.db.select().from(rateLimitCounters).where(eq(rateLimitCounters.key, key));
    expect(row?.hits).toBe(hits);
  });

  it("write the hits that arrive while one is on its way in one statement, each hit seeing its own count", async () => {
    let upserts = 0;
    // Counts the statements the counters start (each hit used to be its own upsert).
    const counted = new Proxy(database.db, {
      get(target, property, receiver) {
        if (property === "insert") upserts += 1;
        return Reflect.get(target, property, receiver);
      },
    });
    const counters = databaseCounters(counted);
    const keys = [freshKey(), freshKey(), freshKey()];
    const perKey = 30;
    const results = await Promise.all(
      Array.from({ length: perKey * keys.length }, async (_, index) => {
        const key = keys[index % keys.length]!;
        return { key, count: (await counters.hit(key, minute)).count };
      }),
    );
    // The first hit goes at once; the other 89 wait for it and go together.
    expect(upserts).toBe(2);
    for (const key of keys) {
      const counts = results.filter((result) => result.key === key).map((result) => result.count);
      expect(counts.sort((a, b) => a - b)).toEqual(Array.from({ length: perKey }, (_, index) => index + 1));
      expect((await counters.read(key)).count).toBe(perKey);
    }
  });

  it("keep a fixed window: later hits do not extend it, and the first hit after it starts a new one", async () => {
    const counters = databaseCounters(database.db);
    const key = freshKey();
    const windowMs = 400;
    const first = await counters.hit(key, windowMs);
    expect(first.count).toBe(1);
    expect(first.ttlMs).toBeGreaterThan(0);
    // expires_at keeps milliseconds (rounded), and the time left is rounded up: at most a millisecond over.
    expect(first.ttlMs).toBeLessThanOrEqual(windowMs + 1);
    const endOf = async () =>
      (await database.db.select().from(rateLimitCounters).where(eq(rateLimitCounters.key, key)))[0]
        ?.expiresAt;
    const end = await endOf();
    const second = await counters.hit(key, windowMs);
    expect(second.count).toBe(2);
    expect(await endOf()).toEqual(end);

    await untilWindowEnds(counters, key);
    expect(await counters.read(key)).toEqual({ count: 0, ttlMs: 0 });
    const fresh = await counters.hit(key, minute);
    expect(fresh.count).toBe(1);
    expect(fresh.ttlMs).toBeGreaterThan(windowMs);
  });

  it("read a key without counting a hit", async () => {
    const counters = databaseCounters(database.db);
    const key = freshKey();
    expect(await counters.read(key)).toEqual({ count: 0, ttlMs: 0 });
    await counters.hit(key, minute);
    await counters.read(key);
    await counters.read(key);
    const window = await counters.read(key);
    expect(window.count).toBe(1);
    expect(window.ttlMs).toBeGreaterThan(minute - 10_000);
  });

  it("purge the rows whose window ended and keep the live ones", async () => {
    const counters = databaseCounters(database.db);
    await database.db.delete(rateLimitCounters);
    const ended = [freshKey(), freshKey(), freshKey()];
    const live = [freshKey(), freshKey()];
    for (const key of ended) await counters.hit(key, 50);
    for (const key of live) await counters.hit(key, minute);
    for (const key of ended) await untilWindowEnds(counters, key);

    expect(await purgeExpiredRateLimits(database.db)).toBe(ended.length);
    const rows = await database.db.select({ key: rateLimitCounters.key }).from(rateLimitCounters);
    expect(rows.map((row) => row.key).sort()).toEqual([...live].sort());
    expect(await purgeExpiredRateLimits(database.db)).toBe(0);
  });
});

describe("the counters table", () => {
  it("is unlogged: a hit does not wait for the WAL, and a crash only resets windows", async () => {
    const result = (await database.db.execute(
      sql`select relpersistence from pg_class where relname = 'rate_limit_counters'`,
    )) as unknown as { rows: { relpersistence: string }[] };
    expect(result.rows).toEqual([{ relpersistence: "u" }]);
  });
});

describe("memory rate-limit counters (PGlite: one process)", () => {
  it("count in fixed windows and keep at most 10,000 keys, ended windows going first", async () => {
    const counters = memoryCounters();
    expect((await counters.hit("kept", minute)).count).toBe(1);
    expect((await counters.hit("kept", minute)).count).toBe(2);
    await counters.hit("ending", 30);
    await untilWindowEnds(counters, "ending");
    expect((await counters.hit("ending", minute)).count).toBe(1);

    for (let key = 0; key < 10_000; key += 1) await counters.hit(`flood-${key}`, minute);
    // The oldest keys made room; the newest are still counted.
    expect((await counters.read("flood-9999")).count).toBe(1);
    expect((await counters.read("kept")).count).toBe(0);
    expect((await counters.hit("flood-9999", minute)).count).toBe(2);
  });

  it("are what the app counts in on PGlite, and the table on PostgreSQL", () => {
    const logger = pino({ level: "silent" });
    const config = { redisUrl: undefined, redisKeyPrefix: "dropfair:" };
    expect(openSharedCounters(config, { kind: "pglite", db: database.db }, logger).kind).toBe("memory");
    expect(openSharedCounters(config, { kind: "postgres", db: database.db }, logger).kind).toBe("database");
  });
});

describe("clientRateLimitKey (the per-IP limit's key)", () => {
  it("counts a client by its address, IPv6 by its /64, as the plugin does", () => {
    expect(clientRateLimitKey({ ip: "203.0.113.9" })).toBe("203.0.113.9");
    expect(clientRateLimitKey({ ip: "::ffff:203.0.113.9" })).toBe("203.0.113.9");
    expect(clientRateLimitKey({ ip: "2001:db8:1:2:aaaa::1" })).toBe(
      clientRateLimitKey({ ip: "2001:db8:1:2:bbbb::9" }),
    );
    expect(clientRateLimitKey({ ip: "2001:db8:1:2::1" })).not.toBe(
      clientRateLimitKey({ ip: "2001:db8:1:3::1" }),
    );
  });

  it("gives a key, not an exception, for a client that hung up (no address any more)", () => {
    expect(clientRateLimitKey({ ip: undefined as unknown as string })).toBe("client-gone");
  });
});
