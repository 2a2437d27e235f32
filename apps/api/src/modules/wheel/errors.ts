// The lucky wheel's errors: each with its typeCode (700-709), HTTP status and catalogue message (en and cn).
import { messageKeys as messages } from "@dropfair/core/messages";
import { typeCodes } from "@dropfair/schemas/envelope";
import { AppError } from "../../platform/errors.ts";

export const wheelErrors = {
  notFound: () => new AppError(typeCodes.notFound, 404, messages.request.notFound),
  loginRequired: () => new AppError(typeCodes.unauthorized, 401, messages.auth.loginRequired),
  notCreator: () => new AppError(typeCodes.wheelNotCreator, 403, "validation.picker.notCreator"),
  partnerAdminOnly: () => new AppError(typeCodes.wheelPartnerAdminOnly, 403, "wheel.partnerAdminOnly"),
  notRunning: () => new AppError(typeCodes.wheelWrongState, 409, "wheel.notRunning"),
  gameError: () => new AppError(typeCodes.wheelWrongState, 409, "wheel.gameError"),
  alreadyOver: () => new AppError(typeCodes.wheelWrongState, 409, "wheel.alreadyOver"),
  alreadyStarted: () => new AppError(typeCodes.wheelWrongState, 409, "wheel.alreadyStarted"),
  alreadyFunded: () => new AppError(typeCodes.wheelWrongState, 409, "wheel.alreadyFunded"),
  notFundable: () => new AppError(typeCodes.wheelPrizeInvalid, 400, "wheel.notFundable"),
  startPassed: () => new AppError(typeCodes.badRequest, 400, "wheel.startPassed"),
  noTicket: () => new AppError(typeCodes.wheelNoTicket, 409, "wheel.noTicket"),
  chainUnsupported: (chainId: number) =>
    new AppError(typeCodes.wheelChainUnsupported, 400, "wheel.chainUnsupported", { chainId }),
  signerMissing: () => new AppError(typeCodes.wheelChainUnsupported, 503, "wheel.signerMissing"),
  chainUnavailable: (cause?: unknown) =>
    new AppError(typeCodes.wheelChainUnavailable, 503, "wheel.chainUnavailable", {}, { cause }),
  transaction: (reason: "transactionNotFound" | "transactionReverted" | "transactionUnrelated") =>
    new AppError(typeCodes.wheelTransactionInvalid, 422, `wheel.${reason}`),
  fundingInvalid: (field: string) =>
    new AppError(typeCodes.wheelFundingInvalid, 422, "wheel.fundingInvalid", { field }),
  prizeInvalid: (index: number, reason: string) =>
    new AppError(typeCodes.wheelPrizeInvalid, 400, `wheel.prize.${reason}`, { index: index + 1 }),
  tokenInvalid: (index: number) =>
    new AppError(typeCodes.wheelPrizeInvalid, 400, "wheel.prize.tokenInvalid", { index: index + 1 }),
  nothingToClaim: () => new AppError(typeCodes.wheelNothingToClaim, 404, messages.claim.nothingToClaim),
  notYourSpin: () => new AppError(typeCodes.forbidden, 403, "wheel.notYourSpin"),
} as const;
