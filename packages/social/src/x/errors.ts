// Typed failures of the X client. Every error has a stable `code` a job can switch on.
import type { XProblem } from "./schemas.ts";

export type XErrorCode =
  | "unauthorized"
  | "forbidden"
  | "invalid-request"
  | "not-found"
  | "rate-limited"
  | "usage-capped"
  | "server-error"
  | "network"
  | "http"
  | "bad-response"
  | "cursor-loop"
  | "spending-cap"
  | "oauth";

export class XError extends Error {
  override name = "XError";

  constructor(
    readonly code: XErrorCode,
    message: string,
    options: { cause?: unknown } = {},
  ) {
    super(message, options);
  }
}

/** A non-2xx answer of the API (after retries, where retries apply). */
export class XApiError extends XError {
  override name = "XApiError";
  readonly status: number;
  readonly endpoint: string;
  readonly problem: XProblem | undefined;

  constructor(
    code: XErrorCode,
    details: { status: number; endpoint: string; problem?: XProblem; message?: string },
    options: { cause?: unknown } = {},
  ) {
    const summary =
      details.problem?.detail ?? details.problem?.title ?? details.problem?.errors?.[0]?.message;
    super(
      code,
      details.message ?? `${details.endpoint} answered ${details.status}${summary ? `: ${summary}` : ""}`,
      options,
    );
    this.status = details.status;
    this.endpoint = details.endpoint;
    this.problem = details.problem;
  }

  /** The problem `type` without its host prefix, e.g. "unsupported-authentication". */
  get problemType(): string | undefined {
    return this.problem?.type?.split("/").pop();
  }
}

/** 400 invalid-request; `messages` lists what X said about each parameter. */
export class XInvalidRequestError extends XApiError {
  override name = "XInvalidRequestError";

  get messages(): string[] {
    return (this.problem?.errors ?? []).map((error) => error.message ?? "").filter(Boolean);
  }
}

/** 429 that waiting did not cure within the policy (or whose reset is too far away): retry at `resetAt`. */
export class XRateLimitError extends XApiError {
  override name = "XRateLimitError";

  constructor(
    details: { status: number; endpoint: string; problem?: XProblem; message?: string },
    readonly resetAt: Date | undefined,
  ) {
    super("rate-limited", details);
  }
}

/** The pagination cursor came back already seen, even after retrying the page. */
export class XCursorLoopError extends XError {
  override name = "XCursorLoopError";

  constructor(
    readonly endpoint: string,
    /** The last good cursor: resume from it later, or treat the list as ended. */
    readonly cursor: PageCursorSnapshot,
    readonly repeatedToken: string,
  ) {
    super(
      "cursor-loop",
      `${endpoint} returned an already-seen next_token after ${cursor.pagesFetched} pages`,
    );
  }
}

export type PageCursorSnapshot = {
  nextToken: string | null;
  pagesFetched: number;
  itemsFetched: number;
  done: boolean;
};

/** The job's spending cap (requests or items) is reached. */
export class XSpendingCapError extends XError {
  override name = "XSpendingCapError";

  constructor(
    readonly limit: "requests" | "items",
    readonly cap: number,
    readonly used: number,
  ) {
    super("spending-cap", `spending cap reached: ${used} ${limit} used of ${cap}`);
  }
}

/** The token endpoint refused (OAuth `error` / `error_description`). */
export class XOAuthError extends XError {
  override name = "XOAuthError";

  constructor(
    readonly status: number,
    readonly error: string,
    readonly errorDescription: string | undefined,
  ) {
    super("oauth", `${error}${errorDescription ? `: ${errorDescription}` : ""}`);
  }
}
