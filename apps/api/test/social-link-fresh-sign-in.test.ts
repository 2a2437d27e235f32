// T7: binding a Discord or Telegram account needs a recent wallet sign-in (10 minutes by default,
// SOCIAL_LINK_FRESH_SIGN_IN_MINUTES), so a session left open on a shared computer, or a stolen token, cannot bind
// someone else's account to the wallet. Checked when the binding starts and again when it finishes, since the
// state the start leaves lives 10 minutes itself (docs/security.md).
import { eq, socialLinks, users } from "@dropfair/db";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appOrigin, signIn } from "./helper.ts";
import { discordConsent, discordFixtures, telegramFixtures, telegramState } from "./social-helper.ts";
import { buildTestAppWithX, type XTestContext } from "./x-helper.ts";

const minute = 60_000;
const signInAgain = {
  content: null,
  typeCode: 420,
  message: "For your safety, sign in with your wallet again before linking an account.",
};

let offsetMs = 0;
const now = () => new Date(Date.now() + offsetMs);
let context: XTestContext;
let thirtyMinutes: XTestContext;
beforeAll(async () => {
  context = await buildTestAppWithX({ now });
  thirtyMinutes = await buildTestAppWithX({ now, environment: { SOCIAL_LINK_FRESH_SIGN_IN_MINUTES: "30" } });
});
afterAll(async () => {
  await context?.close();
  await thirtyMinutes?.close();
});

const headers = (token: string, language = "en-us") => ({
  authorization: `Bearer ${token}`,
  origin: appOrigin,
  "accept-language": language,
});

async function startBinding(
  provider: "discord" | "telegram",
  token: string,
  language = "en-us",
  app = context.app,
) {
  return app.inject({
    method: "POST",
    url: `/api/reg/socialmedia/${provider}/authorize`,
    headers: headers(token, language),
    payload: {},
  });
}

type Started = { finish: (language?: string) => Promise<Awaited<ReturnType<XTestContext["app"]["inject"]>>> };

/** Starts binding (the clock as it is now); `finish` sends the callback later, at whatever the clock says then. */
async function startFlow(
  target: XTestContext,
  provider: "discord" | "telegram",
  token: string,
): Promise<Started> {
  if (provider === "discord") {
    const { code, state } = await discordConsent(target.app, token, discordFixtures.users.alice);
    return {
      finish: (language) =>
        target.app.inject({
          method: "POST",
          url: "/api/reg/socialmedia/discord/callback",
          headers: headers(token, language),
          payload: { code, state },
        }),
    };
  }
  const { state } = await telegramState(target.app, token);
  return {
    finish: (language) =>
      target.app.inject({
        method: "POST",
        url: "/api/reg/socialmedia/telegram/callback",
        headers: headers(token, language),
        // The login widget signs the moment the user logs in there, on the app's clock.
        payload: {
          state,
          fields: target.telegramSandbox.loginFields(
            telegramFixtures.alice,
            Math.floor(now().getTime() / 1000),
          ),
        },
      }),
  };
}

async function linkRows(target: XTestContext, address: `0x${string}`) {
  return target.database.db
    .select({ provider: socialLinks.provider })
    .from(socialLinks)
    .innerJoin(users, eq(users.id, socialLinks.userId))
    .where(eq(users.address, address));
}

describe("binding an account after the wallet sign-in (T7)", () => {
  it("starts from a fresh sign-in and asks an eleven-minute-old session to sign in again", async () => {
    offsetMs = 0;
    const { token } = await signIn(context.app);
    for (const provider of ["discord", "telegram"] as const)
      expect((await startBinding(provider, token)).statusCode, provider).toBe(200);

    offsetMs = 11 * minute;
    for (const provider of ["discord", "telegram"] as const) {
      const stale = await startBinding(provider, token);
      expect(stale.statusCode, provider).toBe(401);
      expect(stale.json()).toEqual(signInAgain);
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

  it("refuses to finish when the session was fresh at the start but is older than the window now", async () => {
    for (const provider of ["discord", "telegram"] as const) {
      offsetMs = 0;
      const { token, wallet } = await signIn(context.app);
      // Started at nine minutes (fresh), finished at eleven: the state is still valid, the sign-in is not.
      offsetMs = 9 * minute;
      const started = await startFlow(context, provider, token);
      offsetMs = 11 * minute;
      const stale = await started.finish();
      expect(stale.statusCode, provider).toBe(401);
      expect(stale.json(), provider).toEqual(signInAgain);
      expect((await started.finish("zh-cn")).json().message, provider).toBe(
        "为了您的账户安全，请重新用钱包登录后再绑定账号。",
      );
      expect(await linkRows(context, wallet.address), provider).toEqual([]);
    }
    offsetMs = 0;
  });
});

describe("a configured window (SOCIAL_LINK_FRESH_SIGN_IN_MINUTES=30)", () => {
  it("binds from a twenty-minute-old session and refuses a thirty-one-minute-old one", async () => {
    for (const provider of ["discord", "telegram"] as const) {
      offsetMs = 0;
      const fresh = await signIn(thirtyMinutes.app);
      offsetMs = 20 * minute;
      const bound = await (await startFlow(thirtyMinutes, provider, fresh.token)).finish();
      expect(bound.statusCode, provider).toBe(200);
      expect(bound.json().content, provider).toMatchObject({ provider });
      expect(await linkRows(thirtyMinutes, fresh.wallet.address), provider).toEqual([{ provider }]);
      // Unbound again so the same sandbox account can go to the next wallet.
      await thirtyMinutes.app.inject({
        method: "POST",
        url: `/api/reg/socialmedia/${provider}/unlink`,
        headers: headers(fresh.token),
      });

      offsetMs = 0;
      const old = await signIn(thirtyMinutes.app);
      // Started at twenty-five minutes (fresh under this window), finished at thirty-one: refused.
      offsetMs = 25 * minute;
      const started = await startFlow(thirtyMinutes, provider, old.token);
      offsetMs = 31 * minute;
      expect((await started.finish()).json(), provider).toEqual(signInAgain);
      expect((await startBinding(provider, old.token, "en-us", thirtyMinutes.app)).json(), provider).toEqual(
        signInAgain,
      );
      expect(await linkRows(thirtyMinutes, old.wallet.address), provider).toEqual([]);
    }
    offsetMs = 0;
  });
});
