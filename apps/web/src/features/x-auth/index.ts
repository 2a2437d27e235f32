// The x-auth feature's public surface: "Sign in with X" (OAuth 2.0 + PKCE through our API), the X auth cookie
// and the signed-in X account. The picker and the shell use it; the API client sends its token.
export { XAuthSync } from "./components/x-auth-sync";
export { XSignInButton } from "./components/x-sign-in-button";
export { XSignInReturn } from "./components/x-sign-in-return";
export { useXAccount, type XAccountView } from "./hooks/use-x-account";
export {
  completeXSignIn,
  currentAppPath,
  expireXAuth,
  initXAuth,
  logoutX,
  startXSignIn,
} from "./model/x-auth";
export { hasXLogin, useXAuthState, type XAuthState, xAuthStore } from "./model/x-auth-store";
