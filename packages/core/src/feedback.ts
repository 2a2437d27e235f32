// Bug and feature reports and the newsletter: the rules the report form, the subscribe form and the API share.
import { type MessageKey, messageKeys } from "./messages.ts";

export const reportKinds = ["bug", "feature"] as const;
export type ReportKind = (typeof reportKinds)[number];

export const reportStatuses = ["new", "triaged", "done"] as const;
export type ReportStatus = (typeof reportStatuses)[number];

export const feedbackLimits = {
  titleMaxLength: 120,
  descriptionMaxLength: 5000,
  pageMaxLength: 500,
  contactMaxLength: 200,
  /** The optional screenshot of a report, like every other upload here: at most 1 MB. */
  screenshotMaxBytes: 1024 * 1024,
  /** RFC 5321 caps a forward path at 256 octets, so an address is at most 254 characters. */
  emailMaxLength: 254,
} as const;

/**
 * A practical e-mail shape: one `@`, a local part of printable characters without spaces or quotes, and a
 * domain of dot-separated labels ending in a top-level label of at least two letters. Exotic forms RFC 5322
 * allows (quoted local parts, IP-literal domains) are refused: nobody subscribes with them.
 */
const emailPattern =
  /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z]{2,63}$/;

export type EmailProblem = "empty" | "invalid";

/** Why an e-mail address cannot be subscribed, or undefined when it can. Surrounding blanks are ignored. */
export function emailProblem(input: string): EmailProblem | undefined {
  const email = input.trim();
  if (email === "") return "empty";
  if (email.length > feedbackLimits.emailMaxLength) return "invalid";
  const [local = ""] = email.split("@");
  if (local.length > 64 || local.startsWith(".") || local.endsWith(".") || local.includes("..")) {
    return "invalid";
  }
  return emailPattern.test(email) ? undefined : "invalid";
}

/** The catalogue message of an e-mail problem: 'E-mail address is empty' or the re-enter message. */
export function emailMessage(problem: EmailProblem): MessageKey {
  return problem === "empty" ? messageKeys.email.empty : messageKeys.email.invalid;
}

/**
 * The form an address is stored and compared in, so one mailbox subscribes once: trimmed, and lower-cased
 * (local parts are case-insensitive at every provider people subscribe with).
 */
export function normalizeEmail(input: string): string {
  return input.trim().toLowerCase();
}

/**
 * The honeypot: a field the form hides from people (off-screen, no tab stop, autocomplete off), which only a
 * bot filling in every field gives a value. Such a submission is answered like any other and kept nowhere.
 */
export const honeypotFieldName = "website";

export function isHoneypotTripped(value: string | null | undefined): boolean {
  return value !== undefined && value !== null && value.trim() !== "";
}

/** Shows who subscribed without spelling the whole address: `al***@example.com`. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf("@");
  if (at <= 0) return "***";
  const local = email.slice(0, at);
  return `${local.slice(0, Math.min(2, local.length - 1))}***${email.slice(at)}`;
}
