// Discord's OAuth2 authorization-code flow: the authorize page the browser is sent to,
// the token endpoint (code and refresh grants, optional PKCE), revocation, and the store bearer tokens are
// checked against.
import { createHash, randomBytes } from "node:crypto";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import {
  escapeHtml,
  field,
  isHttpUrl,
  pageStylesheet,
  pathBelow,
  sendHtml,
  withQuery,
} from "../shared/pages.ts";
import { sameText } from "../shared/same-text.ts";
import { type DiscordFaults, sendFault } from "./faults.ts";
import type { DiscordSandboxUser, DiscordWorld } from "./world.ts";

export type DiscordOAuthApplication = {
  clientId: string;
  /** Leave out for a public client (PKCE, no secret). */
  clientSecret?: string;
  /** Exact redirect URIs; leave out to accept any http(s) URL (handy for tests on random ports). */
  redirectUris?: string[];
};

/** What the consent page says each scope gives (Discord's wording, shortened). */
export const discordScopes: Record<string, string> = {
  identify: "Access your username, avatar, and banner",
  email: "Access your email address",
  guilds: "Know what servers you're in",
  "guilds.members.read": "Read your member info (nickname, avatar, roles) for servers you belong to",
  "guilds.join": "Join servers for you",
  connections: "Access your third-party connections",
  "role_connections.write": "Update your connection and metadata for this app",
  openid: "Sign you in with OpenID Connect",
};

export type DiscordTokenResponse = {
  access_token: string;
  token_type: "Bearer";
  expires_in: number;
  refresh_token: string;
  scope: string;
};

export type DiscordOAuthError = { error: string; error_description?: string };

export type UserPrincipal = { kind: "user"; userId: string; scopes: ReadonlySet<string>; clientId: string };

type Grant = { clientId: string; userId: string; scopes: string[] };

type PendingCode = Grant & {
  redirectUri: string;
  challenge: string | undefined;
  method: "S256" | "plain" | undefined;
  expiresAt: number;
  used: boolean;
};

export type DiscordOAuthStoreOptions = {
  applications: DiscordOAuthApplication[];
  clock: () => number;
  codeTtlMs: number;
  accessTokenTtlSeconds: number;
};

function token(bytes: number): string {
  return randomBytes(bytes).toString("base64url");
}

function oauthError(error: string, description?: string): DiscordOAuthError {
  return description === undefined ? { error } : { error, error_description: description };
}

export class DiscordOAuthStore {
  private readonly applications = new Map<string, DiscordOAuthApplication>();
  private readonly codes = new Map<string, PendingCode>();
  private readonly grants = new Map<number, Grant>();
  private readonly accessTokens = new Map<string, { grantId: number; expiresAt: number }>();
  private readonly refreshTokens = new Map<string, number>();
  private nextGrantId = 1;

  constructor(private readonly options: DiscordOAuthStoreOptions) {
    for (const application of options.applications) this.applications.set(application.clientId, application);
  }

  application(clientId: string | undefined): DiscordOAuthApplication | undefined {
    return clientId ? this.applications.get(clientId) : undefined;
  }

  redirectAllowed(application: DiscordOAuthApplication, redirectUri: string | undefined): boolean {
    if (!redirectUri) return false;
    if (application.redirectUris) return application.redirectUris.includes(redirectUri);
    return isHttpUrl(redirectUri);
  }

  /** The user behind `Bearer <token>`, or undefined when it is unknown, revoked or expired. */
  authenticate(accessToken: string): UserPrincipal | undefined {
    const issued = this.accessTokens.get(accessToken);
    if (!issued) return undefined;
    const grant = this.grants.get(issued.grantId);
    if (!grant || issued.expiresAt <= this.options.clock()) {
      this.accessTokens.delete(accessToken);
      return undefined;
    }
    return { kind: "user", userId: grant.userId, scopes: new Set(grant.scopes), clientId: grant.clientId };
  }

  createCode(fields: Omit<PendingCode, "expiresAt" | "used">): string {
    // Discord's codes are 30 alphanumeric characters.
    const code = randomBytes(30)
      .toString("base64")
      .replace(/[^A-Za-z0-9]/g, "")
      .slice(0, 30);
    this.codes.set(code, {
      ...fields,
      expiresAt: this.options.clock() + this.options.codeTtlMs,
      used: false,
    });
    return code;
  }

