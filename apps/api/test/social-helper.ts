// Binding Discord and Telegram accounts through the real routes and the mounted sandboxes.
import type { App } from "../src/app.ts";
import { appOrigin } from "./helper.ts";

/** Sandbox Discord users and the "Dropfair Sandbox" server (packages/sandbox/README.md). */
export const discordFixtures = {
  users: {
    host: "562576962355331172",
    alice: "722004973977731173",
    bob: "801420764774531174",
    carol: "885451716034691175",
  },
  guild: "837840745267331272",
  roles: { member: "837840745267331372", airdropOg: "837840745267331374", moderator: "837840745267331376" },
} as const;

/** Sandbox Telegram users (members of @dropfair_sandbox). */
export const telegramFixtures = { alice: 987654321, carol: 700000003 } as const;

const bearer = (token: string) => ({ authorization: `Bearer ${token}`, origin: appOrigin });

/** Starts linking Discord, consents on the sandbox page as `discordUserId`; returns the callback's code and state. */
export async function discordConsent(app: App, walletToken: string, discordUserId: string) {
  const started = await app.inject({
    method: "POST",
    url: "/api/reg/socialmedia/discord/authorize",
    headers: bearer(walletToken),
  });
  const url = new URL(started.json().content.url as string);
  const consent = await app.inject({
    method: "POST",
    url: url.pathname,
    headers: { "content-type": "application/x-www-form-urlencoded" },
    payload: `${url.searchParams.toString()}&user_id=${discordUserId}`,
  });
  const back = new URL(String(consent.headers.location));
  return { code: back.searchParams.get("code")!, state: back.searchParams.get("state")!, redirect: back };
}

export async function linkDiscord(app: App, walletToken: string, discordUserId: string) {
  const { code, state } = await discordConsent(app, walletToken, discordUserId);
  return app.inject({
    method: "POST",
    url: "/api/reg/socialmedia/discord/callback",
    headers: bearer(walletToken),
    payload: { code, state },
  });
}

/** Starts linking Telegram; returns the state from the return path the login page sends the browser to. */
export async function telegramState(app: App, walletToken: string) {
  const started = await app.inject({
    method: "POST",
    url: "/api/reg/socialmedia/telegram/authorize",
    headers: bearer(walletToken),
  });
  const url = new URL(started.json().content.url as string);
  const returnTo = new URL(url.searchParams.get("return_to")!);
  return { url, returnTo, state: returnTo.pathname.split("/").at(-1)! };
}

export async function linkTelegram(app: App, walletToken: string, fields: Record<string, string>) {
  const { state } = await telegramState(app, walletToken);
  return app.inject({
    method: "POST",
    url: "/api/reg/socialmedia/telegram/callback",
    headers: bearer(walletToken),
    payload: { state, fields },
  });
}
