/** Prefix of our X session tokens, so one Authorization header can carry either kind. */
export const xSessionTokenPrefix = "xs_";

/** The accounts a wallet can bind besides X. */
export const socialProviders = ["discord", "telegram"] as const;
export type SocialProvider = (typeof socialProviders)[number];
