// Binding Discord (OAuth 2.0 + PKCE) and Telegram (the login widget's signed fields) to a wallet user, through the
// HTTP layer and the mounted sandboxes: the happy paths and the attacks of T7 (docs/security.md).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appOrigin, signIn } from "./helper.ts";
import {
  discordConsent,
  discordFixtures,
  linkDiscord,
  linkTelegram,
  telegramFixtures,
  telegramState,
} from "./social-helper.ts";
import { buildTestAppWithX, type XTestContext } from "./x-helper.ts";

let context: XTestContext;

beforeAll(async () => {
  context = await buildTestAppWithX();
});

afterAll(async () => {
  await context?.close();
});

const bearer = (token: string) => ({ authorization: `Bearer ${token}`, origin: appOrigin });

async function detail(token: string) {
  const response = await context.app.inject({
    url: "/api/reg/socialmedia/LoginStatusDetail",
    headers: bearer(token),
  });
  return response.json().content as {
    discord: { id: string; username: string } | null;
    telegram: { id: string; username: string | null } | null;
  };
}

describe("binding Discord", () => {
  it("sends the browser to Discord with PKCE and binds the account that consented", async () => {
    const { token } = await signIn(context.app);
    const { redirect } = await discordConsent(context.app, token, discordFixtures.users.bob);
    expect(`${redirect.origin}${redirect.pathname}`).toBe(`${appOrigin}/auth/discord`);
    const linked = await linkDiscord(context.app, token, discordFixtures.users.alice);
    expect(linked.json().content).toMatchObject({
      provider: "discord",
      id: discordFixtures.users.alice,
      username: "sandbox_alice",
    });
    expect((await detail(token)).discord).toMatchObject({ id: discordFixtures.users.alice });
    const status = await context.app.inject({
      url: "/api/reg/socialmedia/LoginStatus",
      headers: bearer(token),
    });
    expect(status.json().content).toMatchObject({ discord: true, telegram: false });
  });

  it("refuses a state started by another user, a used state, a forged state and a bad code (T7)", async () => {
    const victim = await signIn(context.app);
    const attacker = await signIn(context.app);
    const { code, state } = await discordConsent(context.app, attacker.token, discordFixtures.users.carol);
    const callback = (token: string, body: Record<string, string>) =>
      context.app.inject({
        method: "POST",
        url: "/api/reg/socialmedia/discord/callback",
        headers: bearer(token),
        payload: body,
      });
    // The attacker's callback link opened in the victim's browser binds nothing.
    const crossed = await callback(victim.token, { code, state });
    expect(crossed.json()).toMatchObject({ typeCode: 426 });
    expect((await detail(victim.token)).discord).toBeNull();
    const forged = await callback(attacker.token, { code, state: "A".repeat(43) });
    expect(forged.json().typeCode).toBe(426);
    const wrongCode = await discordConsent(context.app, attacker.token, discordFixtures.users.carol);
    const refused = await callback(attacker.token, { code: "not-a-code", state: wrongCode.state });
    expect(refused.json().typeCode).toBe(427);
    // The refused attempt used its state up too.
    const reused = await callback(attacker.token, { code: wrongCode.code, state: wrongCode.state });
    expect(reused.json().typeCode).toBe(426);
    expect((await callback(victim.token, { code, state })).json().typeCode).toBe(426);
    const anonymous = await context.app.inject({
      method: "POST",
      url: "/api/reg/socialmedia/discord/authorize",
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it("refuses a code issued for another PKCE challenge: Discord sees the wrong verifier, nothing is bound (T7)", async () => {
    const { token } = await signIn(context.app);
    // Two consents of the same user: the code of the first goes back with the state (and so the verifier) of
    // the second, as when an intercepted code is replayed into another authorisation.
    const first = await discordConsent(context.app, token, discordFixtures.users.carol);
    const second = await discordConsent(context.app, token, discordFixtures.users.carol);
    const crossed = await context.app.inject({
      method: "POST",
      url: "/api/reg/socialmedia/discord/callback",
      headers: bearer(token),
      payload: { code: first.code, state: second.state },
    });
    expect(crossed.statusCode).toBe(400);
    expect(crossed.json().typeCode).toBe(427);
    expect((await detail(token)).discord).toBeNull();
    // The second consent's own code with its own state still binds: the refusal was the verifier's.
    const own = await discordConsent(context.app, token, discordFixtures.users.carol);
    const bound = await context.app.inject({
      method: "POST",
      url: "/api/reg/socialmedia/discord/callback",
      headers: bearer(token),
      payload: { code: own.code, state: own.state },
    });
    expect(bound.json().typeCode).toBe(1);
    expect((await detail(token)).discord).toMatchObject({ id: discordFixtures.users.carol });
  });

  it("binds one Discord account to one wallet only", async () => {
    const first = await signIn(context.app);
    const second = await signIn(context.app);
    expect((await linkDiscord(context.app, first.token, discordFixtures.users.host)).statusCode).toBe(200);
    const taken = await linkDiscord(context.app, second.token, discordFixtures.users.host);
    expect(taken.json()).toMatchObject({
      typeCode: 428,
      message: "This discord account is already bound to another wallet.",
    });
    // Unbinding frees it.
    await context.app.inject({
      method: "POST",
      url: "/api/reg/socialmedia/discord/unlink",
      headers: bearer(first.token),
    });
    expect((await linkDiscord(context.app, second.token, discordFixtures.users.host)).statusCode).toBe(200);
    expect((await detail(first.token)).discord).toBeNull();
  });
});

describe("binding Telegram", () => {
  it("checks the login widget's hash with the bot token and binds the account", async () => {
    const { token } = await signIn(context.app);
    const { url, returnTo } = await telegramState(context.app, token);
    expect(url.pathname).toBe("/sandbox/telegram/auth");
    expect(returnTo.pathname).toMatch(/^\/auth\/telegram\/[A-Za-z0-9_-]+$/);
    const fields = context.telegramSandbox.loginFields(telegramFixtures.alice);
    const linked = await linkTelegram(context.app, token, fields);
    expect(linked.json().content).toMatchObject({ provider: "telegram", id: String(telegramFixtures.alice) });
    expect((await detail(token)).telegram).toMatchObject({ id: String(telegramFixtures.alice) });
  });

  it("refuses tampered fields, an old login and a used state", async () => {
    const { token } = await signIn(context.app);
    const fields = context.telegramSandbox.loginFields(telegramFixtures.carol);
    const tampered = await linkTelegram(context.app, token, {
      ...fields,
      id: String(telegramFixtures.alice),
    });
    expect(tampered.json()).toMatchObject({ typeCode: 427 });
    const old = context.telegramSandbox.loginFields(
      telegramFixtures.carol,
      Math.floor(Date.now() / 1000) - 7200,
    );
    expect((await linkTelegram(context.app, token, old)).json().typeCode).toBe(427);
    const { state } = await telegramState(context.app, token);
    const post = () =>
      context.app.inject({
        method: "POST",
        url: "/api/reg/socialmedia/telegram/callback",
        headers: bearer(token),
        payload: { state, fields },
      });
    expect((await post()).statusCode).toBe(200);
    expect((await post()).json().typeCode).toBe(426);
  });
});