  /** Mints tokens for a user directly (tests, e2e set-up), as a completed authorization would. */
  issueTokens(userId: string, scopes: string[], clientId?: string): DiscordTokenResponse {
    const grantId = this.nextGrantId++;
    const owner = clientId ?? this.options.applications[0]?.clientId ?? "sandbox";
    this.grants.set(grantId, { clientId: owner, userId, scopes });
    return this.tokensFor(grantId, scopes);
  }

  private tokensFor(grantId: number, scopes: string[]): DiscordTokenResponse {
    const ttl = this.options.accessTokenTtlSeconds;
    const accessToken = token(22);
    const refreshToken = token(22);
    this.accessTokens.set(accessToken, { grantId, expiresAt: this.options.clock() + ttl * 1000 });
    this.refreshTokens.set(refreshToken, grantId);
    return {
      access_token: accessToken,
      token_type: "Bearer",
      expires_in: ttl,
      refresh_token: refreshToken,
      scope: scopes.join(" "),
    };
  }

  exchangeCode(input: {
    code: string | undefined;
    clientId: string;
    redirectUri: string | undefined;
    codeVerifier: string | undefined;
  }): DiscordTokenResponse | DiscordOAuthError {
    if (!input.code) return oauthError("invalid_request", 'Missing "code" in request.');
    const pending = this.codes.get(input.code);
    if (
      !pending ||
      pending.used ||
      pending.expiresAt <= this.options.clock() ||
      pending.clientId !== input.clientId
    ) {
      return oauthError("invalid_grant", 'Invalid "code" in request.');
    }
    if (pending.redirectUri !== input.redirectUri) {
      return oauthError("invalid_grant", 'Invalid "redirect_uri" in request.');
    }
    if (pending.challenge !== undefined) {
      const verifier = input.codeVerifier ?? "";
      const computed =
        pending.method === "plain" ? verifier : createHash("sha256").update(verifier).digest("base64url");
      if (!sameText(computed, pending.challenge)) {
        return oauthError("invalid_grant", 'Invalid "code_verifier" in request.');
      }
    }
    pending.used = true;
    const grantId = this.nextGrantId++;
    this.grants.set(grantId, { clientId: pending.clientId, userId: pending.userId, scopes: pending.scopes });
    return this.tokensFor(grantId, pending.scopes);
  }

  refresh(input: {
    refreshToken: string | undefined;
    clientId: string;
  }): DiscordTokenResponse | DiscordOAuthError {
    if (!input.refreshToken) return oauthError("invalid_request", 'Missing "refresh_token" in request.');
    const grantId = this.refreshTokens.get(input.refreshToken);
    const grant = grantId === undefined ? undefined : this.grants.get(grantId);
    if (grantId === undefined || !grant || grant.clientId !== input.clientId) {
      return oauthError("invalid_grant", 'Invalid "refresh_token" in request.');
    }
    // The old refresh token stops working; its access tokens stay valid until they expire.
    this.refreshTokens.delete(input.refreshToken);
    return this.tokensFor(grantId, grant.scopes);
  }

  /** Revoking any token of an authorization revokes the whole authorization, as Discord does. */
  revoke(value: string | undefined, clientId: string): void {
    if (!value) return;
    const grantId = this.accessTokens.get(value)?.grantId ?? this.refreshTokens.get(value);
    if (grantId === undefined || this.grants.get(grantId)?.clientId !== clientId) return;
    this.grants.delete(grantId);
    for (const [key, issued] of this.accessTokens)
      if (issued.grantId === grantId) this.accessTokens.delete(key);
    for (const [key, id] of this.refreshTokens) if (id === grantId) this.refreshTokens.delete(key);
  }
}

// ── the authorize page ───────────────────────────────────────────────────────

const authorizeParams = [
  "response_type",
  "client_id",
  "redirect_uri",
  "scope",
  "state",
  "prompt",
  "code_challenge",
  "code_challenge_method",
] as const;

type AuthorizeRequest = Record<(typeof authorizeParams)[number], string | undefined>;

function pickParams(source: unknown): AuthorizeRequest {
  const out = {} as AuthorizeRequest;
  for (const name of authorizeParams) out[name] = field(source, name);
  return out;
}

function hiddenFields(request: AuthorizeRequest): string {
  return authorizeParams
    .filter((name) => request[name] !== undefined)
    .map((name) => `<input type="hidden" name="${name}" value="${escapeHtml(request[name] ?? "")}">`)
    .join("");
}

function initial(user: DiscordSandboxUser): string {
  return escapeHtml((user.global_name ?? user.username).slice(0, 1).toUpperCase());
}

