// OAuth 2.0 Authorization Code + PKCE as X serves it: the consent page, the token and revoke endpoints, and
// the token store the API checks bearer tokens against.
import { createHash, randomBytes } from "node:crypto";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { escapeHtml, isHttpUrl, sendHtml, withQuery } from "../shared/pages.ts";
import { sameText } from "../shared/same-text.ts";
import type { XWorld } from "./world.ts";

export type OAuthClient = {
  clientId: string;
  /** Set for a confidential client (HTTP Basic at the token endpoint). */
  clientSecret?: string;
  /** Exact callback URLs; leave out to accept any http(s) URL (handy for tests on random ports). */
  redirectUris?: string[];
};

export const knownScopes = [
  "tweet.read",
  "tweet.write",
  "tweet.moderate.write",
  "users.email",
  "users.read",
  "follows.read",
  "follows.write",
  "offline.access",
  "space.read",
  "mute.read",
  "mute.write",
  "like.read",
  "like.write",
  "list.read",
  "list.write",
  "block.read",
  "block.write",
  "bookmark.read",
  "bookmark.write",
  "dm.read",
  "dm.write",
  "media.write",
] as const;

export type Principal =
  | { kind: "app"; id: string }
  | { kind: "user"; id: string; userIndex: number; scopes: ReadonlySet<string>; clientId: string };

export type TokenResponse = {
  token_type: "bearer";
  expires_in: number;
  access_token: string;
  scope: string;
  refresh_token?: string;
};

type PendingCode = {
  clientId: string;
  redirectUri: string;
  userIndex: number;
  scopes: string[];
  challenge: string;
  method: "S256" | "plain";
  expiresAt: number;
  used: boolean;
};

type IssuedToken = { userIndex: number; clientId: string; scopes: string[]; expiresAt: number };

export type OAuthStoreOptions = {
  clients: OAuthClient[];
  appBearerTokens: string[];
  clock: () => number;
  /** Authorization codes live 30 s on X. */
  codeTtlMs: number;
  accessTokenTtlSeconds: number;
};

function base64url(bytes: Buffer): string {
  return bytes.toString("base64url");
}

export class OAuthStore {
  private readonly clients = new Map<string, OAuthClient>();
  private readonly codes = new Map<string, PendingCode>();
  private readonly accessTokens = new Map<string, IssuedToken>();
  private readonly refreshTokens = new Map<string, Omit<IssuedToken, "expiresAt">>();
  private readonly appTokens: Set<string>;

  constructor(private readonly options: OAuthStoreOptions) {
    for (const client of options.clients) this.clients.set(client.clientId, client);
    this.appTokens = new Set(options.appBearerTokens);
  }

  client(clientId: string | undefined): OAuthClient | undefined {
    return clientId ? this.clients.get(clientId) : undefined;
  }

  redirectAllowed(client: OAuthClient, redirectUri: string | undefined): boolean {
    if (!redirectUri) return false;
    if (client.redirectUris) return client.redirectUris.includes(redirectUri);
    return isHttpUrl(redirectUri);
  }

  /** Who a bearer token belongs to, or undefined when it is unknown or expired. */
  authenticate(authorization: string | undefined): Principal | undefined {
    const match = /^Bearer\s+(\S+)$/i.exec(authorization ?? "");
    const token = match?.[1];
    if (!token) return undefined;
    if (this.appTokens.has(token)) return { kind: "app", id: "app" };
    const issued = this.accessTokens.get(token);
    if (!issued) return undefined;
    if (issued.expiresAt <= this.options.clock()) {
      this.accessTokens.delete(token);
      return undefined;
    }
    return {
      kind: "user",
      id: `${issued.clientId}:${issued.userIndex}`,
      userIndex: issued.userIndex,
      scopes: new Set(issued.scopes),
      clientId: issued.clientId,
    };
  }

  createCode(fields: Omit<PendingCode, "expiresAt" | "used">): string {
    const code = base64url(randomBytes(48));
    this.codes.set(code, {
      ...fields,
      expiresAt: this.options.clock() + this.options.codeTtlMs,
      used: false,
    });
    return code;
  }

  /** Mints tokens for an account directly (tests, e2e set-up), as a completed OAuth flow would. */
  issueTokens(
    userIndex: number,
    scopes: string[],
    clientId = this.options.clients[0]?.clientId ?? "sandbox",
  ): TokenResponse {
    const accessToken = base64url(randomBytes(36));
    const ttl = this.options.accessTokenTtlSeconds;
    this.accessTokens.set(accessToken, {
      userIndex,
      clientId,
      scopes,
      expiresAt: this.options.clock() + ttl * 1000,
    });
    const response: TokenResponse = {
      token_type: "bearer",
      expires_in: ttl,
      access_token: accessToken,
      scope: scopes.join(" "),
    };
    if (scopes.includes("offline.access")) {
      const refreshToken = base64url(randomBytes(36));
      this.refreshTokens.set(refreshToken, { userIndex, clientId, scopes });
      response.refresh_token = refreshToken;
    }
    return response;
  }

