import { BaseError } from "../lib/base-error";

export type ApiErrorKind =
  /** The envelope carried an error typeCode. */
  | "code"
  /** Handled globally (401, timeout): the session was ended and the user told; callers should not report it again. */
  | "global"
  /** HTTP 403: the beta-access dialog was opened. */
  | "forbidden"
  /** The server failed (5xx) or answered something that is not an envelope. */
  | "service"
  /** The request never reached the server. */
  | "network";

export class ApiError extends BaseError {
  override name = "ApiError";
  readonly kind: ApiErrorKind;
  readonly status: number | undefined;
  readonly typeCode: number | undefined;

  constructor(
    message: string,
    options: { kind: ApiErrorKind; status?: number; typeCode?: number; details?: string; cause?: unknown },
  ) {
    super(message, {
      cause: options.cause,
      ...(options.details === undefined ? {} : { details: options.details }),
    });
    this.kind = options.kind;
    this.status = options.status;
    this.typeCode = options.typeCode;
  }
}

/** typeCode 10: the thing asked for does not exist; route error boundaries render the 404 page. */
export class NotFoundError extends ApiError {
  override name = "NotFoundError";
  constructor(message: string, status?: number) {
    super(message, { kind: "code", typeCode: 10, ...(status === undefined ? {} : { status }) });
  }
}

export function isNotFoundError(error: unknown): error is NotFoundError {
  return error instanceof NotFoundError;
}
