// The auth feature's public surface: wallet sign-in (SIWE), the login state and the referral parent code.
export { loginStatusDetailQueryOptions, useLoginStatusDetail } from "./api/get-login-status-detail";
export { refreshLoginStatus } from "./api/refresh-login-status";
export { SessionSync } from "./components/session-sync";
export { readParentCode, rememberParentCode } from "./model/parent-code";
export { expireSession, initSession, login, logout } from "./model/session";
export {
  canLogin,
  hasLogin,
  type SessionState,
  sessionStore,
  useSession,
} from "./model/session-store";
