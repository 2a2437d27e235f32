// T15 under concurrency: the same request retried at once, many times, with one Idempotency-Key has one effect;
// every answer is the first one's, or 409 while the first is still running.
import { airdrops, eq } from "@dropfair/db";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { airdropDraftBody } from "./builders.ts";
import { buildTestApp, signIn, type TestContext } from "./helper.ts";

let context: TestContext;
beforeAll(async () => {
  context = await buildTestApp();
});
afterAll(async () => {
  await context.close();
});

describe("concurrent retries with one Idempotency-Key (T15)", () => {
  it("create one airdrop draft, and every answer names it or is a 409", async () => {
    const { token } = await signIn(context.app);
    const body = airdropDraftBody({ title: "Retried at once" });
    const answers = await Promise.all(
      Array.from({ length: 12 }, () =>
        context.app.inject({
          method: "POST",
          url: "/api/bounty/airdrop",
          headers: { authorization: `Bearer ${token}`, "idempotency-key": "create-once" },
          payload: body,
        }),
      ),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    expect(
      statuses.every((status) => status === 200 || status === 409),
      statuses.join(","),
    ).toBe(true);
    const created = answers.filter((answer) => answer.statusCode === 200);
    expect(created.length).toBeGreaterThanOrEqual(1);
    const ids = new Set(created.map((answer) => answer.json().content.id as number));
    expect(ids.size).toBe(1);
    const rows = await context.database.db
      .select()
      .from(airdrops)
      .where(eq(airdrops.title, "Retried at once"));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.id).toBe([...ids][0]);

    // Once the first has finished, a retry answers exactly what it answered.
    const retry = await context.app.inject({
      method: "POST",
      url: "/api/bounty/airdrop",
      headers: { authorization: `Bearer ${token}`, "idempotency-key": "create-once" },
      payload: body,
    });
    expect(retry.statusCode).toBe(200);
    expect(retry.headers["idempotent-replayed"]).toBe("true");
    expect(retry.json().content.id).toBe([...ids][0]);
  });
});
