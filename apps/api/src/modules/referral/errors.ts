import { messageKeys } from "@dropfair/core/messages";
import { typeCodes } from "@dropfair/schemas/envelope";
import { AppError } from "../../platform/errors.ts";

export const referralErrors = {
  codeInvalid: () => new AppError(typeCodes.referralCodeInvalid, 400, messageKeys.referral.codeInvalid),
  codeReserved: () => new AppError(typeCodes.referralCodeReserved, 400, messageKeys.referral.codeReserved),
  codeTaken: () => new AppError(typeCodes.referralCodeTaken, 409, messageKeys.referral.codeTaken),
  lookupThrottled: (retryAfterSeconds: number) =>
    new AppError(typeCodes.referralLookupThrottled, 429, "referral.lookupThrottled", { retryAfterSeconds }),
} as const;
