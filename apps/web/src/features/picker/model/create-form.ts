import { messageKeys } from "@dropfair/core/messages";
import { acceptInput } from "@dropfair/core/patterns";
import {
  accountAgeOptions,
  lastPostOptions,
  maxFollowTargets,
  maxWinnerCount,
  type PickerInfoType,
  parsePostUrl,
} from "@dropfair/core/picker";
import type { CreatePickerBody } from "@dropfair/schemas/picker";
import type { FieldError } from "react-hook-form";
import type { FieldErrors } from "../../../shared/lib/field-errors";

export type AccountAgeChoice = "any" | `${(typeof accountAgeOptions)[number]}`;
export type LastPostChoice = "any" | `${(typeof lastPostOptions)[number]}`;

/** The create form as typed: text inputs keep their text, the body mapping below turns it into the wire shape. */
export type CreatePickerFormValues = {
  postUrl: string;
  winnerCount: string;
  rewardAmount: string;
  rewardText: string;
  followTargets: string[];
  requireRetweet: boolean;
  requireReply: boolean;
  infoType: PickerInfoType;
  infoName: string;
  profilePicture: boolean;
  banner: boolean;
  description: boolean;
  location: boolean;
  verified: boolean;
  minTweetCount: string;
  minAccountAgeDays: AccountAgeChoice;
  lastPostWithinDays: LastPostChoice;
};

export function initialCreateValues(postUrl = ""): CreatePickerFormValues {
  return {
    postUrl,
    winnerCount: "1",
    rewardAmount: "",
    rewardText: "",
    followTargets: [],
    requireRetweet: true,
    requireReply: false,
    infoType: "evm",
    infoName: "",
    profilePicture: false,
    banner: false,
    description: false,
    location: false,
    verified: false,
    minTweetCount: "",
    minAccountAgeDays: "any",
    lastPostWithinDays: "any",
  };
}

export const accountAgeChoices: readonly AccountAgeChoice[] = [
  "any",
  ...accountAgeOptions.map((days) => `${days}` as const),
];
export const lastPostChoices: readonly LastPostChoice[] = [
  "any",
  ...lastPostOptions.map((days) => `${days}` as const),
];

/** Typed inputs: a keystroke that breaks the pattern is rejected and the previous value kept. */
export function acceptRewardAmount(next: string, previous: string) {
  return acceptInput("decimal", next, previous);
}

export function acceptInteger(next: string, previous: string, maxLength = 7) {
  return acceptInput("integer", next, previous, { maxLength });
}

/** A follow handle as typed ("@name", " name ") → "name"; empty when nothing is left. */
export function normalizeHandle(value: string) {
  return value.trim().replace(/^@+/, "");
}

const handlePattern = /^[A-Za-z0-9_]{1,15}$/;

/** Adds handles from a tags input: normalised, valid X usernames, no duplicates, at most five. */
export function normalizeFollowTargets(values: readonly string[]): string[] {
  const seen = new Set<string>();
  const targets: string[] = [];
  for (const value of values) {
    const handle = normalizeHandle(value);
    if (!handlePattern.test(handle) || seen.has(handle.toLowerCase())) continue;
    seen.add(handle.toLowerCase());
    targets.push(handle);
    if (targets.length === maxFollowTargets) break;
  }
  return targets;
}

/** "12." → "12", ".5" → "0.5", "007.50" → "7.50": the wire's decimal shape from an accepted partial input. */
export function normalizeDecimal(value: string): string | undefined {
  const trimmed = value.trim();
  if (trimmed === "" || trimmed === ".") return undefined;
  const [integerPart = "", fractionPart = ""] = trimmed.split(".");
  const integer = integerPart.replace(/^0+(?=\d)/, "") || "0";
  return fractionPart ? `${integer}.${fractionPart}` : integer;
}

export type CreateFormErrors = FieldErrors<keyof CreatePickerFormValues>;

