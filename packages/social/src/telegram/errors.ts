// Typed failures of the Telegram client. `kind` says what went wrong; API errors carry Telegram's error_code
// and description (Telegram's codes are coarse, so its wording is what clients match on).

export type TelegramErrorKind = "api" | "rate-limited" | "network" | "timeout" | "bad-response";

export class TelegramError extends Error {
  override name = "TelegramError";

  constructor(
    readonly kind: TelegramErrorKind,
    message: string,
    options: { cause?: unknown } = {},
  ) {
    super(message, options);
  }
}

export type TelegramApiErrorDetails = {
  /** The HTTP status (Telegram usually makes it equal to error_code). */
  status: number;
  errorCode: number;
  description: string;
  method: string;
  migrateToChatId?: number;
};

/** `{ok:false}` from the Bot API (after retries, where retries apply). */
export class TelegramApiError extends TelegramError {
  override name = "TelegramApiError";
  readonly status: number;
  readonly errorCode: number;
  readonly description: string;
  readonly method: string;
  /** Set when a group was upgraded to a supergroup: use this chat id from now on. */
  readonly migrateToChatId: number | undefined;

  constructor(details: TelegramApiErrorDetails, kind: TelegramErrorKind = "api") {
    super(kind, `${details.method}: ${details.errorCode} ${details.description}`);
    this.status = details.status;
    this.errorCode = details.errorCode;
    this.description = details.description;
    this.method = details.method;
    this.migrateToChatId = details.migrateToChatId;
  }

  /**
   * "Bad Request: user not found" (the user never met the bot or the chat) or "PARTICIPANT_ID_INVALID" (no such
   * user): treat as not a member.
   */
  get isUserNotFound(): boolean {
    return this.errorCode === 400 && /user not found|PARTICIPANT_ID_INVALID/i.test(this.description);
  }

  get isChatNotFound(): boolean {
    return this.errorCode === 400 && /chat not found/i.test(this.description);
  }
}

/** 429s that waiting did not cure within the retry policy: try again after `retryAfterSeconds`. */
export class TelegramRateLimitError extends TelegramApiError {
  override name = "TelegramRateLimitError";

  constructor(
    details: TelegramApiErrorDetails,
    readonly retryAfterSeconds: number,
  ) {
    super(details, "rate-limited");
  }
}
