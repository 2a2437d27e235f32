// Loaded on demand: zod and the wire contract stay out of the first route's JavaScript.
export {
  referralCodeSchema,
  referralLookupSchema,
  referralMeSchema,
  referralResultsSchema,
} from "@dropfair/schemas/referral";
