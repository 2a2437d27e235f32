// Rate limits hold across API replicas with REDIS_URL (T11 in docs/security.md): two real API processes on one
// PostgreSQL database count every limit in one Redis, under a key prefix of this test run's own (and nothing in
// the database's counters table). Also Redis's counters themselves: concurrent hits each counted once, and
// fixed windows that end. Runs in npm test's PostgreSQL stage when TEST_REDIS_URL names a Redis (npm test looks
// for one on 127.0.0.1:6379 and, under CI, fails without it).
import { randomBytes } from "node:crypto";
import { rateLimitCounters } from "@dropfair/db";
import { createTestDatabase, type TestDatabase } from "@dropfair/db/testing";
import { Redis } from "ioredis";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { redisCounters, type SharedCounters } from "../src/platform/rate-limits.ts";
import { expectSharedLimits, type Replica, replicaLimits, startReplica } from "./replicas-helper.ts";

const redisUrl = process.env.TEST_REDIS_URL;
const prefix = `dropfair-test-${randomBytes(6).toString("hex")}:`;
let redis: Redis;
let database: TestDatabase | undefined;
let replicas: Replica[] = [];

beforeAll(async () => {
  if (!redisUrl)
    throw new Error("these tests need a Redis server: set TEST_REDIS_URL (redis://127.0.0.1:6379)");
  redis = new Redis(redisUrl, { maxRetriesPerRequest: 1, lazyConnect: true });
  await redis.connect();
  expect(await redis.ping()).toBe("PONG");
});
afterAll(async () => {
  await Promise.all(replicas.map((replica) => replica.stop()));
  await database?.destroy();
  if (redis) {
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
  }
});

describe("Redis rate-limit counters", () => {
  let counters: SharedCounters;
  let other: SharedCounters;
  beforeAll(() => {
    counters = redisCounters(redisUrl!, prefix, pino({ level: "silent" }));
    other = redisCounters(redisUrl!, prefix, pino({ level: "silent" }));
  });
  afterAll(async () => {
    await counters?.close();
    await other?.close();
  });

  it("count N concurrent hits from two connections exactly N times", async () => {
    const results = await Promise.all(
      Array.from({ length: 60 }, (_, index) => (index % 2 ? other : counters).hit("burst", 60_000)),
    );
    expect(results.map((result) => result.count).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 60 }, (_, index) => index + 1),
    );
    expect((await other.read("burst")).count).toBe(60);
  });

  it("keep a fixed window that ends; the first hit after it starts a new one", async () => {
    const first = await counters.hit("window", 60_000);
    expect(first.count).toBe(1);
    expect(first.ttlMs).toBeGreaterThan(50_000);
    // As if most of the window had passed: a later hit must not start it again.
    await redis.pexpire(`${prefix}counter:window`, 300);
    const second = await counters.hit("window", 60_000);
    expect(second.count).toBe(2);
    expect(second.ttlMs).toBeLessThanOrEqual(300);
    for (let attempt = 0; (await counters.read("window")).count > 0; attempt += 1) {
      if (attempt > 200) expect.unreachable("the window never ended");
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    expect(await counters.read("window")).toEqual({ count: 0, ttlMs: 0 });
    expect((await counters.hit("window", 60_000)).count).toBe(1);
  });
});

describe("two API replicas sharing one Redis", () => {
  beforeAll(async () => {
    if (!process.env.TEST_DATABASE_URL)
      throw new Error("two API replicas need one PostgreSQL database: set TEST_DATABASE_URL");
    database = await createTestDatabase();
    if (database.kind !== "postgres") throw new Error("expected a PostgreSQL test database");
    const environment = {
      ...replicaLimits,
      REDIS_URL: redisUrl!,
      REDIS_KEY_PREFIX: prefix,
      DATABASE_URL: database.connectionString,
    };
    replicas = await Promise.all([startReplica(environment), startReplica(environment)]);
  });

  it("refuse a burst split between them at the shared limit, every kind of limit", async () => {
    await expectSharedLimits(replicas);
    expect((await redis.keys(`${prefix}rate-limit:*`)).length).toBeGreaterThan(0);
    expect((await redis.keys(`${prefix}counter:referral-lookup-miss:*`)).length).toBe(1);
    expect(await database!.db.select().from(rateLimitCounters)).toEqual([]);
  });
});
