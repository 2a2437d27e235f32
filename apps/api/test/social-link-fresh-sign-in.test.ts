// T7: binding a Discord or Telegram account needs a recent wallet sign-in (10 minutes by default), so a session
// left open on a shared computer, or a stolen token, cannot bind someone else's account to the wallet.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appOrigin, signIn } from "./helper.ts";
import { buildTestAppWithX, type XTestContext } from "./x-helper.ts";

let context: XTestContext;
let offsetMs = 0;
beforeAll(async () => {
  context = await buildTestAppWithX({ now: () => new Date(Date.now() + offsetMs) });
});
afterAll(async () => {
  await context.close();
});

async function startBinding(provider: "discord" | "telegram", token: string, language = "en-us") {
  return context.app.inject({
    method: "POST",
    url: `/api/reg/socialmedia/${provider}/authorize`,
    headers: { authorization: `Bearer ${token}`, origin: appOrigin, "accept-language": language },
    payload: {},
  });
}

describe("binding an account after the wallet sign-in (T7)", () => {
  it("starts from a fresh sign-in and asks an eleven-minute-old session to sign in again", async () => {
    offsetMs = 0;
    const { token } = await signIn(context.app);
    for (const provider of ["discord", "telegram"] as const)
      expect((await startBinding(provider, token)).statusCode, provider).toBe(200);

    offsetMs = 11 * 60_000;
    for (const provider of ["discord", "telegram"] as const) {
      const stale = await startBinding(provider, token);
      expect(stale.statusCode, provider).toBe(401);
      expect(stale.json()).toEqual({
        content: null,
        typeCode: 420,
        message: "For your safety, sign in with your wallet again before linking an account.",
      });
    }
    expect((await startBinding("discord", token, "zh-cn")).json().message).toBe(
      "为了您的账户安全，请重新用钱包登录后再绑定账号。",
    );

    // The session itself still works for everything else, and a new sign-in may bind again.
    const status = await context.app.inject({
      url: "/api/reg/socialmedia/LoginStatus",
      headers: { authorization: `Bearer ${token}` },
    });
    expect(status.statusCode).toBe(200);
    const again = await signIn(context.app);
    expect((await startBinding("discord", again.token)).statusCode).toBe(200);
  });
});
