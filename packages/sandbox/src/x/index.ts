// Public surface of the X API v2 sandbox.
export type { Fault, FaultEvent, FaultKind, FaultSpec } from "./faults.ts";
export { FaultController } from "./faults.ts";
export { idAnchorMs, twitterEpochMs } from "./ids.ts";
export type { OAuthClient, Principal, TokenResponse } from "./oauth.ts";
export type { EndpointKey, EndpointLimit, RateLimitOptions } from "./rate-limit.ts";
export { defaultLimits } from "./rate-limit.ts";
export type { RunningXSandbox, XSandbox, XSandboxOptions, XSandboxState } from "./server.ts";
export {
  createXSandbox,
  createXSandboxState,
  defaultAppBearerToken,
  defaultClientId,
  defaultUserScopes,
  startXSandbox,
  xSandboxPlugin,
} from "./server.ts";
export type {
  AccountKind,
  AccountStatus,
  NamedPostKey,
  NamedUserKey,
  SandboxTweet,
  SandboxUser,
  TweetPublicMetrics,
  UserPublicMetrics,
  VerifiedType,
  XWorldOptions,
} from "./world.ts";
export { defaultProfileImageUrl, XWorld } from "./world.ts";
