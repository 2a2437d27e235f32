// "Sign in with X": OAuth 2.0 Authorization Code with PKCE and read-only scopes. The state and the PKCE verifier
// stay on the server; the browser only ever holds our own `xs_` session token.
import { authenticateXSession, freshXAccessToken, logoutXSession } from "./sessions.ts";
import type { XAuthDependencies } from "./settings.ts";
import { finishXSignIn, startXSignIn } from "./sign-in.ts";

export { hashXToken, type XAuthDependencies, xReturnPath, xSignInStateTtlSeconds } from "./settings.ts";

export function createXAuthService(dependencies: XAuthDependencies) {
  return {
    authorize: (input: Parameters<typeof startXSignIn>[1]) => startXSignIn(dependencies, input),
    callback: (input: Parameters<typeof finishXSignIn>[1]) => finishXSignIn(dependencies, input),
    authenticate: (token: string) => authenticateXSession(dependencies, token),
    freshAccessToken: (session: Parameters<typeof freshXAccessToken>[1]) =>
      freshXAccessToken(dependencies, session),
    logout: (session: Parameters<typeof logoutXSession>[1]) => logoutXSession(dependencies, session),
  };
}

export type XAuthService = ReturnType<typeof createXAuthService>;
