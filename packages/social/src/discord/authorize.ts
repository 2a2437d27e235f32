// Where "Sign in with Discord" sends the browser: Discord's /oauth2/authorize page, authorization code
// flow with PKCE (S256) and a state.
import { codeChallengeS256, createCodeVerifier, createState } from "../shared/pkce.ts";

/** What the platform asks for: who the user is, which guilds they are in, and their member info there. */
export const discordSignInScopes = ["identify", "guilds", "guilds.members.read"] as const;

export type DiscordAuthorizeUrlInput = {
  /** https://discord.com, or a sandbox's mount (its page is at `${authorizeBase}/oauth2/authorize`). */
  authorizeBase: string;
  clientId: string;
  redirectUri: string;
  state: string;
  scopes: readonly string[];
  /** "consent" asks again even if the user authorized before; "none" skips the page when possible. */
  prompt?: "consent" | "none";
  /** PKCE: the S256 challenge of a verifier kept server side. */
  codeChallenge?: string;
};

export function buildDiscordAuthorizeUrl(input: DiscordAuthorizeUrlInput): string {
  // Built by hand so scopes are %20-separated, as Discord documents it (URLSearchParams would use "+").
  const params: [string, string][] = [
    ["response_type", "code"],
    ["client_id", input.clientId],
    ["scope", input.scopes.join(" ")],
    ["state", input.state],
    ["redirect_uri", input.redirectUri],
  ];
  if (input.prompt) params.push(["prompt", input.prompt]);
  if (input.codeChallenge) {
    params.push(["code_challenge", input.codeChallenge], ["code_challenge_method", "S256"]);
  }
  const query = params.map(([key, value]) => `${key}=${encodeURIComponent(value)}`).join("&");
  return `${input.authorizeBase.replace(/\/+$/, "")}/oauth2/authorize?${query}`;
}

/**
 * Everything to start a sign-in: the URL for the browser, plus the `state` (and the PKCE `codeVerifier`) to
 * keep server side, bound to the browser, until the callback comes back.
 */
export function startDiscordAuthorization(
  input: Omit<DiscordAuthorizeUrlInput, "state" | "codeChallenge"> & { pkce?: boolean },
): { url: string; state: string; codeVerifier: string | undefined } {
  const { pkce = true, ...rest } = input;
  const state = createState();
  const codeVerifier = pkce ? createCodeVerifier() : undefined;
  const url = buildDiscordAuthorizeUrl({
    ...rest,
    state,
    ...(codeVerifier ? { codeChallenge: codeChallengeS256(codeVerifier) } : {}),
  });
  return { url, state, codeVerifier };
}
