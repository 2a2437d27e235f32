/**
 * Partner activities: each is served at `/{slug}/:code?` with the lucky-detail screen.
 * Seeded with sandbox partners; a deployment edits this list.
 */
export type PartnerActivity = {
  /** The route segment; must not clash with another top-level route. */
  slug: string;
  /** The fixed identify code of the activity. */
  identifyCode: string;
  /** Display name; a proper noun, so it is not translated. */
  name: string;
};

export const partnerActivities: readonly PartnerActivity[] = [
  { slug: "aurora", identifyCode: "AURX01", name: "Aurora Labs" },
  { slug: "nebula", identifyCode: "NEBX02", name: "Nebula DAO" },
  { slug: "quartz", identifyCode: "QRZX03", name: "Quartz Swap" },
  { slug: "lumen", identifyCode: "LUMX04", name: "Lumen Finance" },
  { slug: "orbit", identifyCode: "ORBX05", name: "Orbit NFT" },
  { slug: "tidal", identifyCode: "TIDX06", name: "Tidal Bridge" },
  { slug: "ember", identifyCode: "EMBX07", name: "Ember Games" },
];
