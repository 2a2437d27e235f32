import { isEvmAddress } from "@dropfair/core/address";
import { limits } from "@dropfair/core/limits";
import { messageKeys } from "@dropfair/core/messages";
import type { AirdropDetail, CreateAirdropBody } from "@dropfair/schemas/airdrop";
import {
  type AirdropIdType,
  type AirdropMode,
  type AirdropPosterStyle,
  type AirdropRewardType,
  airdropPosterStyles,
} from "@dropfair/schemas/codes";
import { hasFieldErrors, type FieldErrors as SharedFieldErrors } from "../../../shared/lib/field-errors";

/** What the wizard edits: text inputs stay strings until the body is built. Times are 'YYYY-MM-DDTHH:mm' in UTC. */
export type WizardDraft = {
  title: string;
  description: string;
  startAt: string;
  endAt: string;
  posterStyle: AirdropPosterStyle;
  idType: AirdropIdType;
  chainId: number | null;
  rewardType: AirdropRewardType;
  tokenAddress: string;
  customToken: boolean;
  tokenSymbol: string;
  totalAmount: string;
  mode: AirdropMode;
  shares: string;
  /** The Discord-role reward's server, which also checks a Discord list's usernames and ids. */
  discordGuildId: string;
  discordRoleId: string;
  /** The Telegram group or channel a Telegram list's ids are checked in (numeric id or @username). */
  telegramChatId: string;
};

/** A message to show: a catalogue key with its namespace and parameters. */
export type FieldMessage = { key: string; params?: Record<string, unknown> };
export type FieldErrors = SharedFieldErrors<
  keyof WizardDraft | "participants" | "deposit" | "tokenIds",
  FieldMessage
>;

const validation = (key: string, params?: Record<string, unknown>): FieldMessage =>
  params ? { key: `validation:${key}`, params } : { key: `validation:${key}` };

const snowflakePattern = /^\d{17,20}$/;
/** A chat's numeric id (groups and channels are negative) or a public chat's @username. */
const telegramChatPattern = /^(-?\d{1,20}|@[A-Za-z][A-Za-z0-9_]{4,31})$/;

const minuteInputPattern = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

/** An input value ('YYYY-MM-DDTHH:mm', read as UTC) to the wire's ISO string; undefined when incomplete. */
export function minuteInputToIso(value: string): string | undefined {
  if (!minuteInputPattern.test(value)) return undefined;
  const date = new Date(`${value}:00.000Z`);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}

/** The wire's ISO string to an input value in UTC, to the minute. */
export function isoToMinuteInput(value: string | Date): string {
  const date = typeof value === "string" ? new Date(value) : value;
  return Number.isNaN(date.getTime()) ? "" : date.toISOString().slice(0, 16);
}

/** A fresh draft: starts in an hour, runs a week, on the first chain offered. */
export function emptyDraft(now: Date, chainId: number | null): WizardDraft {
  const start = new Date(now.getTime() + 60 * 60 * 1000);
  start.setUTCMinutes(0, 0, 0);
  const end = new Date(start.getTime() + 7 * 24 * 60 * 60 * 1000);
  return {
    title: "",
    description: "",
    startAt: isoToMinuteInput(start),
    endAt: isoToMinuteInput(end),
    posterStyle: "classic",
    idType: "wallet",
    chainId,
    rewardType: "token",
    tokenAddress: "",
    customToken: false,
    tokenSymbol: "",
    totalAmount: "",
    mode: "all",
    shares: "",
    discordGuildId: "",
    discordRoleId: "",
    telegramChatId: "",
  };
}

export function draftFromDetail(detail: AirdropDetail): WizardDraft {
  return {
    title: detail.title,
    description: detail.description,
    startAt: isoToMinuteInput(detail.startAt),
    endAt: isoToMinuteInput(detail.endAt),
    posterStyle: (airdropPosterStyles as readonly string[]).includes(detail.posterStyle)
      ? (detail.posterStyle as WizardDraft["posterStyle"])
      : "classic",
    idType: detail.idType,
    chainId: detail.chainId,
    rewardType: detail.rewardType,
    tokenAddress: detail.tokenAddress ?? "",
    customToken: detail.customToken,
    tokenSymbol: detail.customToken ? (detail.tokenSymbol ?? "") : "",
    totalAmount: detail.totalAmount ?? "",
    mode: detail.mode,
    shares: detail.shares === null ? "" : String(detail.shares),
    discordGuildId: detail.discordGuildId ?? "",
    discordRoleId: detail.discordRoleId ?? "",
    telegramChatId: detail.telegramChatId ?? "",
  };
}

const orNull = (value: string) => (value.trim() === "" ? null : value.trim());

