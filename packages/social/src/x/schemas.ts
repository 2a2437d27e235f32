// X API v2 wire shapes (data, includes, meta, errors), parsed at the edge so the rest of the code gets types.
// Objects are not strict: X adds fields over time, and unknown ones are dropped, not fatal.
import { z } from "zod";

const snowflakeId = z.string().regex(/^[0-9]{1,19}$/);

export const userPublicMetricsSchema = z.object({
  followers_count: z.number(),
  following_count: z.number(),
  tweet_count: z.number(),
  listed_count: z.number(),
  like_count: z.number().optional(),
});

/** "blue" | "business" | "government" | "none" today; kept open so a new value does not break parsing. */
export const verifiedTypeSchema = z.string();

export const userSchema = z.object({
  id: snowflakeId,
  name: z.string(),
  username: z.string(),
  created_at: z.string().optional(),
  description: z.string().optional(),
  location: z.string().optional(),
  url: z.string().optional(),
  profile_image_url: z.string().optional(),
  profile_banner_url: z.string().optional(),
  protected: z.boolean().optional(),
  verified: z.boolean().optional(),
  verified_type: verifiedTypeSchema.optional(),
  public_metrics: userPublicMetricsSchema.optional(),
  most_recent_tweet_id: snowflakeId.optional(),
  pinned_tweet_id: snowflakeId.optional(),
  subscription_type: z.string().optional(),
});

export const referencedTweetSchema = z.object({
  type: z.enum(["retweeted", "quoted", "replied_to"]),
  id: snowflakeId,
});

export const tweetPublicMetricsSchema = z.object({
  retweet_count: z.number(),
  reply_count: z.number(),
  like_count: z.number(),
  quote_count: z.number().optional(),
  bookmark_count: z.number().optional(),
  impression_count: z.number().optional(),
});

export const mentionSchema = z.object({
  start: z.number(),
  end: z.number(),
  username: z.string(),
  id: snowflakeId.optional(),
});

export const tweetSchema = z.object({
  id: snowflakeId,
  text: z.string(),
  edit_history_tweet_ids: z.array(snowflakeId).optional(),
  author_id: snowflakeId.optional(),
  conversation_id: snowflakeId.optional(),
  created_at: z.string().optional(),
  in_reply_to_user_id: snowflakeId.optional(),
  referenced_tweets: z.array(referencedTweetSchema).optional(),
  public_metrics: tweetPublicMetricsSchema.optional(),
  lang: z.string().optional(),
  possibly_sensitive: z.boolean().optional(),
  entities: z.object({ mentions: z.array(mentionSchema).optional() }).optional(),
});

/** A partial error (HTTP 200 with `errors`), e.g. a deleted or suspended account in a list. */
export const partialErrorSchema = z.object({
  title: z.string().optional(),
  detail: z.string().optional(),
  type: z.string().optional(),
  value: z.union([z.string(), z.number()]).optional(),
  resource_type: z.string().optional(),
  resource_id: z.string().optional(),
  parameter: z.string().optional(),
  section: z.string().optional(),
  message: z.string().optional(),
});

export const includesSchema = z.object({
  users: z.array(userSchema).optional(),
  tweets: z.array(tweetSchema).optional(),
});

export const metaSchema = z.object({
  result_count: z.number(),
  next_token: z.string().optional(),
  previous_token: z.string().optional(),
  newest_id: z.string().optional(),
  oldest_id: z.string().optional(),
});

export function singleResponseSchema<T extends z.ZodType>(item: T) {
  return z.object({
    data: item.optional(),
    includes: includesSchema.optional(),
    errors: z.array(partialErrorSchema).optional(),
  });
}

export function listResponseSchema<T extends z.ZodType>(item: T) {
  return z.object({
    data: z.array(item).optional(),
    includes: includesSchema.optional(),
    errors: z.array(partialErrorSchema).optional(),
    meta: metaSchema.optional(),
  });
}

/** Error bodies: an RFC 7807 problem, possibly wrapping `errors`, or the v1 `{errors:[{code,message}]}`. */
export const problemSchema = z.object({
  title: z.string().optional(),
  detail: z.string().optional(),
  type: z.string().optional(),
  status: z.number().optional(),
  reason: z.string().optional(),
  errors: z
    .array(
      z.object({
        message: z.string().optional(),
        code: z.number().optional(),
        parameters: z.record(z.string(), z.array(z.string())).optional(),
        detail: z.string().optional(),
        title: z.string().optional(),
        type: z.string().optional(),
      }),
    )
    .optional(),
});

export const tokenResponseSchema = z.object({
  token_type: z.string(),
  expires_in: z.number(),
  access_token: z.string(),
  scope: z.string().optional(),
  refresh_token: z.string().optional(),
});

export const oauthErrorSchema = z.object({
  error: z.string(),
  error_description: z.string().optional(),
});

export type XUser = z.infer<typeof userSchema>;
export type XTweet = z.infer<typeof tweetSchema>;
export type XPartialError = z.infer<typeof partialErrorSchema>;
export type XIncludes = z.infer<typeof includesSchema>;
export type XMeta = z.infer<typeof metaSchema>;
export type XProblem = z.infer<typeof problemSchema>;
