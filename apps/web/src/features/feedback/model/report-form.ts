// The report form's checks, the same limits the API applies, so most mistakes are caught before sending.
import { feedbackLimits } from "@dropfair/core/feedback";
import { hasVisibleCharacter } from "@dropfair/core/text";

export type ReportFormValues = { title: string; description: string; page: string; contact: string };
export type ReportFieldProblem = "required" | "tooLong";
export type ReportFormErrors = Partial<Record<keyof ReportFormValues, ReportFieldProblem>>;

const maxLengths: Record<keyof ReportFormValues, number> = {
  title: feedbackLimits.titleMaxLength,
  description: feedbackLimits.descriptionMaxLength,
  page: feedbackLimits.pageMaxLength,
  contact: feedbackLimits.contactMaxLength,
};

const required: readonly (keyof ReportFormValues)[] = ["title", "description", "page"];

/** Counted in code points, as the server's limits are: an emoji or a CJK character is one. */
function length(text: string) {
  return [...text.trim()].length;
}

export function validateReportForm(values: ReportFormValues): ReportFormErrors {
  const errors: ReportFormErrors = {};
  for (const field of Object.keys(maxLengths) as (keyof ReportFormValues)[]) {
    const value = values[field];
    if (required.includes(field) && !hasVisibleCharacter(value)) errors[field] = "required";
    else if (length(value) > maxLengths[field]) errors[field] = "tooLong";
  }
  return errors;
}

export function maxLengthOf(field: keyof ReportFormValues) {
  return maxLengths[field];
}

export const screenshotTypes = ["image/png", "image/jpeg", "image/webp"] as const;

export type ScreenshotProblem = "type" | "tooLarge";

/** What is wrong with a chosen file before it is read (the server checks its bytes again). */
export function screenshotProblem(file: { size: number; type: string }): ScreenshotProblem | undefined {
  if (!(screenshotTypes as readonly string[]).includes(file.type)) return "type";
  if (file.size > feedbackLimits.screenshotMaxBytes) return "tooLarge";
  return undefined;
}

/** The page a report is about, from the `page` query parameter the report links carry: a local path only. */
export function reportedPageFrom(search: string): string {
  const page = new URLSearchParams(search).get("page") ?? "";
  return /^\/(?!\/)[^\s]{0,499}$/.test(page) ? page : "";
}
