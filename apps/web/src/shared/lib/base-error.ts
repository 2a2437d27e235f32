export type BaseErrorOptions = {
  /** What the other side said (the server's text, a wallet's reason); "" when nothing. */
  details?: string;
  cause?: unknown;
};

/**
 * The base of the app's errors, in the style of wagmi's and viem's BaseError: a `name` per class, a
 * `shortMessage` fit to show, `details` and `cause`. Unlike viem's, `message` is the short message alone, since
 * pages show it as it is. Code tells errors apart with `instanceof` or a type guard, never by `name`.
 */
export class BaseError extends Error {
  override name = "BaseError";
  readonly shortMessage: string;
  readonly details: string;

  constructor(shortMessage = "", options: BaseErrorOptions = {}) {
    super(shortMessage, { cause: options.cause });
    this.shortMessage = shortMessage;
    this.details = options.details ?? "";
  }
}
