// T15 under concurrency: the same request retried at once, many times, with one Idempotency-Key has one effect;
// every answer is the first one's, or 409 while the first is still running. The airdrop's create and its
// participant list (stored at once, or imported in the background); the picker's are in
// picker-idempotency-concurrency.test.ts. On PGlite, and on PostgreSQL with TEST_DATABASE_URL.
import { airdropParticipantImports, airdropParticipants, airdrops, asc, eq } from "@dropfair/db";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { airdropDraftBody } from "./builders.ts";
import { buildTestApp, createAirdropDraft, newWallet, signIn, type TestContext } from "./helper.ts";
import { expectOneAnswer, expectReplay, sentAtOnce } from "./idempotency-helper.ts";

/** Lists longer than this are imported in the background (202). */
const inlineMaxLines = 3;
const enqueued: number[] = [];

let context: TestContext;
let token: string;
beforeAll(async () => {
  context = await buildTestApp({
    airdropInlineListMaxLines: inlineMaxLines,
    airdropImports: {
      enqueue: async (importId) => {
        enqueued.push(importId);
      },
    },
  });
  token = (await signIn(context.app)).token;
});
afterAll(async () => {
  await context.close();
});

const headers = (key: string) => ({ authorization: `Bearer ${token}`, "idempotency-key": key });

function putList(id: number, key: string, text: string) {
  return context.app.inject({
    method: "PUT",
    url: `/api/bounty/airdrop/${id}/participants`,
    headers: { ...headers(key), "content-type": "text/plain" },
    payload: text,
  });
}

describe("concurrent retries with one Idempotency-Key (T15)", () => {
  it("create one airdrop draft, and every answer names it or is a 409", async () => {
    const body = airdropDraftBody({ title: "Retried at once" });
    const create = () =>
      context.app.inject({
        method: "POST",
        url: "/api/bounty/airdrop",
        headers: headers("create-once"),
        payload: body,
      });
    const first = expectOneAnswer(await sentAtOnce(12, create)) as { content: { id: number } };
    const rows = await context.database.db
      .select()
      .from(airdrops)
      .where(eq(airdrops.title, "Retried at once"));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.id).toBe(first.content.id);

    // Once the first has finished, a retry answers exactly what it answered.
    expectReplay(await create(), first);
  });

  it("replace the participant list once when it is stored at once", async () => {
    const draft = await createAirdropDraft(context.app, token, { title: "List retried at once" });
    const wallets = [newWallet().address, newWallet().address, newWallet().address];
    const send = () => putList(draft.id, "list-once", wallets.join("\n"));
    const first = expectOneAnswer(await sentAtOnce(12, send));
    expect(first).toMatchObject({ content: { accepted: 3 } });
    const rows = await context.database.db
      .select()
      .from(airdropParticipants)
      .where(eq(airdropParticipants.airdropId, draft.id))
      .orderBy(asc(airdropParticipants.position));
    expect(rows.map((row) => [row.position, row.account])).toEqual(
      wallets.map((wallet, index) => [index, wallet.toLowerCase()]),
    );
    expectReplay(await send(), first);
  });

  it("stage one background import of a long list, and every answer names it or is a 409", async () => {
    const draft = await createAirdropDraft(context.app, token, { title: "Import retried at once" });
    const text = Array.from({ length: inlineMaxLines + 2 }, () => newWallet().address).join("\n");
    enqueued.length = 0;
    const send = () => putList(draft.id, "import-once", text);
    const first = expectOneAnswer(await sentAtOnce(12, send), 202) as { content: { id: number } };
    const imports = await context.database.db
      .select()
      .from(airdropParticipantImports)
      .where(eq(airdropParticipantImports.airdropId, draft.id));
    expect(imports.map((row) => [row.id, row.state])).toEqual([[first.content.id, "queued"]]);
    expect(enqueued).toEqual([first.content.id]);
    expectReplay(await send(), first, 202);
  });
});
