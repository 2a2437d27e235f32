// Discord and Telegram accounts bound to the signed-in wallet: bind/unbind control and the return pages.
export type { SocialProvider } from "./api/social-links";
export { SocialLinkControl } from "./components/social-link-control";
export { SocialLinkReturn } from "./components/social-link-return";
export { startSocialLink } from "./model/social-links";
