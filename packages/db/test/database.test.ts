import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, sql, users } from "../src/index.ts";
import { createTestDatabase, type TestDatabase } from "../src/testing.ts";

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.destroy();
});

describe("database", () => {
  it("stores addresses lowercase and returns them checksummed", async () => {
    const mixed = "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266";
    await database.db.insert(users).values({ address: mixed });
    const raw = (await database.db.execute(sql`select address from users`)) as unknown as {
      rows: { address: string }[];
    };
    expect(raw.rows[0]?.address).toBe(mixed.toLowerCase());
    const [row] = await database.db.select().from(users).where(eq(users.address, mixed));
    expect(row?.address).toBe(mixed);
  });

  it("rejects a second user with the same address in another case", async () => {
    await expect(
      database.db
        .insert(users)
        .values({ address: "0xF39FD6E51AAD88F6F4CE6AB8827279CFFFB92266" as `0x${string}` }),
    ).rejects.toThrow();
  });
});