function consentPage(
  basePath: string,
  request: AuthorizeRequest,
  world: DiscordWorld,
  message?: string,
): string {
  const action = `${basePath}/oauth2/authorize`;
  const accounts = world
    .signInUsers()
    .map(
      (user) =>
        `<li><button class="account" type="submit" name="user_id" value="${user.id}">` +
        `<span class="avatar" aria-hidden="true">${initial(user)}</span>` +
        `<span><strong>${escapeHtml(user.global_name ?? user.username)}</strong> <span class="muted">${escapeHtml(user.username)}</span></span></button></li>`,
    )
    .join("");
  const scopes = (request.scope ?? "")
    .split(" ")
    .filter(Boolean)
    .map((scope) => `<li>${escapeHtml(discordScopes[scope] ?? scope)}</li>`)
    .join("");
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Discord sandbox - Authorize</title><link rel="stylesheet" href="${basePath}/oauth2/sandbox.css"></head>
<body><main>
<p><span class="badge">Sandbox</span></p>
<h1>An external application wants to access your Discord account</h1>
<p class="muted">Application ${escapeHtml(request.client_id ?? "")}</p>
<p>This will allow the developer to:</p>
<ul class="scopes">${scopes}</ul>
${message ? `<p class="error" role="alert">${escapeHtml(message)}</p>` : ""}
<form method="post" action="${action}" aria-label="Choose an account">
${hiddenFields(request)}
<input type="hidden" name="decision" value="authorize">
<ul>${accounts}</ul>
</form>
<form method="post" action="${action}" class="inline">
${hiddenFields(request)}
<input type="hidden" name="decision" value="cancel">
<button type="submit">Cancel</button>
</form>
</main></body></html>`;
}

function errorPage(basePath: string, message: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Discord sandbox</title><link rel="stylesheet" href="${basePath}/oauth2/sandbox.css"></head>
<body><main><p><span class="badge">Sandbox</span></p><h1>${escapeHtml(message)}</h1>
<p class="muted">Check the client_id and redirect_uri the app sent you here with.</p></main></body></html>`;
}

/** Why an authorize request cannot go on (a page, or an error redirect to the app), or undefined. */
function validateAuthorize(
  store: DiscordOAuthStore,
  request: AuthorizeRequest,
): { page: string } | { redirect: Record<string, string | undefined> } | undefined {
  const application = store.application(request.client_id);
  if (!application) return { page: "Unknown Application" };
  if (!store.redirectAllowed(application, request.redirect_uri))
    return { page: "Invalid OAuth2 redirect_uri" };
  const fail = (error: string, description: string) => ({
    redirect: { error, error_description: description, state: request.state },
  });
  if (request.response_type !== "code") {
    return fail("unsupported_response_type", "The authorization server does not support this response type");
  }
  const scopes = (request.scope ?? "").split(" ").filter(Boolean);
  if (scopes.length === 0 || scopes.some((scope) => !(scope in discordScopes))) {
    return fail("invalid_scope", "The requested scope is invalid, unknown, or malformed.");
  }
  if (
    request.code_challenge !== undefined &&
    request.code_challenge_method !== undefined &&
    request.code_challenge_method !== "S256" &&
    request.code_challenge_method !== "plain"
  ) {
    return fail("invalid_request", "Invalid code_challenge_method");
  }
  return undefined;
}

