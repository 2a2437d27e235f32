import { eq, referralCodes, referralLinks, users } from "@dropfair/db";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, newWallet, type TestContext } from "./helper.ts";
import { codeOf, referralCall, signInWithParent, userIdOf } from "./referral-helper.ts";

let context: TestContext;
beforeAll(async () => {
  context = await buildTestApp({ environment: { REFERRAL_LOOKUP_MISS_LIMIT: "1000" } });
});
afterAll(async () => {
  await context.close();
});

async function linkOf(userId: number) {
  const [link] = await context.database.db
    .select()
    .from(referralLinks)
    .where(eq(referralLinks.refereeUserId, userId));
  return link;
}

async function parentCodeColumn(userId: number) {
  const [user] = await context.database.db.select().from(users).where(eq(users.id, userId));
  return user?.parentCode;
}

describe("the user code made at the first sign-in", () => {
  it("gives every new wallet a valid code of its own, unique, and keeps it at later sign-ins", async () => {
    const first = await signInWithParent(context.app);
    const second = await signInWithParent(context.app);
    const code = await codeOf(context.app, first.token);
    expect(code).toMatch(/^[a-z0-9_-]{4,16}$/);
    expect(await codeOf(context.app, second.token)).not.toBe(code);
    const again = await signInWithParent(context.app, undefined, first.wallet);
    expect(await codeOf(context.app, again.token)).toBe(code);
    const rows = await context.database.db
      .select()
      .from(referralCodes)
      .where(eq(referralCodes.userId, await userIdOf(context, first.wallet)));
    expect(rows).toHaveLength(1);
  });

  it("answers the code, the share path and zero totals on GET /me", async () => {
    const { token } = await signInWithParent(context.app);
    const me = await referralCall(context.app, { url: "/me", token });
    expect(me.status).toBe(200);
    const code = me.body.content.code;
    expect(me.body.content).toEqual({
      code,
      sharePath: `/achievement/${code}`,
      totals: { referees: 0, rewardedReferees: 0, rewardEp: 0 },
      rewardEp: 50,
      monthlyCapEp: 1000,
      earnedThisMonthEp: 0,
    });
  });

  it("refuses anonymous callers with 401", async () => {
    for (const url of ["/me", "/me/results"]) {
      const answer = await referralCall(context.app, { url });
      expect(answer.status).toBe(401);
      expect(answer.body.content).toBeNull();
    }
    const change = await referralCall(context.app, {
      method: "PUT",
      url: "/me/code",
      payload: { code: "anonymous" },
    });
    expect(change.status).toBe(401);
  });
});

describe("the parent bound at the first sign-in", () => {
  it("binds an existing code of another user and records it on the user", async () => {
    const referrer = await signInWithParent(context.app);
    const code = await codeOf(context.app, referrer.token);
    const referee = await signInWithParent(context.app, code);
    const refereeId = await userIdOf(context, referee.wallet);
    const link = await linkOf(refereeId);
    expect(link?.referrerUserId).toBe(await userIdOf(context, referrer.wallet));
    expect(link?.code).toBe(code);
    expect(await parentCodeColumn(refereeId)).toBe(code);
  });

  it("binds only at the first sign-in: a later sign-in with another parent changes nothing", async () => {
    const first = await signInWithParent(context.app);
    const other = await signInWithParent(context.app);
    const referee = await signInWithParent(context.app, await codeOf(context.app, first.token));
    await signInWithParent(context.app, await codeOf(context.app, other.token), referee.wallet);
    const refereeId = await userIdOf(context, referee.wallet);
    expect((await linkOf(refereeId))?.referrerUserId).toBe(await userIdOf(context, first.wallet));
    expect(await parentCodeColumn(refereeId)).toBe(await codeOf(context.app, first.token));
  });

  it("binds nothing for a code nobody holds, and nothing for a wallet signing in again with its own code", async () => {
    const stranger = await signInWithParent(context.app, "nobody-has-this");
    const strangerId = await userIdOf(context, stranger.wallet);
    expect(await linkOf(strangerId)).toBeUndefined();
    expect(await parentCodeColumn(strangerId)).toBeNull();
    // The own code can only be known after the first sign-in, which is the only one that binds.
    await signInWithParent(context.app, await codeOf(context.app, stranger.token), stranger.wallet);
    expect(await linkOf(strangerId)).toBeUndefined();
  });

  it.each([
    ["HTML", "<b>x</b>"],
    ["a reserved word", "referral"],
    ["a route name", "achievement"],
    ["a NUL byte", "ab\u0000cd"],
    ["65 characters", "a".repeat(65)],
    ["64 characters", "a".repeat(64)],
    ["upper case", "ABCD"],
    ["a number", 1234],
    ["null", null],
    ["an object", { code: "abcd" }],
    ["4,097 characters", "a".repeat(4097)],
  ])("signs in and binds nothing for a parent with %s", async (_, parent) => {
    const wallet = newWallet();
    const { token } = await signInWithParent(context.app, parent, wallet);
    expect(token.length).toBeGreaterThan(20);
    const userId = await userIdOf(context, wallet);
    expect(await linkOf(userId)).toBeUndefined();
    expect(await parentCodeColumn(userId)).toBeNull();
  });

  it("binds nothing when the parent is the caller's own address", async () => {
    const wallet = newWallet();
    await signInWithParent(context.app, wallet.address, wallet);
    expect(await linkOf(await userIdOf(context, wallet))).toBeUndefined();
  });
});

