import { type MessageKey, messageKeys } from "./messages.ts";

/** Base of every error thrown by packages/core. `messageKey` names the catalogue text a caller can show. */
export class CoreError extends Error {
  override name = "CoreError";

  constructor(
    readonly messageKey: MessageKey,
    message: string,
  ) {
    super(message);
  }
}

export class InvalidAddressError extends CoreError {
  override name = "InvalidAddressError";

  constructor(readonly value: string) {
    super(messageKeys.address.invalid, `Not an EVM address: "${value}"`);
  }
}

export class InvalidAmountError extends CoreError {
  override name = "InvalidAmountError";

  constructor(readonly value: string) {
    super(messageKeys.amount.invalid, `Not a non-negative decimal amount: "${value}"`);
  }
}

export class TooManyFractionDigitsError extends CoreError {
  override name = "TooManyFractionDigitsError";

  constructor(
    readonly value: string,
    readonly maxFractionDigits: number,
  ) {
    super(
      messageKeys.amount.tooManyDecimals,
      `"${value}" has more than ${maxFractionDigits} fraction digits`,
    );
  }
}
