import { generatePath, type PathParam } from "react-router";
import { partnerActivities } from "./partners";

type Params<Pattern extends string> = { [Key in PathParam<Pattern>]?: string | number | null };

export type RoutePath<Pattern extends string = string> = {
  /** The pattern relative to the locale root, without a leading slash (react-router syntax). */
  pattern: Pattern;
  /** A locale-root-relative URL for the given params; optional params left out are omitted. */
  build: (params?: Params<Pattern>) => string;
};

function route<const Pattern extends string>(pattern: Pattern): RoutePath<Pattern> {
  return {
    pattern,
    build(params) {
      const values: Record<string, string | null> = {};
      for (const [key, value] of Object.entries(params ?? {})) {
        values[key] = value === undefined || value === null ? null : String(value);
      }
      return generatePath(`/${pattern}`, values as never);
    },
  };
}

/**
 * Every route of the app (relative to the locale root), with its link builder. The one place URLs are spelt.
 * Names are the route names used for locale switching, menu selection and route meta.
 */
export const paths = {
  index: route(""),
  product: route("dropfair"),
  home: route("home"),
  authTwitter: route("auth/twitter"),
  authDiscord: route("auth/discord"),
  authTelegram: route("auth/telegram/:state"),
  achievement: route("achievement/:code?"),
  achievementEarlybird: route("achievement/earlybird/:code?"),
  achievementUnitag: route("achievement/unitag/:id/:code?"),
  achievementDrop: route("achievement/drop"),
  achievementDetail: route("achievement/detail"),
  achievementDetailWithLucky: route("achievement/detail-with-lucky"),
  referral: route("referral"),
  points: route("points"),
  adminAudit: route("admin/audit"),
  adminBadges: route("admin/badges"),
  airdrop: route("airdrop"),
  airdropCreate: route("airdrop/create/:id?"),
  airdropDetail: route("airdrop/:id"),
  picker: route("picker"),
  pickerCreate: route("picker/create"),
  pickerDetail: route("picker/:id/:code?"),
  picker2: route("picker2"),
  picker2Create: route("picker2/create"),
  picker2Detail: route("picker2/:id/:code?"),
  picker2Banned: route("picker2/:id/banned"),
  pickerPro: route("pickerpro/*"),
  simulator: route("simulator"),
  tips: route("tips"),
  tipsCreate: route("tips/create/:id?"),
  tipsDetail: route("tips/:id"),
  tipsBanned: route("tips/banned"),
  game: route("game"),
  gameCreate: route("game/create"),
  gameDetail: route("game/:id"),
  drops: route("drops"),
  daily: route("daily"),
  chain: route("chain"),
  safe: route("safe"),
  safeChecker: route("safe/Checker"),
  reportBug: route("report/bug"),
  reportFeature: route("report/feature"),
  newsletterUnsubscribe: route("newsletter/unsubscribe"),
  feedbackInbox: route("admin/feedback"),
  notFound: route("*"),
} as const;

export type RouteName = keyof typeof paths;

/** Partner activity routes: `/{slug}/:code?`, one per configured partner. */
export function partnerPath(slug: string) {
  return route(`${slug}/:code?`);
}

export const partnerPaths = partnerActivities.map((partner) => ({
  partner,
  path: partnerPath(partner.slug),
}));

/** The route name of a partner activity route. */
export function partnerRouteName(slug: string) {
  return `partner:${slug}` as const;
}

/** External and API links, so no URL string is scattered through components either. */
export const externalPaths = {
  apiDocs: "/api/docs",
} as const;
