// X, Discord and Telegram accounts bound to wallet users (airdrop claims for social lists, the Discord-role
// reward, mission checks; X is bound from a live Sign in with X session by bindX).
export { socialLinkErrors } from "./errors.ts";
export type { LinkedProvider, SocialAccount, SocialLink, SocialProvider } from "./repository.ts";
/** The accounts bound to a user, read with the caller's transaction (a check inside another module's write). */
export { linksOfUser } from "./repository.ts";
export { socialLinkInfo, socialLinkRoutes } from "./routes.ts";
export { createSocialLinksService, type SocialLinksService } from "./service.ts";
