// The tips campaigns' errors: each with its typeCode (750-765), HTTP status and catalogue message (en and cn).
import { messageKeys as messages } from "@dropfair/core/messages";
import { typeCodes } from "@dropfair/schemas/envelope";
import { AppError } from "../../platform/errors.ts";

export const tipsErrors = {
  notFound: () => new AppError(typeCodes.notFound, 404, messages.request.notFound),
  loginRequired: () => new AppError(typeCodes.unauthorized, 401, messages.auth.loginRequired),
  notCreator: () => new AppError(typeCodes.tipsNotCreator, 403, "validation.picker.notCreator"),
  /** Not an organizer (the creator, a helper, an administrator), or not the creator where helpers are managed. */
  notOwner: () => new AppError(typeCodes.tipsNotCreator, 403, "validation.picker.notOwner"),
  alreadyStarted: () => new AppError(typeCodes.tipsWrongState, 409, "tips.alreadyStarted"),
  alreadyFunded: () => new AppError(typeCodes.tipsWrongState, 409, "tips.alreadyFunded"),
  alreadyOver: () => new AppError(typeCodes.tipsWrongState, 409, "tips.alreadyOver"),
  notRunning: () => new AppError(typeCodes.tipsWrongState, 409, "tips.notRunning"),
  notAwaitingConfirmation: () => new AppError(typeCodes.tipsWrongState, 409, "tips.notAwaitingConfirmation"),
  timeOrder: () => new AppError(typeCodes.badRequest, 400, "validation.airdrop.timeOrder"),
  essentialTextRequired: () => new AppError(typeCodes.badRequest, 400, messages.tips.essentialTextRequired),
  endPassed: () => new AppError(typeCodes.badRequest, 400, "tips.endPassed"),
  chainUnsupported: (chainId: number) =>
    new AppError(typeCodes.tipsChainUnsupported, 400, "tips.chainUnsupported", { chainId }),
  chainUnavailable: (cause?: unknown) =>
    new AppError(typeCodes.tipsChainUnavailable, 503, "tips.chainUnavailable", {}, { cause }),
  tokenInvalid: () => new AppError(typeCodes.tipsTokenInvalid, 400, "tips.tokenInvalid"),
  prizeTooPrecise: (decimals: number) =>
    new AppError(typeCodes.tipsTokenInvalid, 400, "tips.prizeTooPrecise", { decimals }),
  fundingInvalid: (field: string) =>
    new AppError(typeCodes.tipsFundingInvalid, 422, "tips.fundingInvalid", { field }),
  bindXFirst: () => new AppError(typeCodes.tipsBindXFirst, 403, messages.auth.bindXFirst),
  missionsUnfinished: () => new AppError(typeCodes.tipsMissionsUnfinished, 403, "tips.missionsUnfinished"),
  xAccountTaken: () => new AppError(typeCodes.tipsBindXFirst, 409, "tips.xAccountTaken"),
  banned: () => new AppError(typeCodes.tipsBanned, 403, "tips.banned"),
  notParticipant: () => new AppError(typeCodes.tipsNotParticipant, 404, "tips.notParticipant"),
  reloadCooldown: (hours: number, minutes: number, retryAfterSeconds: number) =>
    new AppError(typeCodes.tipsReloadCooldown, 429, messages.tips.reloadCooldown, {
      hours,
      minutes,
      retryAfterSeconds,
    }),
  xUnavailable: (cause?: unknown) =>
    new AppError(typeCodes.tipsXUnavailable, 503, "tips.xUnavailable", {}, { cause }),
  nothingToClaim: () => new AppError(typeCodes.tipsNothingToClaim, 404, messages.claim.nothingToClaim),
  claimWindowClosed: () => new AppError(typeCodes.tipsClaimWindowClosed, 409, "tips.claimWindowClosed"),
  signerMissing: () => new AppError(typeCodes.tipsSignerMissing, 503, "tips.signerMissing"),
  transaction: (
    reason: "transactionNotFound" | "transactionReverted" | "transactionUnrelated" | "refundUnrelated",
  ) => new AppError(typeCodes.tipsTransactionInvalid, 422, `tips.${reason}`),
  refundTooEarly: () => new AppError(typeCodes.tipsWrongState, 409, "tips.refundTooEarly"),
  alreadyRefunded: () => new AppError(typeCodes.tipsWrongState, 409, "tips.alreadyRefunded"),
  notFunded: () => new AppError(typeCodes.tipsWrongState, 409, "tips.notFunded"),
  notYourClaim: () => new AppError(typeCodes.forbidden, 403, "tips.notYourClaim"),
} as const;
