import { CoreError } from "../errors.ts";
import { messageKeys } from "../messages.ts";

/** A tips snapshot file is malformed; `field` names the culprit. */
export class InvalidTipsSnapshotError extends CoreError {
  override name = "InvalidTipsSnapshotError";

  constructor(
    readonly field: string,
    readonly reason: string,
  ) {
    super(messageKeys.request.fieldInvalid, `Invalid tips snapshot: ${field} ${reason}`);
  }
}
