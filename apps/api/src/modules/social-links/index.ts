// Discord and Telegram accounts bound to wallet users (airdrop claims for social lists, the Discord-role reward).
export { socialLinkInfo, socialLinkRoutes } from "./routes.ts";
export {
  createSocialLinksService,
  type SocialLink,
  type SocialLinksService,
  type SocialProvider,
  socialLinkErrors,
} from "./service.ts";