  exchangeCode(input: {
    code: string | undefined;
    clientId: string;
    redirectUri: string | undefined;
    codeVerifier: string | undefined;
  }): TokenResponse | OAuthError {
    const pending = input.code ? this.codes.get(input.code) : undefined;
    if (!input.code || !pending || pending.used || pending.expiresAt <= this.options.clock()) {
      return oauthError("invalid_request", "Value passed for the authorization code was invalid.");
    }
    if (pending.clientId !== input.clientId) {
      return oauthError("invalid_request", "Value passed for the authorization code was invalid.");
    }
    if (pending.redirectUri !== input.redirectUri) {
      return oauthError(
        "invalid_request",
        "Value passed for the redirect uri did not match the uri of the authorization code.",
      );
    }
    // A wrong verifier leaves the code usable: only its rightful holder can finish the exchange anyway.
    const verifier = input.codeVerifier ?? "";
    const computed =
      pending.method === "S256" ? base64url(createHash("sha256").update(verifier).digest()) : verifier;
    if (!/^[A-Za-z0-9\-._~]{43,128}$/.test(verifier) || !sameText(computed, pending.challenge)) {
      return oauthError("invalid_request", "Value passed for the code verifier was invalid.");
    }
    pending.used = true;
    return this.issueTokens(pending.userIndex, pending.scopes, pending.clientId);
  }

  refresh(input: { refreshToken: string | undefined; clientId: string }): TokenResponse | OAuthError {
    const stored = input.refreshToken ? this.refreshTokens.get(input.refreshToken) : undefined;
    if (!input.refreshToken || !stored || stored.clientId !== input.clientId) {
      return oauthError("invalid_request", "Value passed for the token was invalid.");
    }
    // Rotating refresh tokens: the old one stops working.
    this.refreshTokens.delete(input.refreshToken);
    return this.issueTokens(stored.userIndex, stored.scopes, stored.clientId);
  }

  revoke(token: string | undefined): void {
    if (!token) return;
    this.accessTokens.delete(token);
    this.refreshTokens.delete(token);
  }
}

export type OAuthError = { error: string; error_description: string };

function oauthError(error: string, description: string): OAuthError {
  return { error, error_description: description };
}

function isOAuthError(value: TokenResponse | OAuthError): value is OAuthError {
  return "error" in value;
}

const authorizeParams = [
  "response_type",
  "client_id",
  "redirect_uri",
  "scope",
  "state",
  "code_challenge",
  "code_challenge_method",
] as const;

type AuthorizeRequest = Record<(typeof authorizeParams)[number], string | undefined>;

function pickParams(source: unknown): AuthorizeRequest {
  const record = (source ?? {}) as Record<string, unknown>;
  const out = {} as AuthorizeRequest;
  for (const name of authorizeParams) {
    const value = record[name];
    out[name] = typeof value === "string" ? value : Array.isArray(value) ? String(value[0]) : undefined;
  }
  return out;
}

const stylesheet = `
body{font:15px/1.45 system-ui,-apple-system,"Segoe UI",sans-serif;background:#f7f9f9;color:#0f1419;margin:0}
main{max-width:460px;margin:40px auto;background:#fff;border:1px solid #cfd9de;border-radius:16px;padding:28px}
h1{font-size:22px;margin:0 0 4px}p{margin:6px 0}.muted{color:#536471;font-size:13px}
.badge{display:inline-block;background:#ffd400;color:#0f1419;border-radius:6px;padding:1px 8px;font-size:12px;font-weight:700}
ul{list-style:none;padding:0;margin:12px 0}li{margin:0 0 8px}
button{font:inherit;cursor:pointer;border-radius:999px;border:1px solid #cfd9de;background:#fff;padding:8px 16px}
.account{width:100%;text-align:left;display:flex;gap:10px;align-items:center;border-radius:12px}
.account:hover,.account:focus{background:#eff3f4}
.avatar{width:32px;height:32px;border-radius:50%;background:#1d9bf0;color:#fff;display:inline-flex;align-items:center;justify-content:center;font-weight:700}
.primary{background:#0f1419;color:#fff;border-color:#0f1419}input{font:inherit;padding:8px;border:1px solid #cfd9de;border-radius:8px;width:60%}
.error{color:#f4212e}.scopes{font-size:13px;color:#536471}form.inline{display:flex;gap:8px;margin-top:8px}
`;

