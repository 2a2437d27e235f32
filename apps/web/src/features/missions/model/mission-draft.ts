// A mission being written in the mission editor: the fields each kind is configured with, and the create body the
// API takes (checked with the wire schema, each problem named by the field it is about).
import type { MissionCreateBody, MissionKind } from "@dropfair/schemas/missions";

type SchemasModule = typeof import("@dropfair/schemas/missions");

/** A parameter field: numbers are typed as text and sent as numbers; optional ones are left out when empty. */
export type ParameterField = { name: string; numeric?: boolean; optional?: boolean };

/** What the creator fills for each kind of mission, in the order shown. */
export const parameterFields: Record<MissionKind, ParameterField[]> = {
  x_follow: [{ name: "username" }, { name: "userId" }],
  x_retweet: [{ name: "postId" }],
  x_quote: [{ name: "postId" }],
  x_like: [{ name: "postId" }],
  x_tweet: [
    { name: "text", optional: true },
    { name: "hashtag", optional: true },
    { name: "mention", optional: true },
    { name: "minViews", numeric: true, optional: true },
    { name: "minLikes", numeric: true, optional: true },
    { name: "minRetweets", numeric: true, optional: true },
  ],
  discord_join: [{ name: "guildId" }, { name: "inviteUrl" }],
  discord_role: [{ name: "guildId" }, { name: "roleId" }, { name: "roleName" }, { name: "inviteUrl" }],
  telegram_join: [{ name: "chatId" }, { name: "url" }],
};

/** Which reward the editor asks for: a wheel's tickets, EP, or none (a campaign's join missions). */
export type MissionRewardKind = "tickets" | "ep" | "none";

export type MissionDraft = {
  kind: MissionKind;
  /** Every field as typed, by name (fields of other kinds are ignored). */
  values: Record<string, string>;
  title: string;
  reward: string;
};

export const emptyDraft = (kind: MissionKind = "x_follow", reward = "1"): MissionDraft => ({
  kind,
  values: {},
  title: "",
  reward,
});

/** Problems by field: a parameter's name, "title", "reward" or "content" (an X tweet with nothing to contain). */
export type DraftErrors = Partial<Record<string, string>>;

const wholeNumber = /^\d{1,10}$/;

/**
 * The create body of `draft`, or the catalogue keys (missions namespace) of what is wrong with it. The wire
 * schema decides; it is passed in (`@dropfair/schemas/missions`, loaded on demand).
 */
export function draftBody(
  draft: MissionDraft,
  reward: MissionRewardKind,
  schemas: Pick<SchemasModule, "missionCreateBodySchema">,
): { body: MissionCreateBody } | { errors: DraftErrors } {
  const errors: DraftErrors = {};
  const parameters: Record<string, string | number> = {};
  for (const field of parameterFields[draft.kind]) {
    const value = (draft.values[field.name] ?? "").trim();
    if (value === "") {
      if (!field.optional) errors[field.name] = `editor.errors.${field.name}`;
      continue;
    }
    if (field.numeric) {
      if (wholeNumber.test(value)) parameters[field.name] = Number(value);
      else errors[field.name] = "editor.errors.count";
    } else parameters[field.name] = value;
  }
  const rewardText = draft.reward.trim();
  const rewardValue = reward === "none" ? 0 : Number(rewardText);
  if (reward !== "none" && (!wholeNumber.test(rewardText) || rewardValue < 1))
    errors.reward = `editor.errors.${reward}`;
  const candidate = {
    kind: draft.kind,
    parameters,
    ...(draft.title.trim() ? { title: draft.title.trim() } : {}),
    ...(reward === "tickets" ? { rewardTickets: rewardValue } : {}),
    ...(reward === "ep" ? { rewardEp: rewardValue } : {}),
  };
  const parsed = schemas.missionCreateBodySchema.safeParse(candidate);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const [first, second] = issue.path.map(String);
      const field =
        first === "parameters" ? (second ?? "content") : first === "title" ? "title" : (first ?? "content");
      if (field === "rewardTickets" || field === "rewardEp") errors.reward ??= `editor.errors.${reward}`;
      else if (field === "content") errors.content ??= "editor.errors.content";
      else errors[field] ??= `editor.errors.${field}`;
    }
  }
  if (Object.keys(errors).length > 0 || !parsed.success) return { errors };
  return { body: parsed.data };
}