describe("PUT /api/bounty/referral/me/code", () => {
  it("changes the owner's code; the new code is theirs and the old one is free", async () => {
    const { token } = await signInWithParent(context.app);
    const old = await codeOf(context.app, token);
    const wanted = `me-${Date.now().toString(36)}`.slice(0, 16);
    const change = await referralCall(context.app, {
      method: "PUT",
      url: "/me/code",
      token,
      payload: { code: wanted },
    });
    expect(change.status).toBe(200);
    expect(change.body.content).toEqual({ code: wanted });
    expect(await codeOf(context.app, token)).toBe(wanted);
    const other = await signInWithParent(context.app);
    const takeOld = await referralCall(context.app, {
      method: "PUT",
      url: "/me/code",
      token: other.token,
      payload: { code: old },
    });
    expect(takeOld.status).toBe(200);
  });

  it("refuses a code another user holds, in en and cn, and leaves both codes as they were", async () => {
    const holder = await signInWithParent(context.app);
    const taker = await signInWithParent(context.app);
    const held = await codeOf(context.app, holder.token);
    const own = await codeOf(context.app, taker.token);
    for (const [language, message] of [
      ["en", "This code is already taken."],
      ["cn", "该邀请码已被使用。"],
    ] as const) {
      const answer = await referralCall(context.app, {
        method: "PUT",
        url: "/me/code",
        token: taker.token,
        payload: { code: held },
        language,
      });
      expect(answer.status).toBe(409);
      expect(answer.body).toEqual({ content: null, typeCode: 642, message });
    }
    expect(await codeOf(context.app, holder.token)).toBe(held);
    expect(await codeOf(context.app, taker.token)).toBe(own);
  });

  it("accepts the owner's own current code again", async () => {
    const { token } = await signInWithParent(context.app);
    const own = await codeOf(context.app, token);
    const answer = await referralCall(context.app, {
      method: "PUT",
      url: "/me/code",
      token,
      payload: { code: own },
    });
    expect(answer.status).toBe(200);
  });

  it.each([
    ["en", "referral", 641, "This code is reserved. Please choose another one."],
    ["cn", "picker2", 641, "该邀请码为保留字，请换一个。"],
    ["en", "abc", 640, "The code must be 4-16 characters of lowercase letters, digits, _ or -."],
    ["cn", "Abcd", 640, "邀请码须为 4-16 位小写字母、数字、下划线或连字符。"],
    ["en", "<b>x</b>", 640, "The code must be 4-16 characters of lowercase letters, digits, _ or -."],
    ["en", "a".repeat(17), 640, "The code must be 4-16 characters of lowercase letters, digits, _ or -."],
  ] as const)(
    "answers %s for %j: typeCode %i and the catalogue message",
    async (language, code, typeCode, message) => {
      const { token } = await signInWithParent(context.app);
      const before = await codeOf(context.app, token);
      const answer = await referralCall(context.app, {
        method: "PUT",
        url: "/me/code",
        token,
        payload: { code },
        language,
      });
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual({ content: null, typeCode, message });
      expect(await codeOf(context.app, token)).toBe(before);
    },
  );

  it("answers 400, never 500, for bodies that are not a code, and refuses extra fields", async () => {
    const { token } = await signInWithParent(context.app);
    const before = await codeOf(context.app, token);
    for (const payload of [
      {},
      { code: 5 },
      { code: null },
      { code: "x".repeat(65) },
      { code: "good-code", userId: 1 },
      { code: "ab\u0000cd" },
    ]) {
      const answer = await referralCall(context.app, { method: "PUT", url: "/me/code", token, payload });
      expect(answer.status).toBe(400);
    }
    expect(await codeOf(context.app, token)).toBe(before);
  });
});

describe("GET /api/bounty/referral/codes/:code", () => {
  it("names the holder's short address for an existing code, and says so when a code does not exist", async () => {
    const { token, wallet } = await signInWithParent(context.app);
    const code = await codeOf(context.app, token);
    const found = await referralCall(context.app, { url: `/codes/${code}` });
    expect(found.status).toBe(200);
    expect(found.body.content).toEqual({
      exists: true,
      inviter: `${wallet.address.slice(0, 5)}…${wallet.address.slice(-4)}`,
    });
    for (const unknown of ["zzzz-none", "referral", "%3Cb%3E", "a".repeat(64)]) {
      const missing = await referralCall(context.app, { url: `/codes/${unknown}` });
      expect(missing.status).toBe(200);
      expect(missing.body.content).toEqual({ exists: false, inviter: null });
    }
    const tooLong = await referralCall(context.app, { url: `/codes/${"a".repeat(65)}` });
    expect(tooLong.status).toBe(400);
  });
});
