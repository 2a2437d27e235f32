// The wire contract of referrals: the user's own code and share data, changing the code, the results, and the
// look-up of an inviter's code.
import { z } from "zod";

/** Anything up to 64 characters reaches the service, which answers the catalogue message for a bad code. */
export const referralCodeInputSchema = z.string().max(64);

export const referralTotalsSchema = z.object({
  /** Users who signed in for the first time with this user's code. */
  referees: z.number().int(),
  /** Referees who earned their referrer a reward. */
  rewardedReferees: z.number().int(),
  /** EP earned from referrals, all time. */
  rewardEp: z.number().int(),
});

export const referralMeSchema = z.object({
  code: z.string(),
  /** The share link's path relative to the locale root (the route that reads a parent code). */
  sharePath: z.string(),
  totals: referralTotalsSchema,
  /** EP a referrer earns per qualifying referee, and the most a referrer earns in one month. */
  rewardEp: z.number().int(),
  monthlyCapEp: z.number().int(),
  /** EP earned from referrals in the current calendar month (UTC). */
  earnedThisMonthEp: z.number().int(),
});
export type ReferralMe = z.infer<typeof referralMeSchema>;

export const changeReferralCodeBodySchema = z.strictObject({ code: referralCodeInputSchema });

export const referralCodeSchema = z.object({ code: z.string() });

export const referralResultsQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(50).default(10),
});

export const referralResultRowSchema = z.object({
  /** The referee's wallet in its short form (first 5 and last 4 characters). */
  account: z.string(),
  level: z.number().int(),
  missionsFinished: z.number().int(),
  /** EP the referrer earned for this referee (0 until the referee qualifies). */
  rewardEp: z.number().int(),
  /** When the referee first signed in, ISO-8601. */
  joinedAt: z.string(),
});
export type ReferralResultRow = z.infer<typeof referralResultRowSchema>;

export const referralResultsSchema = z.object({
  rows: z.array(referralResultRowSchema),
  totals: referralTotalsSchema,
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type ReferralResults = z.infer<typeof referralResultsSchema>;

export const referralLookupParamsSchema = z.object({ code: referralCodeInputSchema });

export const referralLookupSchema = z.object({
  exists: z.boolean(),
  /** The inviter's wallet in its short form, when the code exists. */
  inviter: z.string().nullable(),
});
export type ReferralLookup = z.infer<typeof referralLookupSchema>;