/** The body of POST / and PATCH /:id. Call only after `validateSettings` passed. */
export function draftToBody(draft: WizardDraft): CreateAirdropBody {
  const isToken = draft.rewardType === "token";
  const isDiscord = draft.rewardType === "discord_role";
  return {
    title: draft.title.trim(),
    description: draft.description.trim(),
    startAt: minuteInputToIso(draft.startAt) ?? "",
    endAt: minuteInputToIso(draft.endAt) ?? "",
    posterStyle: draft.posterStyle,
    idType: draft.idType,
    rewardType: draft.rewardType,
    chainId: draft.chainId,
    tokenAddress: isDiscord
      ? null
      : isEvmAddress(draft.tokenAddress.trim())
        ? draft.tokenAddress.trim()
        : null,
    customToken: isToken && draft.customToken,
    tokenSymbol: isToken && draft.customToken ? orNull(draft.tokenSymbol) : null,
    totalAmount: isToken ? orNull(draft.totalAmount) : null,
    shares: draft.mode === "fcfs" && /^\d+$/.test(draft.shares.trim()) ? Number(draft.shares.trim()) : null,
    mode: draft.mode,
    discordGuildId: isDiscord || draft.idType === "discord" ? orNull(draft.discordGuildId) : null,
    discordRoleId: isDiscord ? orNull(draft.discordRoleId) : null,
    telegramChatId: draft.idType === "telegram" ? orNull(draft.telegramChatId) : null,
  };
}

/** Step 1: title required and up to 60; start and end set; start not later than end. */
export function validateSettings(draft: WizardDraft): FieldErrors {
  const errors: FieldErrors = {};
  const title = draft.title.trim();
  if (title === "") errors.title = validation(messageKeys.airdrop.titleRequired);
  else if (title.length > limits.airdropTitleMaxLength)
    errors.title = validation(messageKeys.airdrop.titleTooLong, { max: limits.airdropTitleMaxLength });
  const start = minuteInputToIso(draft.startAt);
  const end = minuteInputToIso(draft.endAt);
  if (!start) errors.startAt = { key: "airdrop:wizard.errors.timeRequired" };
  if (!end) errors.endAt = { key: "airdrop:wizard.errors.timeRequired" };
  if (start && end && start > end) errors.endAt = validation(messageKeys.airdrop.timeOrder);
  if (draft.chainId === null && draft.rewardType !== "discord_role")
    errors.chainId = { key: "airdrop:wizard.errors.chainRequired" };
  const guild = draft.discordGuildId.trim();
  if (draft.idType === "discord" && guild !== "" && !snowflakePattern.test(guild))
    errors.discordGuildId = { key: "airdrop:wizard.errors.snowflake" };
  const chat = draft.telegramChatId.trim();
  if (draft.idType === "telegram" && chat !== "" && !telegramChatPattern.test(chat))
    errors.telegramChatId = { key: "airdrop:wizard.errors.telegramChat" };
  return errors;
}

/** Step 2: a participant list is required. */
export function validateParticipants(participantCount: number): FieldErrors {
  return participantCount > 0 ? {} : { participants: validation(messageKeys.airdrop.participantsRequired) };
}

const fourDecimals = /^\d+(\.\d{1,4})?$/;

/**
 * Step 3: a valid token address, an amount with up to 4 decimals, and for first-come-first-served a number of
 * shares no larger than the participant count.
 */
export function validateReward(draft: WizardDraft, participantCount: number): FieldErrors {
  const errors: FieldErrors = {};
  if (draft.rewardType === "discord_role") {
    if (!/^\d{17,20}$/.test(draft.discordGuildId.trim()))
      errors.discordGuildId = { key: "airdrop:wizard.errors.snowflake" };
    if (!/^\d{17,20}$/.test(draft.discordRoleId.trim()))
      errors.discordRoleId = { key: "airdrop:wizard.errors.snowflake" };
  } else if (!isEvmAddress(draft.tokenAddress.trim())) {
    errors.tokenAddress = validation(messageKeys.airdrop.tokenAddressInvalid);
  }
  if (draft.rewardType === "token") {
    const amount = draft.totalAmount.trim();
    if (amount === "") errors.totalAmount = validation(messageKeys.airdrop.amountRequired);
    else if (!/^\d+(\.\d+)?$/.test(amount) || !/[1-9]/.test(amount))
      errors.totalAmount = validation(messageKeys.amount.invalid);
    else if (!fourDecimals.test(amount))
      errors.totalAmount = validation(messageKeys.airdrop.amountTooManyDecimals, {
        max: limits.tokenAmountMaxDecimals,
      });
    if (draft.customToken && draft.tokenSymbol.trim() === "")
      errors.tokenSymbol = { key: "airdrop:wizard.errors.symbolRequired" };
  }
  if (draft.mode === "fcfs") {
    const shares = draft.shares.trim();
    if (!/^\d+$/.test(shares) || Number(shares) < 1)
      errors.shares = validation(messageKeys.airdrop.shareRequired);
    else if (Number(shares) > participantCount) errors.shares = validation(messageKeys.airdrop.shareOverflow);
  }
  return errors;
}

/** The deposit must cover what the airdrop pays out before it is released. */
export function validateDeposit(deposited: bigint, required: bigint | undefined): FieldErrors {
  return required !== undefined && deposited < required
    ? { deposit: validation(messageKeys.airdrop.depositRequired) }
    : {};
}

/** A logo of at most 1 MB. */
export function validateLogo(file: { size: number }): FieldMessage | undefined {
  return file.size > limits.airdropLogoMaxBytes ? validation(messageKeys.airdrop.logoTooLarge) : undefined;
}

export function hasErrors(errors: FieldErrors) {
  return hasFieldErrors(errors);
}

/** Whether two drafts differ (the unsaved-changes prompt). */
export function draftsDiffer(left: WizardDraft, right: WizardDraft) {
  return (Object.keys(left) as (keyof WizardDraft)[]).some((key) => left[key] !== right[key]);
}
