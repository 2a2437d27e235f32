import { CoreError } from "../errors.ts";
import { messageKeys } from "../messages.ts";

/** An argument of a wheel function is not usable: a bad prize list, address, nonce, hash or salt. */
export class InvalidWheelInputError extends CoreError {
  override name = "InvalidWheelInputError";

  constructor(
    readonly field: string,
    readonly reason: string,
  ) {
    super(messageKeys.request.fieldInvalid, `${field}: ${reason}`);
  }
}

/** A wheel game file (the JSON a game page offers for download) is malformed; `field` names the culprit. */
export class InvalidWheelGameFileError extends CoreError {
  override name = "InvalidWheelGameFileError";

  constructor(
    readonly field: string,
    readonly reason: string,
  ) {
    super(messageKeys.request.fieldInvalid, `Invalid wheel game file: ${field} ${reason}`);
  }
}