type RenderContext = { basePath: string; request: AuthorizeRequest; world: XWorld; message?: string };

function hiddenFields(request: AuthorizeRequest): string {
  return authorizeParams
    .map((name) => `<input type="hidden" name="${name}" value="${escapeHtml(request[name] ?? "")}">`)
    .join("");
}

function consentPage({ basePath, request, world, message }: RenderContext): string {
  const action = `${basePath}/i/oauth2/authorize`;
  const accounts = world
    .signInAccounts()
    .map(
      (user) =>
        `<li><button class="account" type="submit" name="username" value="${escapeHtml(user.username)}">` +
        `<span class="avatar" aria-hidden="true">${escapeHtml(user.name.slice(0, 1).toUpperCase())}</span>` +
        `<span><strong>${escapeHtml(user.name)}</strong> <span class="muted">@${escapeHtml(user.username)}</span></span></button></li>`,
    )
    .join("");
  const scopes = (request.scope ?? "").split(" ").filter(Boolean).map(escapeHtml).join(", ");
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Authorize app - X sandbox</title><link rel="stylesheet" href="${basePath}/i/oauth2/sandbox.css"></head>
<body><main>
<p><span class="badge">Sandbox</span></p>
<h1>Sign in with X</h1>
<p><strong>${escapeHtml(request.client_id ?? "")}</strong> wants to access your X account.</p>
<p class="scopes">Permissions: ${scopes}</p>
${message ? `<p class="error" role="alert">${escapeHtml(message)}</p>` : ""}
<form method="post" action="${action}" aria-label="Choose an account">
${hiddenFields(request)}
<input type="hidden" name="decision" value="approve">
<ul>${accounts}</ul>
</form>
<form method="post" action="${action}" class="inline" aria-label="Sign in as another account">
${hiddenFields(request)}
<input type="hidden" name="decision" value="approve">
<label class="muted" for="username">Any sandbox account</label>
<input id="username" name="username" autocomplete="off" placeholder="username">
<button type="submit" class="primary">Authorize app</button>
</form>
<form method="post" action="${action}" class="inline">
${hiddenFields(request)}
<input type="hidden" name="decision" value="deny">
<button type="submit">Cancel</button>
</form>
</main></body></html>`;
}

function errorPage(basePath: string, message: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>X sandbox</title><link rel="stylesheet" href="${basePath}/i/oauth2/sandbox.css"></head>
<body><main><p><span class="badge">Sandbox</span></p><h1>Something went wrong</h1>
<p>You weren't able to give access to the App. Go back and try logging in again.</p>
<p class="muted">${escapeHtml(message)}</p></main></body></html>`;
}

/** Reasons an authorize request cannot go on: undefined if it is fine. */
function validateAuthorize(
  store: OAuthStore,
  request: AuthorizeRequest,
): { page: string } | { redirect: Record<string, string | undefined> } | undefined {
  const client = store.client(request.client_id);
  if (!client) return { page: "Unknown client_id." };
  if (!store.redirectAllowed(client, request.redirect_uri))
    return { page: "The redirect_uri is not registered for this client." };
  const fail = (error: string, description: string) => ({
    redirect: { error, error_description: description, state: request.state },
  });
  if (request.response_type !== "code")
    return fail("unsupported_response_type", "response_type must be code");
  if (!request.state) return fail("invalid_request", "Missing required parameter [state].");
  if (request.state.length > 500) return fail("invalid_request", "state must be at most 500 characters");
  if (!request.code_challenge) return fail("invalid_request", "Missing required parameter [code_challenge].");
  if (request.code_challenge_method !== "S256" && request.code_challenge_method !== "plain") {
    return fail("invalid_request", "code_challenge_method must be S256 or plain");
  }
  const scopes = (request.scope ?? "").split(" ").filter(Boolean);
  if (scopes.length === 0 || scopes.some((scope) => !(knownScopes as readonly string[]).includes(scope))) {
    return fail("invalid_scope", "The requested scope is invalid, unknown, or malformed.");
  }
  return undefined;
}

