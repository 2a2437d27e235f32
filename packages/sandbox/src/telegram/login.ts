// A stand-in for the Telegram Login Widget. The browser comes to `/auth` as it would to
// oauth.telegram.org (`bot_id`, `origin`, `return_to`), picks a sandbox user, and is redirected to `return_to`
// with the widget's fields in the query, signed exactly as Telegram signs them.
import { createHash, createHmac } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { escapeHtml, field, isHttpUrl, pageStylesheet, sendHtml, withQuery } from "../shared/pages.ts";
import type { TelegramSandboxUser, TelegramWorld } from "./world.ts";

/** "key=value" lines of every field but `hash`, sorted by key, joined by "\n". */
export function telegramDataCheckString(fields: Readonly<Record<string, string>>): string {
  return Object.keys(fields)
    .filter((key) => key !== "hash")
    .sort()
    .map((key) => `${key}=${fields[key]}`)
    .join("\n");
}

/** hex(HMAC-SHA256(key = SHA256(bot_token), data_check_string)). */
export function signTelegramLogin(fields: Readonly<Record<string, string>>, botToken: string): string {
  const secret = createHash("sha256").update(botToken).digest();
  return createHmac("sha256", secret).update(telegramDataCheckString(fields)).digest("hex");
}

/** What the widget hands over for `user` at `authDate` (Unix seconds): only the fields the user has, plus hash. */
export function telegramLoginFields(
  user: TelegramSandboxUser,
  authDate: number,
  botToken: string,
): Record<string, string> {
  const fields: Record<string, string> = {
    id: String(user.id),
    first_name: user.first_name,
    auth_date: String(authDate),
  };
  if (user.last_name !== undefined) fields.last_name = user.last_name;
  if (user.username !== undefined) fields.username = user.username;
  if (user.photo_url !== undefined) fields.photo_url = user.photo_url;
  fields.hash = signTelegramLogin(fields, botToken);
  return fields;
}

type LoginRequest = {
  bot_id: string | undefined;
  origin: string | undefined;
  return_to: string | undefined;
  request_access: string | undefined;
};

const loginParams = ["bot_id", "origin", "return_to", "request_access"] as const;

function pickParams(source: unknown): LoginRequest {
  const out = {} as LoginRequest;
  for (const name of loginParams) out[name] = field(source, name);
  return out;
}

function hiddenFields(request: LoginRequest): string {
  return loginParams
    .filter((name) => request[name] !== undefined)
    .map((name) => `<input type="hidden" name="${name}" value="${escapeHtml(request[name] ?? "")}">`)
    .join("");
}

function displayName(user: TelegramSandboxUser): string {
  return [user.first_name, user.last_name].filter(Boolean).join(" ");
}

function loginPage(basePath: string, request: LoginRequest, world: TelegramWorld, message?: string): string {
  const action = `${basePath}/auth`;
  const users = world
    .loginUsers()
    .map(
      (user) =>
        `<li><button class="account" type="submit" name="user_id" value="${user.id}">` +
        `<span class="avatar" aria-hidden="true">${escapeHtml(user.first_name.slice(0, 1).toUpperCase())}</span>` +
        `<span><strong>${escapeHtml(displayName(user))}</strong> <span class="muted">${user.username ? `@${escapeHtml(user.username)}` : `id ${user.id}`}</span></span></button></li>`,
    )
    .join("");
  const site = request.origin ?? (request.return_to ? new URL(request.return_to).origin : "");
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Telegram sandbox - Log in</title><link rel="stylesheet" href="${basePath}/auth/sandbox.css"></head>
<body><main>
<p><span class="badge">Sandbox</span></p>
<h1>Log in to ${escapeHtml(site)}</h1>
<p class="muted">with @${escapeHtml(world.bot.username ?? "")}: the site receives your name, username and profile photo.</p>
${message ? `<p class="error" role="alert">${escapeHtml(message)}</p>` : ""}
<form method="post" action="${action}" aria-label="Choose an account">
${hiddenFields(request)}
<ul>${users}</ul>
</form>
</main></body></html>`;
}

function errorPage(basePath: string, message: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Telegram sandbox</title><link rel="stylesheet" href="${basePath}/auth/sandbox.css"></head>
<body><main><p><span class="badge">Sandbox</span></p><h1>${escapeHtml(message)}</h1></main></body></html>`;
}

export type LoginOptions = {
  /** Hostnames `return_to` may point at (Telegram's /setdomain). Default: any http(s) URL. */
  loginDomains?: string[];
};

/** Why a login request cannot go on, or undefined. */
function problemOf(request: LoginRequest, world: TelegramWorld, options: LoginOptions): string | undefined {
  if (request.bot_id !== String(world.bot.id)) return "Bot not found: check bot_id.";
  if (!isHttpUrl(request.return_to)) return "return_to must be an http(s) URL.";
  const target = new URL(request.return_to);
  if (request.origin !== undefined && request.origin !== target.origin) return "Bot domain invalid";
  if (options.loginDomains && !options.loginDomains.includes(target.hostname)) return "Bot domain invalid";
  return undefined;
}

export function registerLoginRoutes(
  app: FastifyInstance,
  dependencies: {
    world: TelegramWorld;
    botToken: string;
    clock: () => number;
    basePath: () => string;
  } & LoginOptions,
): void {
  const { world } = dependencies;

  app.get("/auth/sandbox.css", async (_request, reply) =>
    reply
      .type("text/css; charset=utf-8")
      .header("cache-control", "public, max-age=3600")
      .send(pageStylesheet("#2aabee")),
  );

  app.get("/auth", async (request, reply) => {
    const params = pickParams(request.query);
    const problem = problemOf(params, world, dependencies);
    if (problem) return sendHtml(reply, 400, errorPage(dependencies.basePath(), problem));
    return sendHtml(reply, 200, loginPage(dependencies.basePath(), params, world), params.return_to);
  });

  app.post("/auth", async (request, reply) => {
    const params = pickParams(request.body);
    const problem = problemOf(params, world, dependencies);
    if (problem) return sendHtml(reply, 400, errorPage(dependencies.basePath(), problem));
    const returnTo = params.return_to as string;
    const chosen = Number(field(request.body, "user_id"));
    const user = Number.isSafeInteger(chosen) ? world.user(chosen) : undefined;
    if (!user || user.is_bot) {
      return sendHtml(
        reply,
        200,
        loginPage(dependencies.basePath(), params, world, "Choose an account."),
        returnTo,
      );
    }
    const authDate = Math.floor(dependencies.clock() / 1000);
    return reply.redirect(
      withQuery(returnTo, telegramLoginFields(user, authDate, dependencies.botToken)),
      302,
    );
  });
}
