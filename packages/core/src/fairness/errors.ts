import { CoreError } from "../errors.ts";
import { messageKeys } from "../messages.ts";

/** An argument of a fairness function is not usable: an ill-formed id, block hash, entry hash or count. */
export class InvalidDrawInputError extends CoreError {
  override name = "InvalidDrawInputError";

  constructor(
    readonly field: string,
    readonly reason: string,
  ) {
    super(messageKeys.request.fieldInvalid, `${field}: ${reason}`);
  }
}

/** A draw file (the JSON the picker detail page offers for download) is malformed; `field` names the culprit. */
export class InvalidDrawFileError extends CoreError {
  override name = "InvalidDrawFileError";

  constructor(
    readonly field: string,
    readonly reason: string,
  ) {
    super(messageKeys.request.fieldInvalid, `Invalid draw file: ${field} ${reason}`);
  }
}
