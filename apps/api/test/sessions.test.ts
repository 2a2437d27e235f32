import { sessions, signInNonces } from "@dropfair/db";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runPurgeExpiredSignIns } from "../src/modules/auth/index.ts";
import { buildTestApp, newWallet, requestMessage, signIn, type TestContext } from "./helper.ts";

let context: TestContext;
let clockOffsetMs = 0;
beforeAll(async () => {
  context = await buildTestApp({ now: () => new Date(Date.now() + clockOffsetMs) });
});
afterAll(async () => {
  await context.close();
});

function status(token?: string) {
  return context.app.inject({
    method: "GET",
    url: "/api/reg/socialmedia/LoginStatus",
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
}

function logout(token?: string) {
  return context.app.inject({
    method: "POST",
    url: "/api/reg/Authentication/logout",
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
}

describe("T6: logout, revocation and expiry", () => {
  it("answers 401 with the expired-token message to the old token right after logout", async () => {
    const { token } = await signIn(context.app);
    expect((await status(token)).statusCode).toBe(200);
    const out = await logout(token);
    expect(out.statusCode).toBe(200);
    const after = await status(token);
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual({
      content: null,
      typeCode: 420,
      message: "Your token is expired, please re-login.",
    });
  });

  it("logging out one session leaves another session of the same wallet working", async () => {
    const wallet = newWallet();
    const first = await signIn(context.app, wallet);
    const second = await signIn(context.app, wallet);
    await logout(first.token);
    expect((await status(first.token)).statusCode).toBe(401);
    expect((await status(second.token)).statusCode).toBe(200);
  });

  it("treats an expired token as absent", async () => {
    const { token } = await signIn(context.app);
    clockOffsetMs = 7 * 24 * 3600 * 1000 + 1000;
    try {
      expect((await status(token)).statusCode).toBe(401);
    } finally {
      clockOffsetMs = 0;
    }
  });

  it("refuses logout without a token (anonymous) and with a made-up token", async () => {
    expect((await logout()).statusCode).toBe(401);
    expect((await logout("x".repeat(43))).statusCode).toBe(401);
  });

  it("another user's logout does not touch my session", async () => {
    const mine = await signIn(context.app);
    const theirs = await signIn(context.app);
    await logout(theirs.token);
    expect((await status(mine.token)).statusCode).toBe(200);
  });

  it("answers the social detail routes to a signed-in user only", async () => {
    const { token } = await signIn(context.app);
    for (const url of [
      "/api/reg/socialmedia/LoginStatusDetail",
      "/api/reg/socialmedia/LoginStatusDetail/twitter",
    ]) {
      expect((await context.app.inject({ method: "GET", url })).statusCode).toBe(401);
      const answer = await context.app.inject({
        method: "GET",
        url,
        headers: { authorization: `Bearer ${token}` },
      });
      expect(answer.statusCode).toBe(200);
    }
    const detail = await context.app.inject({
      method: "GET",
      url: "/api/reg/socialmedia/LoginStatusDetail",
      headers: { authorization: `Bearer ${token}` },
    });
    expect(detail.json().content).toEqual({ twitter: null, discord: null, telegram: null });
  });
});

describe("purging expired sign-ins", () => {
  it("removes nonces and sessions that expired more than a day ago and keeps live ones", async () => {
    const live = await signIn(context.app);
    await requestMessage(context.app, newWallet());
    const before = {
      nonces: (await context.database.db.select().from(signInNonces)).length,
      sessions: (await context.database.db.select().from(sessions)).length,
    };
    expect(await runPurgeExpiredSignIns(context.database.db, new Date())).toEqual({ nonces: 0, sessions: 0 });
    const later = new Date(Date.now() + 9 * 24 * 3600 * 1000);
    const removed = await runPurgeExpiredSignIns(context.database.db, later);
    expect(removed.nonces).toBe(before.nonces);
    expect(removed.sessions).toBe(before.sessions);
    expect((await status(live.token)).statusCode).toBe(401);
  });
});
