// How a collection failure ends: a visible error on the picker (status 10) or a retry of the job.
import { XApiError, XError, XRateLimitError, XSpendingCapError } from "@dropfair/social/x";

/** The errorMessage keys the pipeline writes on a failed picker (status 10); the API translates them. */
export const pickerPipelineErrors = {
  /** The post is gone, private, or its author suspended. */
  postNotFound: "picker.postNotFound",
  /** A spending cap, X's usage cap, or a rate limit whose reset is too far away to wait for. */
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
 * The key to fail the picker with, or undefined when the failure may pass (an X outage, a broken cursor, a
 * crashed worker, a database hiccup): the job is retried and resumes from the stored cursors. On the last
 * attempt every failure is final.
 */
export function failureKey(error: unknown, lastAttempt: boolean): PickerPipelineErrorKey | undefined {
  if (error instanceof XSpendingCapError || error instanceof XRateLimitError) {
    return pickerPipelineErrors.xLimitReached;
  }
  if (error instanceof XApiError && error.code === "usage-capped") return pickerPipelineErrors.xLimitReached;
  if (error instanceof XError && permanentXCodes.has(error.code)) {
    return pickerPipelineErrors.collectionFailed;
  }
  return lastAttempt ? pickerPipelineErrors.collectionFailed : undefined;
}
