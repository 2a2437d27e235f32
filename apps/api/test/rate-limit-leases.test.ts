// Leases on the shared request counts (T11 and T28 in docs/security.md): a process reserves a few hits of a
// key's window at once and answers the next requests from them. No replica may let more than the limit through;
// small limits and the last tenth of a limit are counted request by request; the database counters count a
// reservation's hits at once. Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL.
import { createTestDatabase, type TestDatabase } from "@dropfair/db/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type CountHits,
  type LeaseCount,
  leasedCounter,
  leaseExtra,
  leaseMaxHits,
} from "../src/platform/rate-limit-leases.ts";
import { databaseCounters } from "../src/platform/rate-limits.ts";

const minute = 60_000;

/** One shared store, as the database is to every replica: counts per key, and each call's amount. */
function sharedStore() {
  const counts = new Map<string, number>();
  const calls: number[] = [];
  const countHits: CountHits = async (key, _windowMs, amount) => {
    calls.push(amount);
    const count = (counts.get(key) ?? 0) + amount;
    counts.set(key, count);
    return { count, ttlMs: minute };
  };
  return { counts, calls, countHits };
}

function hitOnce(counter: ReturnType<typeof leasedCounter>, key: string, max: number): Promise<LeaseCount> {
  return new Promise((resolve, reject) => {
    counter.hit(key, minute, max, (error, count) => (error || !count ? reject(error) : resolve(count)));
  });
}

describe("rate-limit leases", () => {
  it("reserve a tenth of what is left, at most 50, nothing under a limit of 100 or in the last tenth", () => {
    expect(leaseExtra(600, 0, 1)).toBe(leaseMaxHits);
    expect(leaseExtra(600, 400, 1)).toBe(19);
    expect(leaseExtra(600, 590, 1)).toBe(0);
    expect(leaseExtra(600, 700, 1)).toBe(0);
    expect(leaseExtra(99, 0, 1)).toBe(0);
    expect(leaseExtra(12, 0, 1)).toBe(0);
  });

  it("answer the requests after a reservation from it, counting on from the store's count", async () => {
    const store = sharedStore();
    const counter = leasedCounter(store.countHits);
    const counts: number[] = [];
    for (let hit = 0; hit < 52; hit += 1) counts.push((await hitOnce(counter, "ip", 600)).count);
    expect(counts).toEqual(Array.from({ length: 52 }, (_, index) => index + 1));
    // The first hit reserved 50 more; the 52nd needed a new reservation.
    expect(store.calls).toEqual([51, 51]);
    expect(store.counts.get("ip")).toBe(102);
  });

  it("count every request alone under a limit of 100", async () => {
    const store = sharedStore();
    const counter = leasedCounter(store.countHits);
    for (let hit = 0; hit < 15; hit += 1) await hitOnce(counter, "ip", 12);
    expect(store.calls).toEqual(Array.from({ length: 15 }, () => 1));
  });

  it("send the requests that come while a reservation is on its way in one, each with its own count", async () => {
    const store = sharedStore();
    const counter = leasedCounter(store.countHits);
    const counts = await Promise.all(Array.from({ length: 80 }, () => hitOnce(counter, "ip", 100_000)));
    expect(counts.map((count) => count.count).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 80 }, (_, index) => index + 1),
    );
    // The first went alone (with its reservation), the other 79 waited: 50 from that reservation, 29 in one.
    expect(store.calls).toEqual([51, 29 + leaseMaxHits]);
  });

  it("never let more than the limit through, however two replicas' requests interleave", async () => {
    const store = sharedStore();
    const replicas = [leasedCounter(store.countHits), leasedCounter(store.countHits)];
    const max = 600;
    let allowed = 0;
    for (let round = 0; round < 100; round += 1) {
      const burst = await Promise.all(
        Array.from({ length: 10 }, (_, index) => hitOnce(replicas[(round + index) % 2]!, "ip", max)),
      );
      allowed += burst.filter((count) => count.count <= max).length;
    }
    expect(allowed).toBeLessThanOrEqual(max);
    // What the other replica reserved and did not use refuses a little early, never more than its reservation.
    expect(allowed).toBeGreaterThanOrEqual(max - leaseMaxHits);
  });

  it("drop a reservation whose window has ended", async () => {
    const store = sharedStore();
    let clock = 0;
    const counter = leasedCounter(store.countHits, () => clock);
    await hitOnce(counter, "ip", 600);
    clock = minute;
    await hitOnce(counter, "ip", 600);
    expect(store.calls).toEqual([51, 51]);
  });

  it("fail every request waiting for a reservation the store could not count", async () => {
    const counter = leasedCounter(async () => {
      throw new Error("store down");
    });
    const answers = await Promise.allSettled([hitOnce(counter, "ip", 600), hitOnce(counter, "ip", 600)]);
    expect(answers.map((answer) => answer.status)).toEqual(["rejected", "rejected"]);
  });
});

describe("database counters with a reservation", () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database?.destroy();
  });

  it("count a reservation's hits at once, each caller seeing the count its own hits reached", async () => {
    const counters = databaseCounters(database.db);
    const key = `lease:${process.pid}`;
    const results = await Promise.all([
      counters.hit(key, minute, 51),
      counters.hit(key, minute),
      counters.hit(key, minute, 10),
    ]);
    expect(results.map((result) => result.count).sort((a, b) => a - b)).toEqual([51, 52, 62]);
    expect((await counters.read(key)).count).toBe(62);
  });
});
