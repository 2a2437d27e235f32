// How a collection failure ends: a visible error on the picker (status 10) or a retry of the job.
import { XApiError, XError, XRateLimitError, XSpendingCapError } from "@dropfair/social/x";

/** The errorMessage keys the pipeline writes on a failed picker (status 10); the API translates them. */
export const pickerPipelineErrors = {
  /** The post is gone, private, or its author suspended. */
  postNotFound: "picker.postNotFound",
  /** Our monthly spending cap, or X's usage cap for the app. */
  xLimitReached: "picker.xLimitReached",
  /** X refused the requests, or kept failing after every retry. */
  collectionFailed: "picker.collectionFailed",
} as const;

export type PickerPipelineErrorKey = (typeof pickerPipelineErrors)[keyof typeof pickerPipelineErrors];

/** Another run of the same picker moved its cursor first: this run stops without writing. */
export class PickerPipelineSupersededError extends Error {
  override name = "PickerPipelineSupersededError";

  constructor(
    readonly pickerId: number,
    readonly stage: string,
  ) {
    super(`picker ${pickerId}: stage ${stage} was advanced by another run`);
  }
}

/** X answers that a retry will not change: credentials, access, a malformed request or answer. */
const permanentXCodes = new Set([
  "unauthorized",
  "forbidden",
  "invalid-request",
  "not-found",
  "bad-response",
  "http",
  "oauth",
]);

/**
 * When X's rate limit for a list is spent until a reset too far away to sleep through (the client waits out
 * the near ones itself): that reset. The job is rescheduled to it instead of failing.
 */
export function rateLimitReset(error: unknown): Date | undefined {
  return error instanceof XRateLimitError ? error.resetAt : undefined;
}

/**
 * The key to fail the picker with, or undefined when the failure may pass (an X outage, a broken cursor, a
 * crashed worker, a database hiccup, a rate limit without a reset): the job is retried and resumes from the
 * stored cursors. On the last attempt every failure is final.
 */
export function failureKey(error: unknown, lastAttempt: boolean): PickerPipelineErrorKey | undefined {
  if (error instanceof XSpendingCapError) return pickerPipelineErrors.xLimitReached;
  if (error instanceof XRateLimitError) return lastAttempt ? pickerPipelineErrors.xLimitReached : undefined;
  if (error instanceof XApiError && error.code === "usage-capped") return pickerPipelineErrors.xLimitReached;
  if (error instanceof XError && permanentXCodes.has(error.code)) {
    return pickerPipelineErrors.collectionFailed;
  }
  return lastAttempt ? pickerPipelineErrors.collectionFailed : undefined;
}
