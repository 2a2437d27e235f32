// Discord and Telegram accounts bound to wallet users (airdrop claims for social lists, the Discord-role reward).
export { socialLinkErrors } from "./errors.ts";
export type { SocialLink, SocialProvider } from "./repository.ts";
export { socialLinkInfo, socialLinkRoutes } from "./routes.ts";
export { createSocialLinksService, type SocialLinksService } from "./service.ts";
