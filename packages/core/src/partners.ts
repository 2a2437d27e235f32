// The partner activities (docs/wheel.md): each is served by the web app at `/{slug}/:code?` with the lucky-detail
// screen, and the API accepts a wheel game's `partnerSlug` only from this list. Seeded with sandbox partners; a
// deployment edits this list.

export type PartnerActivity = {
  /** The route segment; must not clash with another top-level route. */
  slug: string;
  /** The fixed identify code of the activity. */
  identifyCode: string;
  /** Display name; a proper noun, so it is not translated. */
  name: string;
  /** The partner's logo: a URL, or a path under the web app's public files. */
  logo: string;
};

export const partnerActivities: readonly PartnerActivity[] = [
  { slug: "aurora", identifyCode: "AURX01", name: "Aurora Labs", logo: "/partners/aurora.svg" },
  { slug: "nebula", identifyCode: "NEBX02", name: "Nebula DAO", logo: "/partners/nebula.svg" },
  { slug: "quartz", identifyCode: "QRZX03", name: "Quartz Swap", logo: "/partners/quartz.svg" },
  { slug: "lumen", identifyCode: "LUMX04", name: "Lumen Finance", logo: "/partners/lumen.svg" },
  { slug: "orbit", identifyCode: "ORBX05", name: "Orbit NFT", logo: "/partners/orbit.svg" },
  { slug: "tidal", identifyCode: "TIDX06", name: "Tidal Bridge", logo: "/partners/tidal.svg" },
  { slug: "ember", identifyCode: "EMBX07", name: "Ember Games", logo: "/partners/ember.svg" },
];

/**
 * The partner slug of the achievement programme's wheel games: `achievement/detail-with-lucky` shows the
 * lucky-detail screen of the games an administrator creates with this `partnerSlug`.
 */
export const achievementLuckySlug = "achievement";

/** Every slug a wheel game may carry as its `partnerSlug`: the partners' and the achievement programme's. */
export const wheelPartnerSlugs: readonly string[] = [
  ...partnerActivities.map((partner) => partner.slug),
  achievementLuckySlug,
];

export function isWheelPartnerSlug(slug: string): boolean {
  return wheelPartnerSlugs.includes(slug);
}
