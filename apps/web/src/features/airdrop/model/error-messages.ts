import { messageKeys } from "@dropfair/core/messages";
import { typeCodes } from "@dropfair/schemas/codes";
import { ApiError } from "../../../shared/api/errors";
import { isApiCodeError } from "../../../shared/api/feature-request";

/** A catalogue key with its namespace, or a text the server already translated. */
export type AirdropErrorMessage = { key: string; params?: Record<string, unknown> } | { text: string };

const validation = (key: string) => `validation:${key}`;

/** Airdrop error typeCodes → the shared validation catalogue's message, or ours in the airdrop catalogue. */
const messagesByCode: Record<number, string> = {
  [typeCodes.airdropNotCreator]: validation(messageKeys.picker.notCreator),
  [typeCodes.airdropRefundFirst]: validation(messageKeys.airdrop.refundFirst),
  [typeCodes.airdropNotEligible]: validation(messageKeys.claim.nothingToClaim),
  [typeCodes.airdropChainUnsupported]: validation(messageKeys.network.unsupported),
  [typeCodes.airdropSocialSignInRequired]: "airdrop:errors.socialSignInRequired",
};

/**
 * The message for a failed airdrop call, or undefined when the shell already told the user (an expired session,
 * or a 403 that opened the beta dialog). Validation refusals (400) keep the server's text: it is the
 * validation catalogue's message, translated by the request's Accept-Language.
 */
export function airdropErrorMessage(error: unknown): AirdropErrorMessage | undefined {
  if (isApiCodeError(error, "airdrop")) {
    const key = messagesByCode[error.typeCode];
    if (key) return { key };
    if (error.details) return { text: error.details };
    return { key: "airdrop:errors.unexpected" };
  }
  if (error instanceof ApiError) {
    if (error.kind === "global" || error.kind === "forbidden") return undefined;
    return { text: error.message };
  }
  return undefined;
}
