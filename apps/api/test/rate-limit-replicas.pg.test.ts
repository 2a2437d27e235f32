// Rate limits hold across API replicas (T11 in docs/security.md): two real API processes on one PostgreSQL
// database count every limit in the same table, so a burst split between them is refused at the shared limit,
// not at twice it. Runs in npm test's PostgreSQL stage (TEST_DATABASE_URL); PGlite is a single process.
import { rateLimitCounters } from "@dropfair/db";
import { createTestDatabase, type TestDatabase } from "@dropfair/db/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectSharedLimits, type Replica, replicaLimits, startReplica } from "./replicas-helper.ts";

let database: TestDatabase | undefined;
let replicas: Replica[] = [];

beforeAll(async () => {
  if (!process.env.TEST_DATABASE_URL)
    throw new Error("two API replicas need one PostgreSQL database: set TEST_DATABASE_URL");
  database = await createTestDatabase();
  if (database.kind !== "postgres") throw new Error("expected a PostgreSQL test database");
  const environment = { ...replicaLimits, DATABASE_URL: database.connectionString };
  replicas = await Promise.all([startReplica(environment), startReplica(environment)]);
});
afterAll(async () => {
  await Promise.all(replicas.map((replica) => replica.stop()));
  await database?.destroy();
});

describe("two API replicas on one PostgreSQL database", () => {
  it("refuse a burst split between them at the shared limit, every kind of limit", async () => {
    await expectSharedLimits(replicas);
    const rows = await database!.db.select({ key: rateLimitCounters.key }).from(rateLimitCounters);
    expect(rows.length).toBeGreaterThan(0);
  });
});
