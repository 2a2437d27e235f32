// A token logo may be 1 MB. Only the logo route reads its bytes: the list and the detail read the airdrop
// without them (selected with the rest, every list page fetched and dropped up to 1 MB per airdrop with a logo;
// the load benchmark's list route spent 2.8 times the CPU per request).
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, createAirdropDraft, signIn, type TestContext } from "./helper.ts";

let context: TestContext;
let token: string;
let id: number;
const png = Buffer.concat([Buffer.from("89504e470d0a1a0a", "hex"), randomBytes(64 * 1024)]);
const statements: string[] = [];

beforeAll(async () => {
  context = await buildTestApp();
  token = (await signIn(context.app)).token;
  id = (await createAirdropDraft(context.app, token, { title: "With a logo" })).id;
  const saved = await context.app.inject({
    method: "PUT",
    url: `/api/bounty/airdrop/${id}/logo`,
    headers: { authorization: `Bearer ${token}` },
    payload: { image: `data:image/png;base64,${png.toString("base64")}` },
  });
  expect(saved.statusCode).toBe(200);
  // Every statement the app sends from here on, whichever database the tests run on.
  const database = context.database;
  const client = (database.kind === "pglite" ? database.pglite : database.pool) as unknown as {
    query: (...args: unknown[]) => unknown;
  };
  const query = client.query.bind(client);
  client.query = (...args: unknown[]) => {
    const text = args[0];
    statements.push(typeof text === "string" ? text : String((text as { text?: string }).text));
    return query(...args);
  };
});
afterAll(async () => {
  await context.close();
});

const readsLogo = () => statements.some((statement) => statement.includes('"token_logo"'));

describe("the token logo's bytes", () => {
  it("are not read by the list or the detail, which still say the airdrop has a logo", async () => {
    statements.length = 0;
    const headers = { authorization: `Bearer ${token}` };
    const list = await context.app.inject({ url: "/api/bounty/airdrop?filter=mine", headers });
    expect(list.statusCode).toBe(200);
    expect(
      list.json().content.items.map((item: { id: number; hasLogo: boolean }) => [item.id, item.hasLogo]),
    ).toEqual([[id, true]]);
    const detail = await context.app.inject({ url: `/api/bounty/airdrop/${id}`, headers });
    expect(detail.statusCode).toBe(200);
    expect(detail.json().content.hasLogo).toBe(true);
    expect(statements.length).toBeGreaterThan(0);
    expect(readsLogo()).toBe(false);
  });

  it("are read and served whole by the logo route", async () => {
    statements.length = 0;
    const logo = await context.app.inject({
      url: `/api/bounty/airdrop/${id}/logo`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(logo.statusCode).toBe(200);
    expect(logo.headers["content-type"]).toBe("image/png");
    expect(Buffer.compare(logo.rawPayload, png)).toBe(0);
    expect(readsLogo()).toBe(true);
  });
});
