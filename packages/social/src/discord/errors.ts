// Typed failures of the Discord client. `kind` says what went wrong; API errors also carry Discord's `code`.

/** Discord's JSON error codes (the `code` of an error body) the platform reacts to. */
export const discordErrorCodes = {
  general: 0,
  unknownGuild: 10004,
  unknownMember: 10007,
  unknownRole: 10011,
  unknownUser: 10013,
  unauthorized: 40001,
  missingAccess: 50001,
  missingPermissions: 50013,
  invalidToken: 50014,
  invalidFormBody: 50035,
} as const;

export type DiscordErrorKind = "api" | "rate-limited" | "oauth" | "network" | "timeout" | "bad-response";

export class DiscordError extends Error {
  override name = "DiscordError";

  constructor(
    readonly kind: DiscordErrorKind,
    message: string,
    options: { cause?: unknown } = {},
  ) {
    super(message, options);
  }
}

export type DiscordApiErrorDetails = {
  status: number;
  /** Discord's JSON error code (0 when the body had none). */
  code: number;
  endpoint: string;
  /** Discord's own message, e.g. "Missing Permissions". */
  discordMessage?: string;
  /** The nested form errors of a 50035. */
  errors?: unknown;
};

/** A non-2xx answer of the API (after retries, where retries apply). */
export class DiscordApiError extends DiscordError {
  override name = "DiscordApiError";
  readonly status: number;
  readonly code: number;
  readonly endpoint: string;
  readonly discordMessage: string | undefined;
  readonly errors: unknown;

  constructor(details: DiscordApiErrorDetails, kind: DiscordErrorKind = "api") {
    const said = details.discordMessage ? `: ${details.discordMessage}` : "";
    super(kind, `${details.endpoint} answered ${details.status}${said} (code ${details.code})`);
    this.status = details.status;
    this.code = details.code;
    this.endpoint = details.endpoint;
    this.discordMessage = details.discordMessage;
    this.errors = details.errors;
  }
}

/** 429s that waiting did not cure within the retry policy, or whose wait is too long: retry after `retryAfterMs`. */
export class DiscordRateLimitError extends DiscordApiError {
  override name = "DiscordRateLimitError";

  constructor(
    details: DiscordApiErrorDetails,
    readonly retryAfterMs: number,
    readonly global: boolean,
    /** X-RateLimit-Scope: "user", "global" or "shared". */
    readonly scope: string | undefined,
  ) {
    super(details, "rate-limited");
  }
}

/** The token endpoint refused: `error` is OAuth's (invalid_grant, invalid_client, …). */
export class DiscordOAuthError extends DiscordError {
  override name = "DiscordOAuthError";

  constructor(
    readonly status: number,
    readonly error: string,
    readonly errorDescription: string | undefined,
  ) {
    super("oauth", `${error}${errorDescription ? `: ${errorDescription}` : ""}`);
  }
}