export function registerOAuthPages(
  app: FastifyInstance,
  dependencies: { store: DiscordOAuthStore; world: DiscordWorld; basePath: () => string },
): void {
  const { store, world } = dependencies;

  app.get("/oauth2/sandbox.css", async (_request, reply) =>
    reply
      .type("text/css; charset=utf-8")
      .header("cache-control", "public, max-age=3600")
      .send(pageStylesheet("#5865f2")),
  );

  const page = (reply: FastifyReply, request: AuthorizeRequest, message?: string) =>
    sendHtml(reply, 200, consentPage(dependencies.basePath(), request, world, message), request.redirect_uri);

  app.get("/oauth2/authorize", async (request, reply) => {
    const params = pickParams(request.query);
    const problem = validateAuthorize(store, params);
    if (problem && "page" in problem)
      return sendHtml(reply, 400, errorPage(dependencies.basePath(), problem.page));
    if (problem) return reply.redirect(withQuery(params.redirect_uri as string, problem.redirect), 302);
    return page(reply, params);
  });

  app.post("/oauth2/authorize", async (request: FastifyRequest, reply) => {
    const params = pickParams(request.body);
    const problem = validateAuthorize(store, params);
    if (problem && "page" in problem)
      return sendHtml(reply, 400, errorPage(dependencies.basePath(), problem.page));
    const redirectUri = params.redirect_uri as string;
    if (problem) return reply.redirect(withQuery(redirectUri, problem.redirect), 302);
    if (field(request.body, "decision") === "cancel") {
      return reply.redirect(
        withQuery(redirectUri, {
          error: "access_denied",
          error_description: "The resource owner or authorization server denied the request",
          state: params.state,
        }),
        302,
      );
    }
    const chosen = field(request.body, "user_id") ?? "";
    const user = world.user(chosen) ?? world.userByUsername(chosen);
    if (!user || user.bot)
      return page(reply, params, chosen ? `No sandbox user ${chosen}.` : "Choose an account.");
    const code = store.createCode({
      clientId: params.client_id as string,
      redirectUri,
      userId: user.id,
      scopes: (params.scope ?? "").split(" ").filter(Boolean),
      challenge: params.code_challenge,
      method:
        params.code_challenge === undefined
          ? undefined
          : params.code_challenge_method === "plain"
            ? "plain"
            : "S256",
    });
    return reply.redirect(withQuery(redirectUri, { code, state: params.state }), 302);
  });
}

// ── the token endpoints (under /api) ─────────────────────────────────────────

/** Client authentication, both ways Discord accepts: HTTP Basic or client_id/client_secret in the form. */
function authenticateClient(
  store: DiscordOAuthStore,
  request: FastifyRequest,
  body: Record<string, unknown>,
): DiscordOAuthApplication | undefined {
  let clientId = field(body, "client_id");
  let secret = field(body, "client_secret");
  const header = request.headers.authorization;
  if (header?.startsWith("Basic ")) {
    const decoded = Buffer.from(header.slice(6), "base64").toString("utf8");
    const colon = decoded.indexOf(":");
    if (colon < 0) return undefined;
    clientId = decodeURIComponent(decoded.slice(0, colon));
    secret = decodeURIComponent(decoded.slice(colon + 1));
  }
  const application = store.application(clientId);
  if (!application) return undefined;
  if (application.clientSecret === undefined) return secret === undefined ? application : undefined;
  return secret !== undefined && sameText(application.clientSecret, secret) ? application : undefined;
}

/** Discord reads these endpoints' bodies only as application/x-www-form-urlencoded. */
function formBody(request: FastifyRequest): Record<string, unknown> {
  const type = String(request.headers["content-type"] ?? "");
  if (!type.startsWith("application/x-www-form-urlencoded")) return {};
  return (request.body ?? {}) as Record<string, unknown>;
}

export function registerTokenRoutes(
  app: FastifyInstance,
  dependencies: {
    store: DiscordOAuthStore;
    faults: DiscordFaults;
    clock: () => number;
    prefix: () => string;
  },
): void {
  const { store, faults, clock } = dependencies;
  const faulted = (request: FastifyRequest, reply: FastifyReply) => {
    const fault = faults.take(pathBelow(dependencies.prefix(), request.url));
    if (fault) sendFault(reply, fault, clock());
    return fault !== undefined;
  };

  app.post("/oauth2/token", async (request, reply) => {
    if (faulted(request, reply)) return reply;
    reply.header("cache-control", "no-store");
    const body = formBody(request);
    const application = authenticateClient(store, request, body);
    if (!application) return reply.status(401).send(oauthError("invalid_client"));
    const grantType = field(body, "grant_type");
    let result: DiscordTokenResponse | DiscordOAuthError;
    if (grantType === "authorization_code") {
      result = store.exchangeCode({
        code: field(body, "code"),
        clientId: application.clientId,
        redirectUri: field(body, "redirect_uri"),
        codeVerifier: field(body, "code_verifier"),
      });
    } else if (grantType === "refresh_token") {
      result = store.refresh({ refreshToken: field(body, "refresh_token"), clientId: application.clientId });
    } else {
      result = oauthError("unsupported_grant_type", "Unsupported grant type");
    }
    if ("error" in result) return reply.status(400).send(result);
    return reply.send(result);
  });

  app.post("/oauth2/token/revoke", async (request, reply) => {
    if (faulted(request, reply)) return reply;
    const body = formBody(request);
    const application = authenticateClient(store, request, body);
    if (!application) return reply.status(401).send(oauthError("invalid_client"));
    store.revoke(field(body, "token"), application.clientId);
    return reply.send({});
  });
}
