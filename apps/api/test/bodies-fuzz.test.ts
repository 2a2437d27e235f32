// T12 fuzzing: random and hostile create and update bodies for airdrops and pickers, and random query strings on
// the list routes, never get a 5xx, and every answer is the envelope {content, typeCode, message}. fast-check
// mixes the real field names with values of every type (and binary strings, lone surrogates included).
import fc from "fast-check";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { airdropDraftBody } from "./builders.ts";
import { createAirdropDraft, signIn } from "./helper.ts";
import { buildTestAppWithX, signInWithX, type XTestContext } from "./x-helper.ts";

const runs = { numRuns: 40 };
const giveawayUrl = "https://x.com/dropfair_host/status/2002842258109890560";

let context: XTestContext;
let wallet: string;
let host: string;
let airdropId: number;
let pickerId: number;

beforeAll(async () => {
  context = await buildTestAppWithX({ pickerJobs: { pipeline: async () => {}, draw: async () => {} } });
  wallet = (await signIn(context.app)).token;
  host = await signInWithX(context, "dropfair_host");
  airdropId = (await createAirdropDraft(context.app, wallet)).id;
  const picker = await context.app.inject({
    method: "POST",
    url: "/api/bounty/picker",
    headers: { authorization: `Bearer ${host}` },
    payload: { postUrl: giveawayUrl, winnerCount: 2 },
  });
  expect(picker.statusCode).toBe(200);
  pickerId = picker.json().content.id;
});
afterAll(async () => {
  await context.close();
});

/** Not a 5xx, and exactly the envelope. */
function expectEnvelope(answer: LightMyRequestResponse, what: unknown): void {
  const label = JSON.stringify(what)?.slice(0, 300);
  expect(answer.statusCode, label).toBeLessThan(500);
  const body = answer.json() as Record<string, unknown>;
  expect(Object.keys(body).sort(), label).toEqual(["content", "message", "typeCode"]);
  expect(typeof body.typeCode, label).toBe("number");
  expect(typeof body.message, label).toBe("string");
  if (answer.statusCode >= 400) expect(body.content, label).toBeNull();
}

/** Strings of characters that have broken parsers and databases: NUL, controls, surrogate halves, RTL, CJK. */
const hostile = fc.string({
  unit: fc.constantFrom(
    "a",
    "0",
    " ",
    "\u0000",
    "\u0007",
    "\n",
    "\ud800",
    "\udfff",
    "\u202e",
    "\ufeff",
    "中",
    "😀",
  ),
  maxLength: 20,
});
const text = fc.oneof(
  fc.string(),
  hostile,
  fc.string({ unit: "binary", maxLength: 80 }),
  fc.string({ maxLength: 3000 }),
);
/** A value of any JSON type, or something close to a valid one. */
const value = fc.oneof(
  fc.jsonValue({ maxDepth: 2 }),
  text,
  hostile,
  fc.integer(),
  fc.double(),
  fc.bigInt({ min: -(2n ** 80n), max: 2n ** 80n }).map(String),
  fc.constantFrom(
    null,
    "",
    " ",
    "0",
    "-1",
    "1e400",
    "NaN",
    "0x1234",
    "0xF39fd6e51aad88F6F4ce6aB8827279cffFb92266",
    "2026-02-30T25:61:00Z",
    "9999-12-31T23:59:59.999Z",
    "<script>alert(1)</script>",
    "a\u0000b",
    "\u202etxt.exe",
  ),
);

/**
 * Bodies made of the route's own fields: a valid body with one text field set to hostile text, or with one field
 * set to any value (so most reach the use case), a few fields (and strangers) set at random, or any JSON at all.
 */
function bodies(
  fields: readonly string[],
  textFields: readonly string[],
  base: Record<string, unknown> = {},
) {
  const names = fc.constantFrom(...fields, "owner", "status", "__proto__", "constructor");
  const withField = (name: string, any: unknown) => ({ ...base, [name]: any });
  return fc.oneof(
    {
      weight: 2,
      arbitrary: fc.tuple(fc.constantFrom(...textFields), hostile).map(([name, any]) => withField(name, any)),
    },
    { weight: 2, arbitrary: fc.tuple(names, value).map(([name, any]) => withField(name, any)) },
    {
      weight: 1,
      arbitrary: fc.dictionary(names, value, { maxKeys: 6 }).map((extra) => ({ ...base, ...extra })),
    },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  );
}

