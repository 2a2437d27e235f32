import { formatTokenAmount } from "@dropfair/core/format";
import { defaultDailyTweets, defaultTipsWeights, defaultTweetCap } from "@dropfair/core/tips";
import {
  type TipsCampaignDetail,
  type TipsCreateBody,
  type TipsEditBody,
  tipsCreateBodySchema,
} from "@dropfair/schemas/tips";

/** What the create/edit form holds: text as typed, times as 'YYYY-MM-DDTHH:mm' in UTC. */
export type TipsDraft = {
  title: string;
  description: string;
  hashtag: string;
  mention: string;
  slogan: string;
  startAt: string;
  endAt: string;
  chainId: string;
  token: string;
  totalPrize: string;
  views: string;
  likes: string;
  replies: string;
  retweets: string;
  quotes: string;
  tweetCap: string;
  dailyTweets: string;
};
export type DraftField = keyof TipsDraft;

/** A field's message: a validation catalogue key (with the field's label for the generic one). */
export type DraftErrors = Partial<Record<DraftField, string>>;

const minutePattern = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

export function minuteInputToIso(value: string): string | undefined {
  if (!minutePattern.test(value)) return undefined;
  const date = new Date(`${value}:00.000Z`);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}

export function isoToMinuteInput(value: string | Date): string {
  const date = typeof value === "string" ? new Date(value) : value;
  return Number.isNaN(date.getTime()) ? "" : date.toISOString().slice(0, 16);
}

/** A fresh draft: starts at the next full hour plus one, runs a week, with the published formula defaults. */
export function emptyTipsDraft(now: Date, chainId: number | null): TipsDraft {
  const start = new Date(now.getTime() + 2 * 60 * 60 * 1000);
  start.setUTCMinutes(0, 0, 0);
  const end = new Date(start.getTime() + 7 * 24 * 60 * 60 * 1000);
  return {
    title: "",
    description: "",
    hashtag: "",
    mention: "",
    slogan: "",
    startAt: isoToMinuteInput(start),
    endAt: isoToMinuteInput(end),
    chainId: chainId === null ? "" : String(chainId),
    token: "",
    totalPrize: "",
    views: String(defaultTipsWeights.views),
    likes: String(defaultTipsWeights.likes),
    replies: String(defaultTipsWeights.replies),
    retweets: String(defaultTipsWeights.retweets),
    quotes: String(defaultTipsWeights.quotes),
    tweetCap: String(defaultTweetCap),
    dailyTweets: String(defaultDailyTweets),
  };
}

/** A campaign as the form shows it for an edit. */
export function draftOf(campaign: TipsCampaignDetail): TipsDraft {
  const { weights } = campaign.formula;
  return {
    title: campaign.title,
    description: campaign.description,
    hashtag: campaign.hashtag,
    mention: campaign.mention,
    slogan: campaign.slogan,
    startAt: isoToMinuteInput(campaign.startAt),
    endAt: isoToMinuteInput(campaign.endAt),
    chainId: String(campaign.chainId),
    token: campaign.token,
    totalPrize: formatTokenAmount(BigInt(campaign.totalPrize), campaign.tokenDecimals),
    views: String(weights.views),
    likes: String(weights.likes),
    replies: String(weights.replies),
    retweets: String(weights.retweets),
    quotes: String(weights.quotes),
    tweetCap: String(campaign.formula.tweetCap),
    dailyTweets: String(campaign.formula.dailyTweets),
  };
}

/** A whole number as typed, or NaN (the schema then says the field is not valid). */
const whole = (value: string) => (/^\d{1,10}$/.test(value.trim()) ? Number(value.trim()) : Number.NaN);

/** The request body of a draft (before the schema's checks). */
export function bodyOf(draft: TipsDraft): TipsCreateBody {
  return {
    title: draft.title,
    description: draft.description,
    hashtag: draft.hashtag,
    mention: draft.mention,
    slogan: draft.slogan,
    startAt: minuteInputToIso(draft.startAt) ?? "",
    endAt: minuteInputToIso(draft.endAt) ?? "",
    chainId: draft.chainId === "" ? Number.NaN : Number(draft.chainId),
    token: draft.token.trim(),
    totalPrize: draft.totalPrize,
    weights: {
      views: whole(draft.views),
      likes: whole(draft.likes),
      replies: whole(draft.replies),
      retweets: whole(draft.retweets),
      quotes: whole(draft.quotes),
    },
    tweetCap: whole(draft.tweetCap),
    dailyTweets: whole(draft.dailyTweets),
  };
}

const weightFields: Record<string, DraftField> = {
  views: "views",
  likes: "likes",
  replies: "replies",
  retweets: "retweets",
  quotes: "quotes",
};

/** The schema's verdict on a draft: the body to send, or a message key per field (the first issue of each). */
export function validateDraft(
  draft: TipsDraft,
): { ok: true; body: TipsCreateBody } | { ok: false; errors: DraftErrors } {
  const body = bodyOf(draft);
  const errors: DraftErrors = {};
  if (body.startAt === "") errors.startAt = "tips:errors.timeRequired";
  if (body.endAt === "") errors.endAt = "tips:errors.timeRequired";
  const result = tipsCreateBodySchema.safeParse(body);
  if (!result.success) {
    for (const issue of result.error.issues) {
      const [first, second] = issue.path;
      const field =
        first === "weights" && typeof second === "string" ? weightFields[second] : (first as DraftField);
      if (!field || errors[field]) continue;
      errors[field] = `validation:${issue.message}`;
    }
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, body };
}

/** The edit's body: every field, less the token, prize and times once the prize is funded. */
export function editBodyOf(body: TipsCreateBody, funded: boolean): TipsEditBody {
  if (!funded) return body;
  const { startAt: _start, endAt: _end, chainId: _chain, token: _token, totalPrize: _prize, ...rest } = body;
  return rest;
}
