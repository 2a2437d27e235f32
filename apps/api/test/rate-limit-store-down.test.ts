// A rate-limit counter store that does not answer (REDIS_URL names a Redis that is down): the API keeps
// answering, its request limits going on without counting, and the one limit that counts itself against
// guessing (the referral code look-up) answers a retryable 503 in en and cn, never a 500.
import { createServer, type Server } from "node:net";
import { typeCodes } from "@dropfair/schemas/envelope";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, newWallet, requestMessage, signIn, type TestContext } from "./helper.ts";

let context: TestContext;
let deadRedis: Server;
beforeAll(async () => {
  // A port that accepts connections and drops them at once: a Redis that is down, without waiting on a timeout.
  deadRedis = createServer((socket) => socket.destroy());
  await new Promise<void>((resolve) => deadRedis.listen(0, "127.0.0.1", resolve));
  const address = deadRedis.address();
  if (address === null || typeof address === "string") throw new Error("no port");
  context = await buildTestApp({ environment: { REDIS_URL: `redis://127.0.0.1:${address.port}` } });
}, 60_000);
afterAll(async () => {
  await context?.close();
  await new Promise((resolve) => deadRedis?.close(resolve));
});

describe("rate limits with their Redis down", () => {
  it("let requests through: the sign-in message (a limit of its own) and a signed-in read answer 200", async () => {
    const message = await requestMessage(context.app, newWallet());
    expect(message.response.statusCode).toBe(200);
    const { token } = await signIn(context.app);
    const me = await context.app.inject({
      url: "/api/bounty/referral/me",
      headers: { authorization: `Bearer ${token}` },
    });
    expect(me.statusCode).toBe(200);
  });

  it("refuse a referral code look-up with a 503 that says to try again, in en and cn", async () => {
    const en = await context.app.inject({ url: "/api/bounty/referral/codes/zzzz-none" });
    expect({ status: en.statusCode, body: en.json() }).toEqual({
      status: 503,
      body: {
        content: null,
        typeCode: typeCodes.serviceUnavailable,
        message: "This cannot be checked right now. Please try again in a moment.",
      },
    });
    const cn = await context.app.inject({
      url: "/api/bounty/referral/codes/zzzz-none",
      headers: { "accept-language": "zh-CN" },
    });
    expect(cn.statusCode).toBe(503);
    expect(cn.json().message).toBe("暂时无法检查，请稍后再试。");
  });
});