export function registerOAuthRoutes(
  app: FastifyInstance,
  dependencies: { store: OAuthStore; world: XWorld; basePath: () => string },
): void {
  const { store, world } = dependencies;

  app.get("/i/oauth2/sandbox.css", async (_request, reply) =>
    reply.type("text/css; charset=utf-8").header("cache-control", "public, max-age=3600").send(stylesheet),
  );

  app.get("/i/oauth2/authorize", async (request, reply) => {
    const params = pickParams(request.query);
    const problem = validateAuthorize(store, params);
    if (problem && "page" in problem)
      return sendHtml(reply, 400, errorPage(dependencies.basePath(), problem.page));
    if (problem) return reply.redirect(withQuery(params.redirect_uri as string, problem.redirect), 302);
    return sendHtml(
      reply,
      200,
      consentPage({ basePath: dependencies.basePath(), request: params, world }),
      params.redirect_uri,
    );
  });

  app.post("/i/oauth2/authorize", async (request: FastifyRequest, reply) => {
    const body = (request.body ?? {}) as Record<string, unknown>;
    const params = pickParams(body);
    const problem = validateAuthorize(store, params);
    if (problem && "page" in problem)
      return sendHtml(reply, 400, errorPage(dependencies.basePath(), problem.page));
    const redirectUri = params.redirect_uri as string;
    if (problem) return reply.redirect(withQuery(redirectUri, problem.redirect), 302);
    if (body.decision === "deny") {
      return reply.redirect(withQuery(redirectUri, { error: "access_denied", state: params.state }), 302);
    }
    const username = typeof body.username === "string" ? body.username.trim().replace(/^@/, "") : "";
    const userIndex = username ? world.indexOfUsername(username) : undefined;
    if (userIndex === undefined || !world.isActive(userIndex)) {
      const message = username ? `No active sandbox account @${username}.` : "Choose an account.";
      return sendHtml(
        reply,
        200,
        consentPage({ basePath: dependencies.basePath(), request: params, world, message }),
        redirectUri,
      );
    }
    const code = store.createCode({
      clientId: params.client_id as string,
      redirectUri,
      userIndex,
      scopes: (params.scope ?? "").split(" ").filter(Boolean),
      challenge: params.code_challenge as string,
      method: params.code_challenge_method as "S256" | "plain",
    });
    return reply.redirect(withQuery(redirectUri, { state: params.state, code }), 302);
  });

  /** Client authentication: HTTP Basic for confidential clients, client_id in the body for public ones. */
  const authenticateClient = (
    request: FastifyRequest,
    body: Record<string, unknown>,
  ): OAuthClient | OAuthError => {
    const header = request.headers.authorization;
    if (header?.startsWith("Basic ")) {
      const decoded = Buffer.from(header.slice(6), "base64").toString("utf8");
      const colon = decoded.indexOf(":");
      const client = store.client(decodeURIComponent(decoded.slice(0, colon)));
      const secret = decodeURIComponent(decoded.slice(colon + 1));
      if (colon < 0 || !client?.clientSecret || !sameText(client.clientSecret, secret)) {
        return oauthError("unauthorized_client", "Missing valid authorization header");
      }
      return client;
    }
    const client = store.client(typeof body.client_id === "string" ? body.client_id : undefined);
    if (!client) return oauthError("invalid_request", "Missing required parameter [client_id].");
    if (client.clientSecret) return oauthError("unauthorized_client", "Missing valid authorization header");
    return client;
  };

  app.post("/2/oauth2/token", async (request, reply) => {
    const body = (request.body ?? {}) as Record<string, unknown>;
    const text = (name: string) => (typeof body[name] === "string" ? (body[name] as string) : undefined);
    const client = authenticateClient(request, body);
    if ("error" in client)
      return reply.status(client.error === "unauthorized_client" ? 401 : 400).send(client);
    const grantType = text("grant_type");
    let result: TokenResponse | OAuthError;
    if (grantType === "authorization_code") {
      result = store.exchangeCode({
        code: text("code"),
        clientId: client.clientId,
        redirectUri: text("redirect_uri"),
        codeVerifier: text("code_verifier"),
      });
    } else if (grantType === "refresh_token") {
      result = store.refresh({ refreshToken: text("refresh_token"), clientId: client.clientId });
    } else if (!grantType) {
      result = oauthError("invalid_request", "Missing required parameter [grant_type].");
    } else {
      result = oauthError(
        "unsupported_grant_type",
        `Value passed for the grant type was invalid: [${grantType}].`,
      );
    }
    reply.header("cache-control", "no-store");
    if (isOAuthError(result)) return reply.status(400).send(result);
    return reply.send(result);
  });

  app.post("/2/oauth2/revoke", async (request, reply) => {
    const body = (request.body ?? {}) as Record<string, unknown>;
    const client = authenticateClient(request, body);
    if ("error" in client)
      return reply.status(client.error === "unauthorized_client" ? 401 : 400).send(client);
    store.revoke(typeof body.token === "string" ? body.token : undefined);
    return reply.send({ revoked: true });
  });
}
