// Refusals say what is wrong, about the right thing, to the right caller, in the caller's language.
import type { InjectOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { airdropDraftBody } from "./builders.ts";
import { buildTestApp, createAirdropDraft, signIn, type TestContext } from "./helper.ts";

let context: TestContext;
let token: string;
let draftId: number;
beforeAll(async () => {
  context = await buildTestApp();
  token = (await signIn(context.app)).token;
  draftId = (await createAirdropDraft(context.app, token)).id;
});
afterAll(async () => {
  await context.close();
});

async function messageOf(request: InjectOptions) {
  const response = await context.app.inject(request);
  return { status: response.statusCode, message: response.json().message as string };
}

describe("validation messages", () => {
  it("name the field a catalogue message is about, in en and cn", async () => {
    const request = {
      method: "PATCH" as const,
      url: `/api/bounty/airdrop/${draftId}`,
      payload: { endAt: "+275760-09-13T00:00:00.000Z" },
    };
    expect(await messageOf({ ...request, headers: { authorization: `Bearer ${token}` } })).toEqual({
      status: 400,
      message: "endAt is not valid.",
    });
    const cn = await messageOf({
      ...request,
      headers: { authorization: `Bearer ${token}`, "accept-language": "zh-cn" },
    });
    expect(cn).toEqual({ status: 400, message: "endAt 无效。" });
  });

  it("talk about the logo on the logo route, not about a poster", async () => {
    const answer = await messageOf({
      method: "PUT",
      url: `/api/bounty/airdrop/${draftId}/logo`,
      headers: { authorization: `Bearer ${token}` },
      payload: { image: "data:image/gif;base64,R0lGODlhAQABAAAAACw=" },
    });
    expect(answer).toEqual({ status: 400, message: "The logo must be a PNG, JPEG or WebP image." });
  });

  it("give zod's details in Chinese to a Chinese caller", async () => {
    const answer = await messageOf({
      method: "POST",
      url: "/api/bounty/airdrop",
      headers: { authorization: `Bearer ${token}`, "accept-language": "zh-cn" },
      payload: { ...airdropDraftBody(), title: 5 },
    });
    expect(answer.status).toBe(400);
    expect(answer.message).toMatch(/^请求无效：title: /);
    expect(answer.message).not.toMatch(/Invalid input|expected/);
  });
});

describe("titles people read", () => {
  it("refuse a title of invisible characters and drop direction overrides", async () => {
    const headers = { authorization: `Bearer ${token}` };
    for (const title of ["\u200b", "\u200b\u200c \ufeff", "\u202e\u202c"]) {
      const answer = await messageOf({
        method: "POST",
        url: "/api/bounty/airdrop",
        headers,
        payload: airdropDraftBody({ title }),
      });
      expect(answer, JSON.stringify(title)).toEqual({ status: 400, message: "Please input title" });
    }
    const created = await context.app.inject({
      method: "POST",
      url: "/api/bounty/airdrop",
      headers,
      payload: airdropDraftBody({ title: "Free \u202egnp.exe\u202c drop" }),
    });
    expect(created.statusCode).toBe(200);
    expect(created.json().content.title).toBe("Free gnp.exe drop");
  });
});

describe("who is told to sign in", () => {
  it("asks a caller without a token to sign in, and tells one with a dead token that it expired", async () => {
    expect(await messageOf({ method: "GET", url: "/api/reg/socialmedia/LoginStatus" })).toEqual({
      status: 401,
      message: "Please connect your wallet and sign in first.",
    });
    expect(
      await messageOf({
        method: "GET",
        url: "/api/reg/socialmedia/LoginStatus",
        headers: { "accept-language": "zh-cn" },
      }),
    ).toEqual({ status: 401, message: "请先连接钱包并登录。" });
    expect(
      await messageOf({
        method: "GET",
        url: "/api/reg/socialmedia/LoginStatus",
        headers: { authorization: "Bearer not-a-live-token-0123456789" },
      }),
    ).toEqual({ status: 401, message: "Your token is expired, please re-login." });
  });
});
