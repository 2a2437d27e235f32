// The wire contract of missions: definitions per kind, the management bodies, the check body, and the views.
import { campaignKinds, missionKinds } from "@dropfair/core/missions";
import { hasVisibleCharacter, stripBidiControls } from "@dropfair/core/text";
import { z } from "zod";

export { type CampaignKind, campaignKinds, type MissionKind, missionKinds } from "@dropfair/core/missions";

const invalid = { message: "validation.request.fieldInvalid" };
const xId = z.string().regex(/^[0-9]{1,19}$/, invalid);
const snowflake = z.string().regex(/^[0-9]{17,20}$/, invalid);
const xUsername = z
  .string()
  .regex(/^@?[A-Za-z0-9_]{1,15}$/, invalid)
  .transform((name) => name.replace(/^@/, ""));
const httpsUrl = z
  .string()
  .max(300)
  .refine((value) => /^https:\/\/[^\s]+$/.test(value), invalid);
const count = z.number().int().min(0).max(1_000_000_000);
const piece = z.string().trim().min(1).max(100);

export const missionParameterSchemas = {
  x_follow: z.strictObject({ userId: xId, username: xUsername }),
  x_retweet: z.strictObject({ postId: xId }),
  x_quote: z.strictObject({ postId: xId }),
  x_like: z.strictObject({ postId: xId }),
  x_tweet: z
    .strictObject({
      text: piece.optional(),
      hashtag: z
        .string()
        .regex(/^#?[\p{L}\p{N}_]{1,60}$/u, invalid)
        .optional(),
      mention: z
        .string()
        .regex(/^@?[A-Za-z0-9_]{1,15}$/, invalid)
        .optional(),
      minViews: count.optional(),
      minLikes: count.optional(),
      minRetweets: count.optional(),
    })
    .refine((rule) => Boolean(rule.text || rule.hashtag || rule.mention), {
      message: "validation.request.emptyContent",
    }),
  discord_join: z.strictObject({ guildId: snowflake, inviteUrl: httpsUrl }),
  discord_role: z.strictObject({
    guildId: snowflake,
    roleId: snowflake,
    roleName: z.string().trim().min(1).max(100),
    inviteUrl: httpsUrl,
  }),
  telegram_join: z.strictObject({
    chatId: z.string().regex(/^(-?[0-9]{1,20}|@[A-Za-z0-9_]{5,32})$/, invalid),
    url: httpsUrl,
  }),
} as const;

const title = z
  .string()
  .max(120)
  .transform((value) => stripBidiControls(value).trim())
  .refine((value) => value === "" || hasVisibleCharacter(value), invalid);
const rewardEp = z.number().int().min(0).max(1_000_000);
const rewardTickets = z.number().int().min(0).max(10_000);

function createBody<K extends keyof typeof missionParameterSchemas>(kind: K) {
  return z.strictObject({
    kind: z.literal(kind),
    parameters: missionParameterSchemas[kind],
    title: title.optional(),
    rewardEp: rewardEp.default(0),
    rewardTickets: rewardTickets.default(0),
  });
}

/** A new mission (appended at the end of the campaign's list). Unknown fields are a 400. */
export const missionCreateBodySchema = z.discriminatedUnion("kind", [
  createBody("x_follow"),
  createBody("x_retweet"),
  createBody("x_quote"),
  createBody("x_like"),
  createBody("x_tweet"),
  createBody("discord_join"),
  createBody("discord_role"),
  createBody("telegram_join"),
]);
export type MissionCreateBody = z.infer<typeof missionCreateBodySchema>;

/** An edit: the kind never changes; parameters are checked against the mission's kind. */
export const missionUpdateBodySchema = z.strictObject({
  parameters: z.record(z.string(), z.unknown()).optional(),
  title: title.optional(),
  rewardEp: rewardEp.optional(),
  rewardTickets: rewardTickets.optional(),
});
export type MissionUpdateBody = z.infer<typeof missionUpdateBodySchema>;

export const missionReorderBodySchema = z.strictObject({
  missionIds: z.array(z.number().int().positive().max(Number.MAX_SAFE_INTEGER)).min(1).max(500),
});

export const missionIdParamsSchema = z.strictObject({
  missionId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
});

export const campaignIdParamsSchema = z.strictObject({
  campaignId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
});

/** A check: only X tweet missions read `tweetId` (an id or a post URL). */
export const missionCheckBodySchema = z.strictObject({ tweetId: z.string().max(300).optional() }).default({});

export const missionStates = ["todo", "done"] as const;

export const missionSchema = z.object({
  id: z.number().int(),
  campaignId: z.number().int(),
  position: z.number().int(),
  kind: z.enum(missionKinds),
  title: z.string(),
  parameters: z.record(z.string(), z.union([z.string(), z.number()])),
  actionUrl: z.string(),
  takesTweetId: z.boolean(),
  rewardEp: z.number().int(),
  rewardTickets: z.number().int(),
  state: z.enum(missionStates),
  completedAt: z.string().nullable(),
});
export type Mission = z.infer<typeof missionSchema>;

export const campaignSchema = z.object({
  id: z.number().int(),
  kind: z.enum(campaignKinds),
  referenceId: z.string().nullable(),
  title: z.string(),
});

export const campaignMissionsSchema = z.object({
  campaign: campaignSchema,
  missions: z.array(missionSchema),
  completedCount: z.number().int(),
});
export type CampaignMissions = z.infer<typeof campaignMissionsSchema>;

export const missionCheckResultSchema = z.object({
  mission: missionSchema,
  /** False when the mission was already done: nothing was credited again. */
  newlyCompleted: z.boolean(),
});
export type MissionCheckResult = z.infer<typeof missionCheckResultSchema>;