export type CreateFormContext = {
  /** Reply lookup (quick reply proof) is offered up to this many winners. */
  replyWinnerLimit: number;
};

/**
 * Client-side checks before the request. Values are catalogue keys: shared messages from the validation
 * namespace ("validation:…"), ours from the picker namespace ("picker:…").
 */
export function validateCreateForm(
  values: CreatePickerFormValues,
  context: CreateFormContext,
): CreateFormErrors {
  const errors: CreateFormErrors = {};
  if (!values.postUrl.trim()) errors.postUrl = `validation:${messageKeys.picker.postUrlRequired}`;
  else if (!parsePostUrl(values.postUrl)) errors.postUrl = "picker:create.errors.postUrlInvalid";
  const winners = Number(values.winnerCount);
  if (!values.winnerCount || !Number.isInteger(winners) || winners < 1 || winners > maxWinnerCount) {
    errors.winnerCount = "picker:create.errors.winnerCount";
  } else if (values.requireReply && winners > context.replyWinnerLimit) {
    errors.requireReply = "picker:create.errors.replyLimit";
  }
  if (values.rewardAmount && normalizeDecimal(values.rewardAmount) === undefined) {
    errors.rewardAmount = `validation:${messageKeys.amount.invalid}`;
  }
  if (values.infoType === "custom" && !values.infoName.trim()) {
    errors.infoName = `validation:${messageKeys.picker.infoNameRequired}`;
  }
  return errors;
}

/** The request body of `POST /api/bounty/picker` for valid form values (checked by the shared zod schema). */
export function toCreatePickerBody(values: CreatePickerFormValues): CreatePickerBody {
  const rewardAmount = normalizeDecimal(values.rewardAmount);
  const minTweetCount = values.minTweetCount ? Number(values.minTweetCount) : 0;
  const filters: NonNullable<CreatePickerBody["filters"]> = {};
  if (values.profilePicture) filters.profilePicture = true;
  if (values.banner) filters.banner = true;
  if (values.description) filters.description = true;
  if (values.location) filters.location = true;
  if (values.verified) filters.verified = true;
  if (minTweetCount > 0) filters.minTweetCount = minTweetCount;
  if (values.minAccountAgeDays !== "any") filters.minAccountAgeDays = Number(values.minAccountAgeDays);
  if (values.lastPostWithinDays !== "any") filters.lastPostWithinDays = Number(values.lastPostWithinDays);
  return {
    postUrl: values.postUrl.trim(),
    winnerCount: Number(values.winnerCount),
    ...(rewardAmount === undefined ? {} : { rewardAmount }),
    rewardText: values.rewardText.trim(),
    followTargets: normalizeFollowTargets(values.followTargets),
    requireRetweet: values.requireRetweet,
    requireReply: values.requireReply,
    infoType: values.infoType,
    infoName: values.infoType === "custom" ? values.infoName.trim() : "",
    filters,
    version: 2,
  };
}

/** The form's messages for react-hook-form: each catalogue key as its field's error message. */
export function toFormErrors(
  errors: CreateFormErrors,
): Partial<Record<keyof CreatePickerFormValues, FieldError>> {
  const found: Partial<Record<keyof CreatePickerFormValues, FieldError>> = {};
  for (const [field, key] of Object.entries(errors) as [keyof CreatePickerFormValues, string | undefined][]) {
    if (key) found[field] = { type: "validate", message: key };
  }
  return found;
}

/** Zod issues carry catalogue keys for the shared validation messages; anything else is reported on its field generically. */
export function schemaErrors(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
): CreateFormErrors {
  const errors: CreateFormErrors = {};
  for (const issue of issues) {
    const field = String(issue.path[0] ?? "postUrl") as keyof CreatePickerFormValues;
    const key = issue.message.startsWith("validation.")
      ? `validation:${issue.message}`
      : "picker:create.errors.field";
    errors[field] ??= key;
  }
  return errors;
}
