// Picker constants and parsers shared by the API, the web app and the CLI (rules without I/O: picker-rules.ts).

/** The statuses of a picker (v2/pro), in the numbers the API and the web app share. */
export const pickerStatus = {
  notStarted: 0,
  preparing: 2,
  fetchingFollowers: 20,
  loadingEntries: 3,
  verifyingFollow: 7,
  fetchingReplies: 14,
  filtering: 8,
  error: 10,
  noParticipant: 12,
  readyToPick: 6,
  selecting: 9,
  collectingInfo: 13,
  paying: 4,
  completed: 5,
  cancelled: 11,
} as const;

export type PickerStatus = (typeof pickerStatus)[keyof typeof pickerStatus];

/** The statuses of a v1 picker (read-only now). */
export const pickerV1Status = {
  notStarted: 0,
  preparing: 2,
  fetchingFollowers: 20,
  loadingRetweeters: 3,
  pickingWinner: 4,
  completed: 5,
  readyToPick: 6,
  internalError: 10,
} as const;

/** Statuses in which the collection pipeline is still working. */
export const pickerPipelineStatuses: readonly number[] = [0, 2, 20, 3, 7, 14, 8];

/** The account-age and last-post filter options, in days. */
export const accountAgeOptions = [7, 30, 180, 365] as const;
export const lastPostOptions = [1, 7, 30] as const;

/** The free plan: draws a day and entries collected per post. */
export const freePlan = { drawsPerDay: 6, entriesPerPost: 1000 } as const;
/** Membership price in USDT per month (the annual plan is twelve months). */
export const membershipMonthlyPriceUsdt = "10";
export const membershipPlans = { month: 1, year: 12 } as const;
export type MembershipPlan = keyof typeof membershipPlans;

/** Reply lookup (quick reply proof) is offered only up to this many winners. */
export const replyLookupWinnerLimit = { free: 10, member: 100 } as const;
/** Reply lookup covers only the last 7 days (X's recent search). */
export const replyWindowDays = 7;
export const maxWinnerCount = 1000;
export const maxFollowTargets = 5;
export const maxReasonLength = 200;
export const maxCustomInfoLength = 200;

/** Why an entrant is not eligible, in the order the filter stage applies them. */
export const exclusionReasons = [
  "host",
  "banned",
  "not-following",
  "no-reply",
  "no-profile-picture",
  "no-banner",
  "no-description",
  "no-location",
  "not-verified",
  "few-posts",
  "account-too-new",
  "inactive",
] as const;

export type ExclusionReason = (typeof exclusionReasons)[number];

const seedAlphabet = "abcdefghjkmnpqrstuvwxyz23456789";
export const seedPattern = /^[a-hjkmnp-z2-9]{10}$/;

/** A fresh public seed: 10 characters without look-alikes (about 49 bits). */
export function createPickerSeed(randomBytes: (length: number) => Uint8Array): string {
  const bytes = randomBytes(20);
  let seed = "";
  for (const byte of bytes) {
    // Rejection sampling keeps every character equally likely (248 = 8 × 31).
    if (byte >= 248) continue;
    seed += seedAlphabet[byte % seedAlphabet.length];
    if (seed.length === 10) return seed;
  }
  return createPickerSeed(randomBytes);
}

export type PickerReference =
  | { kind: "post"; postId: string }
  | { kind: "picker"; id: number }
  | { kind: "seed"; seed: string };

const postUrlPattern =
  /^(?:https?:\/\/)?(?:www\.|mobile\.)?(?:x|twitter)\.com\/(?:[A-Za-z0-9_]{1,15}|i\/web|i)\/status(?:es)?\/(\d{1,20})(?:[/?#].*)?$/i;
const pickerPathPattern = /(?:^|\/)(?:cn\/)?picker(?:2|pro)?\/(\d{1,15})(?:[/?#]|$)/;
const pickerSeedQueryPattern = /[?&]seed=([a-z2-9]{10})(?:&|#|$)/;

/**
 * Quick creation: a post URL or id, a picker URL or seed, or a picker id. Numbers of 15 digits or
 * more are post ids (X ids are snowflakes); shorter ones are picker ids. Undefined: 'Cannot find ... please re-enter.'
 */
export function parsePickerReference(input: string): PickerReference | undefined {
  const value = input.trim();
  if (!value || value.length > 500) return undefined;
  const post = postUrlPattern.exec(value);
  if (post) return { kind: "post", postId: post[1]! };
  if (/^\d{15,20}$/.test(value)) return { kind: "post", postId: value };
  if (/^\d{1,14}$/.test(value)) {
    const id = Number(value);
    return id > 0 ? { kind: "picker", id } : undefined;
  }
  if (seedPattern.test(value)) return { kind: "seed", seed: value };
  const seedQuery = pickerSeedQueryPattern.exec(value);
  if (seedQuery) return { kind: "seed", seed: seedQuery[1]! };
  const pickerPath = pickerPathPattern.exec(value);
  if (pickerPath) return { kind: "picker", id: Number(pickerPath[1]) };
  return undefined;
}

/** The post id of a post URL or bare id; undefined for anything else. */
export function parsePostUrl(input: string): string | undefined {
  const reference = parsePickerReference(input);
  return reference?.kind === "post" ? reference.postId : undefined;
}

const base58Alphabet = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz";

/** A Solana address: base58 that decodes to exactly 32 bytes. */
export function isSolanaAddress(value: string): boolean {
  if (typeof value !== "string" || value.length < 32 || value.length > 44) return false;
  let number = 0n;
  for (const character of value) {
    const digit = base58Alphabet.indexOf(character);
    if (digit < 0) return false;
    number = number * 58n + BigInt(digit);
  }
  let leadingZeros = 0;
  while (value[leadingZeros] === "1") leadingZeros += 1;
  const bodyLength = number === 0n ? 0 : Math.ceil(number.toString(16).length / 2);
  return leadingZeros + bodyLength === 32;
}

/** The info a picker collects from its winners. */
export const pickerInfoTypes = ["evm", "solana", "custom"] as const;
export type PickerInfoType = (typeof pickerInfoTypes)[number];

/** The label of the draw button for the next draw: first, second, nth draw. */
export function drawOrdinalKey(drawCount: number): "first" | "second" | "nth" {
  if (drawCount <= 0) return "first";
  if (drawCount === 1) return "second";
  return "nth";
}
