// "Sign in with X": OAuth 2.0 Authorization Code with PKCE (S256). The browser goes to
// x.com/i/oauth2/authorize, the code is exchanged at POST /2/oauth2/token, tokens are revoked at
// /2/oauth2/revoke.
import { codeChallengeS256, createCodeVerifier, createState } from "../shared/pkce.ts";
import { type Clock, systemClock } from "./clock.ts";
import { XApiError, XOAuthError } from "./errors.ts";
import { oauthErrorSchema, tokenResponseSchema } from "./schemas.ts";

/** Read-only scopes the platform asks for; offline.access brings a refresh token. */
export const signInScopes = [
  "tweet.read",
  "users.read",
  "follows.read",
  "like.read",
  "offline.access",
] as const;

export type XOAuthEndpoints = { authorizeUrl: string; tokenUrl: string; revokeUrl: string };

/**
 * On X the consent page lives on x.com and the token endpoint on api.x.com; a sandbox serves both from one
 * base URL, so `authorizeBaseUrl` defaults to `https://x.com` only when the API is X's.
 */
export function xOAuthEndpoints(apiBaseUrl: string, authorizeBaseUrl?: string): XOAuthEndpoints {
  const api = apiBaseUrl.replace(/\/+$/, "");
  const isX = /^https:\/\/api\.(x|twitter)\.com$/.test(api);
  const authorize = (authorizeBaseUrl ?? (isX ? "https://x.com" : api)).replace(/\/+$/, "");
  return {
    authorizeUrl: `${authorize}/i/oauth2/authorize`,
    tokenUrl: `${api}/2/oauth2/token`,
    revokeUrl: `${api}/2/oauth2/revoke`,
  };
}

// X allows a `state` of up to 500 characters; createState() makes 32.
export { codeChallengeS256, createCodeVerifier, createState };

export type AuthorizeUrlInput = {
  authorizeUrl: string;
  clientId: string;
  redirectUri: string;
  scopes: readonly string[];
  state: string;
  codeChallenge: string;
  codeChallengeMethod?: "S256" | "plain";
};

export function buildAuthorizeUrl(input: AuthorizeUrlInput): string {
  if (input.state.length > 500) throw new RangeError("state must be at most 500 characters");
  // Built by hand so the scope list is %20-separated, as X documents it (URLSearchParams would use "+").
  const params: [string, string][] = [
    ["response_type", "code"],
    ["client_id", input.clientId],
    ["redirect_uri", input.redirectUri],
    ["scope", input.scopes.join(" ")],
    ["state", input.state],
    ["code_challenge", input.codeChallenge],
    ["code_challenge_method", input.codeChallengeMethod ?? "S256"],
  ];
  const query = params.map(([key, value]) => `${key}=${encodeURIComponent(value)}`).join("&");
  return `${input.authorizeUrl}?${query}`;
}

/**
 * Everything to start a sign-in: the URL to send the browser to, plus the `state` and `codeVerifier` to keep
 * (server side, bound to the browser) until the callback comes back.
 */
export function startAuthorization(
  input: Omit<AuthorizeUrlInput, "state" | "codeChallenge" | "codeChallengeMethod">,
): {
  url: string;
  state: string;
  codeVerifier: string;
} {
  const state = createState();
  const codeVerifier = createCodeVerifier();
  const url = buildAuthorizeUrl({ ...input, state, codeChallenge: codeChallengeS256(codeVerifier) });
  return { url, state, codeVerifier };
}

export type XTokenSet = {
  accessToken: string;
  /** Only with offline.access. Rotates: store the new one after each refresh. */
  refreshToken: string | undefined;
  tokenType: string;
  scopes: string[];
  expiresIn: number;
  /** ms since the epoch, by the client's clock. */
  expiresAt: number;
};

type ClientCredentials = {
  tokenUrl: string;
  clientId: string;
  /** Confidential clients authenticate with HTTP Basic; public clients send client_id in the body. */
  clientSecret?: string;
  fetch?: typeof fetch;
  clock?: Clock;
};

async function postForm(
  credentials: ClientCredentials,
  url: string,
  form: Record<string, string | undefined>,
) {
  const body = new URLSearchParams();
  for (const [key, value] of Object.entries(form)) if (value !== undefined) body.set(key, value);
  const headers: Record<string, string> = {
    "content-type": "application/x-www-form-urlencoded",
    accept: "application/json",
  };
  if (credentials.clientSecret !== undefined) {
    const pair = `${encodeURIComponent(credentials.clientId)}:${encodeURIComponent(credentials.clientSecret)}`;
    headers.authorization = `Basic ${Buffer.from(pair).toString("base64")}`;
  } else {
    body.set("client_id", credentials.clientId);
  }
  const response = await (credentials.fetch ?? globalThis.fetch)(url, { method: "POST", headers, body });
  const text = await response.text();
  let json: unknown;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  if (!response.ok) {
    const parsed = oauthErrorSchema.safeParse(json);
    if (parsed.success)
      throw new XOAuthError(response.status, parsed.data.error, parsed.data.error_description);
    throw new XApiError(response.status >= 500 ? "server-error" : "http", {
      status: response.status,
      endpoint: `POST ${new URL(url).pathname}`,
    });
  }
  return json;
}

function tokenSet(json: unknown, clock: Clock, endpoint: string): XTokenSet {
  const parsed = tokenResponseSchema.safeParse(json);
  if (!parsed.success) {
    throw new XApiError("bad-response", {
      status: 200,
      endpoint,
      message: `${endpoint}: unexpected token response`,
    });
  }
  const token = parsed.data;
  return {
    accessToken: token.access_token,
    refreshToken: token.refresh_token,
    tokenType: token.token_type,
    scopes: (token.scope ?? "").split(" ").filter(Boolean),
    expiresIn: token.expires_in,
    expiresAt: clock.now() + token.expires_in * 1000,
  };
}

/** Trades the callback's `code` for tokens. X's codes live 30 seconds and work once. */
export async function exchangeCode(
  input: ClientCredentials & { code: string; redirectUri: string; codeVerifier: string },
): Promise<XTokenSet> {
  const json = await postForm(input, input.tokenUrl, {
    grant_type: "authorization_code",
    code: input.code,
    redirect_uri: input.redirectUri,
    code_verifier: input.codeVerifier,
  });
  return tokenSet(json, input.clock ?? systemClock, "POST /2/oauth2/token");
}

export async function refreshAccessToken(
  input: ClientCredentials & { refreshToken: string },
): Promise<XTokenSet> {
  const json = await postForm(input, input.tokenUrl, {
    grant_type: "refresh_token",
    refresh_token: input.refreshToken,
  });
  return tokenSet(json, input.clock ?? systemClock, "POST /2/oauth2/token");
}

export async function revokeToken(
  input: Omit<ClientCredentials, "tokenUrl"> & {
    revokeUrl: string;
    token: string;
    tokenTypeHint?: "access_token" | "refresh_token";
  },
): Promise<void> {
  await postForm({ ...input, tokenUrl: input.revokeUrl }, input.revokeUrl, {
    token: input.token,
    token_type_hint: input.tokenTypeHint,
  });
}
