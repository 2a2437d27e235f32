// What the Discord sandbox test files share: a sandbox on a controllable clock (closed after each test), request
// helpers, and the OAuth2 consent and token steps.
import { afterEach, expect } from "vitest";
import {
  createDiscordSandbox,
  type DiscordSandbox,
  type DiscordSandboxOptions,
} from "../src/discord/index.ts";

export const now = Date.UTC(2026, 5, 15, 12, 0, 0);
export const redirectUri = "http://localhost:5173/auth/discord";
export const form = { "content-type": "application/x-www-form-urlencoded" };
let sandbox: DiscordSandbox | undefined;
let time = now;

/** A sandbox whose clock starts at `now`; call `useDiscordSandboxCleanup()` in the file to close it. */
export function setup(options: DiscordSandboxOptions = {}): DiscordSandbox {
  time = now;
  sandbox = createDiscordSandbox({ clock: () => time, ...options });
  return sandbox;
}

/** Moves the sandbox's clock forward. */
export function advanceClock(ms: number): void {
  time += ms;
}

export function useDiscordSandboxCleanup(): void {
  afterEach(async () => {
    await sandbox?.close();
    sandbox = undefined;
  });
}

// biome-ignore lint/suspicious/noExplicitAny: the assertions walk arbitrary JSON answers
export type Json = any;

export async function call(
  app: DiscordSandbox,
  method: "GET" | "PUT" | "DELETE",
  url: string,
  authorization?: string,
) {
  const response = await app.inject({
    method,
    url,
    headers: authorization === undefined ? {} : { authorization },
  });
  return {
    status: response.statusCode,
    headers: response.headers,
    body: (response.body ? response.json() : undefined) as Json,
  };
}

export const asBot = (app: DiscordSandbox) => `Bot ${app.botToken}`;

export function authorizeQuery(
  app: { clientId: string },
  overrides: Record<string, string | undefined> = {},
): string {
  const params: Record<string, string | undefined> = {
    response_type: "code",
    client_id: app.clientId,
    scope: "identify guilds guilds.members.read",
    state: "st4te",
    redirect_uri: redirectUri,
    ...overrides,
  };
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value !== undefined) search.set(key, value);
  return search.toString();
}

/** Posts the consent form as `userId` and returns the redirect's URL. */
export async function consent(
  app: DiscordSandbox,
  userId: string,
  overrides: Record<string, string | undefined> = {},
) {
  const response = await app.inject({
    method: "POST",
    url: "/oauth2/authorize",
    headers: form,
    payload: `${authorizeQuery(app, overrides)}&user_id=${userId}`,
  });
  expect(response.statusCode).toBe(302);
  return new URL(String(response.headers.location));
}

export async function token(app: DiscordSandbox, fields: Record<string, string>, path = "/api/oauth2/token") {
  const response = await app.inject({
    method: "POST",
    url: path,
    headers: form,
    payload: new URLSearchParams(fields).toString(),
  });
  return { status: response.statusCode, body: response.json() as Json };
}
