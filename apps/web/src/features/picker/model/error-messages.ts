import { messageKeys } from "@dropfair/core/messages";
import { typeCodes } from "@dropfair/schemas/codes";
import { ApiError } from "../../../shared/api/errors";
import { isApiCodeError } from "../../../shared/api/feature-request";

/** What the page does besides showing the message. */
export type PickerErrorAction =
  /** 174 usage limit, 177 wrong account: sign in with X (again). */
  | "signInWithX"
  /** 176 free quota reached: offer the membership. */
  | "membership"
  /** 183 beta whitelist: the shell's beta dialog is already open. */
  | "beta";

/** A catalogue key with the namespace ("validation:…" or "picker:…"), or a text the server already translated. */
export type PickerErrorMessage =
  | { key: string; params?: Record<string, unknown>; action?: PickerErrorAction }
  | { text: string };

const validation = (key: string) => `validation:${key}`;

/** Picker error typeCodes → the shared validation catalogue's message, or ours in the picker catalogue. */
const messagesByCode: Record<number, { key: string; action?: PickerErrorAction }> = {
  [typeCodes.pickerUsageLimit]: { key: validation(messageKeys.picker.usageLimit), action: "signInWithX" },
  [typeCodes.pickerVersionClosed]: { key: validation(messageKeys.picker.versionClosed) },
  [typeCodes.pickerQuotaReached]: {
    key: validation(messageKeys.picker.freeQuotaReached),
    action: "membership",
  },
  [typeCodes.pickerNotOwner]: { key: validation(messageKeys.picker.notPostOwner), action: "signInWithX" },
  [typeCodes.pickerFollowTargetMissing]: { key: validation(messageKeys.picker.followTargetMissing) },
  [typeCodes.pickerBetaWhitelist]: { key: validation(messageKeys.picker.betaWhitelist), action: "beta" },
  [typeCodes.pickerNoValidWinner]: { key: validation(messageKeys.picker.noValidWinner) },
  [typeCodes.pickerReplyNotFound]: { key: validation(messageKeys.picker.replyNotFound) },
  [typeCodes.pickerXApiLimit]: { key: validation(messageKeys.picker.xApiLimit) },
  [typeCodes.pickerSeedNotFound]: { key: validation(messageKeys.picker.seedNotFound) },
  [typeCodes.pickerReferenceNotFound]: { key: validation(messageKeys.quickCreate.notFound) },
  [typeCodes.pickerPostNotFound]: { key: "picker:errors.postNotFound" },
  [typeCodes.pickerWrongState]: { key: "picker:errors.wrongState" },
};

const notOwner = { key: validation(messageKeys.picker.notOwner) };

/**
 * The message for a failed picker call, or undefined when the shell already told the user (an expired
 * session, or a 403 that opened the beta dialog).
 */
export function pickerErrorMessage(
  error: unknown,
  context: { ownerAction?: boolean } = {},
): PickerErrorMessage | undefined {
  if (isApiCodeError(error, "picker")) {
    // A 403 on an owner action (draw, redraw, confirm, ban …) by anyone else (T10): 'You are not owner'.
    if (context.ownerAction && error.typeCode === typeCodes.forbidden) return notOwner;
    const known = messagesByCode[error.typeCode];
    if (known) return known.action ? { key: known.key, action: known.action } : { key: known.key };
    if (error.details) return { text: error.details };
    return { key: "picker:errors.unexpected" };
  }
  if (error instanceof ApiError) {
    if (error.kind === "global") return undefined;
    if (error.kind === "forbidden") {
      return error.typeCode === typeCodes.pickerBetaWhitelist
        ? { key: validation(messageKeys.picker.betaWhitelist), action: "beta" }
        : undefined;
    }
    return { text: error.message };
  }
  return { key: "picker:errors.unexpected" };
}
