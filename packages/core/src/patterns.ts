import { limits } from "./limits.ts";
import { type MessageKey, messageKeys } from "./messages.ts";
import { hasUserCodeFormat } from "./referral.ts";

/**
 * The input patterns of form fields. Each also matches the partial values a user passes through while typing
 * ("", "12.", "."), because acceptInput checks every keystroke.
 */
export const inputPatterns = {
  decimal: new RegExp(`^\\d*(\\.\\d{0,${limits.decimalInputMaxDecimals}})?$`),
  integer: /^\d*$/,
  code: new RegExp(`^[a-z0-9_-]{0,${limits.codeInputMaxLength}}$`),
} as const satisfies Record<string, RegExp>;

export type InputType = keyof typeof inputPatterns;

export interface InputLimits {
  /** Counted in characters (code points), so an emoji or a CJK character counts once. */
  maxLength?: number;
  maxRows?: number;
}

/**
 * A typed input keeps `next` only when it matches its pattern or is empty; otherwise the
 * previous value is restored. Length and row limits reject a change that would grow past them, but
 * never one that shrinks an already over-long value, so a user can always delete their way back.
 */
export function acceptInput(
  type: InputType | undefined,
  next: string,
  previous: string,
  options: InputLimits = {},
): string {
  if (type !== undefined && next !== "" && !inputPatterns[type].test(next)) return previous;
  const { maxLength, maxRows } = options;
  if (maxLength !== undefined && exceeds(characterCount(next), characterCount(previous), maxLength)) {
    return previous;
  }
  if (maxRows !== undefined && exceeds(rowCount(next), rowCount(previous), maxRows)) return previous;
  return next;
}

function exceeds(nextSize: number, previousSize: number, limit: number) {
  return nextSize > limit && nextSize > previousSize;
}

function characterCount(value: string) {
  let count = 0;
  for (const _ of value) count++;
  return count;
}

function rowCount(value: string) {
  return value.split(/\r\n|\r|\n/).length;
}

/** A user (referral) code is 4-16 characters of the code charset. Uniqueness is the server's job. */
export function isValidReferralCode(code: string): boolean {
  return hasUserCodeFormat(code);
}

// The WHATWG form-validation grammar, tightened to require a dot in the domain: a newsletter
// address without a top-level domain is a typo, not an intranet mailbox.
const emailPattern =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)+$/;
const emailMaxLength = 254;

export function isValidEmail(value: string): boolean {
  return value.length <= emailMaxLength && emailPattern.test(value);
}

/** Email subscription: the message key to show, or undefined when the address is fine. */
export function validateEmail(value: string): MessageKey | undefined {
  const trimmed = value.trim();
  if (trimmed === "") return messageKeys.email.empty;
  return isValidEmail(trimmed) ? undefined : messageKeys.email.invalid;
}