const airdropFields = [
  "title",
  "description",
  "startAt",
  "endAt",
  "posterStyle",
  "idType",
  "rewardType",
  "chainId",
  "tokenAddress",
  "customToken",
  "tokenSymbol",
  "totalAmount",
  "shares",
  "mode",
  "discordGuildId",
  "discordRoleId",
  "telegramChatId",
] as const;
const pickerFields = [
  "postUrl",
  "winnerCount",
  "rewardAmount",
  "rewardText",
  "followTargets",
  "requireRetweet",
  "requireReply",
  "infoType",
  "infoName",
  "filters",
  "version",
] as const;

const airdropTextFields = ["title", "description", "tokenSymbol", "totalAmount", "telegramChatId", "startAt"];
const pickerTextFields = ["postUrl", "rewardText", "rewardAmount", "infoName"];

function send(method: "POST" | "PATCH", url: string, token: string, body: unknown) {
  return context.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    payload: JSON.stringify(body) ?? "null",
  });
}

describe("random bodies and queries never get a 5xx, always the envelope (T12)", () => {
  it("airdrop create and update bodies", async () => {
    await fc.assert(
      fc.asyncProperty(bodies(airdropFields, airdropTextFields, airdropDraftBody()), async (body) => {
        expectEnvelope(await send("POST", "/api/bounty/airdrop", wallet, body), body);
      }),
      runs,
    );
    await fc.assert(
      fc.asyncProperty(bodies(airdropFields, airdropTextFields), async (body) => {
        expectEnvelope(await send("PATCH", `/api/bounty/airdrop/${airdropId}`, wallet, body), body);
      }),
      runs,
    );
  });

  it("picker create and update bodies", async () => {
    await fc.assert(
      fc.asyncProperty(
        bodies(pickerFields, pickerTextFields, { postUrl: giveawayUrl, winnerCount: 1 }),
        async (body) => {
          expectEnvelope(await send("POST", "/api/bounty/picker", host, body), body);
        },
      ),
      runs,
    );
    await fc.assert(
      fc.asyncProperty(
        bodies(["winnerCount", "rewardAmount", "rewardText"], ["rewardText", "rewardAmount"]),
        async (body) => {
          expectEnvelope(await send("PATCH", `/api/bounty/picker/${pickerId}`, host, body), body);
        },
      ),
      runs,
    );
  });

  it("query strings of the list routes", async () => {
    const lists = () => [
      { url: "/api/bounty/airdrop", names: ["filter", "status", "page", "pageSize"] },
      { url: `/api/bounty/airdrop/${airdropId}/participants`, names: ["page", "pageSize", "search"] },
      { url: "/api/bounty/picker", names: ["page", "size", "mine"] },
      { url: `/api/bounty/picker/${pickerId}/participants`, names: ["page", "size", "filter", "q"] },
      { url: "/api/bounty/picker/resolve", names: ["q"] },
    ];
    // Values as sent on the wire: any text percent-encoded, or escapes that decode to nothing valid.
    const raw = fc.oneof(
      text.map((value) => encodeURIComponent(Buffer.from(value).toString())),
      fc.constantFrom(
        "%00",
        "%ff",
        "%ED%A0%80",
        "%",
        "%%",
        "%u0041",
        "1%2C2",
        "-1",
        "1e400",
        "99999999999999999999",
      ),
    );
    const query = fc.array(fc.tuple(fc.constantFrom("page", "size", "pageSize", "filter", "q", "x"), raw), {
      maxLength: 5,
    });
    await fc.assert(
      fc.asyncProperty(
        fc.nat({ max: lists().length - 1 }),
        query,
        fc.boolean(),
        async (index, pairs, signedIn) => {
          const list = lists()[index]!;
          const search = pairs
            .map(([name, raw]) => {
              const key = name === "x" ? (list.names[0] ?? name) : name;
              return `${encodeURIComponent(key)}=${raw}`;
            })
            .join("&");
          const answer = await context.app.inject({
            url: `${list.url}?${search}`,
            headers: signedIn
              ? { authorization: `Bearer ${list.url.includes("picker") ? host : wallet}` }
              : {},
          });
          expectEnvelope(answer, `${list.url}?${search}`);
        },
      ),
      { numRuns: 60 },
    );
  });
});
