import { typeCodes } from "@dropfair/schemas/envelope";
import { AppError } from "../../platform/errors.ts";

/** The picker's errors: the codes and messages its clients know, plus ours for states and payments. */
export const pickerErrors = {
  usageLimit: () => new AppError(typeCodes.pickerUsageLimit, 401, "validation.picker.usageLimit"),
  versionClosed: () => new AppError(typeCodes.pickerVersionClosed, 410, "validation.picker.versionClosed"),
  notPostOwner: () => new AppError(typeCodes.pickerNotOwner, 403, "validation.picker.notPostOwner"),
  followTargetMissing: (username: string) =>
    new AppError(typeCodes.pickerFollowTargetMissing, 422, "validation.picker.followTargetMissing", {
      username,
    }),
  betaWhitelist: () => new AppError(typeCodes.pickerBetaWhitelist, 403, "validation.picker.betaWhitelist"),
  quotaReached: () => new AppError(typeCodes.pickerQuotaReached, 402, "validation.picker.freeQuotaReached"),
  notOwner: () => new AppError(typeCodes.forbidden, 403, "validation.picker.notOwner"),
  notCreator: () => new AppError(typeCodes.forbidden, 403, "validation.picker.notCreator"),
  noValidWinner: () => new AppError(typeCodes.pickerNoValidWinner, 409, "validation.picker.noValidWinner"),
  selectAtLeastOne: () => new AppError(typeCodes.badRequest, 400, "validation.picker.selectAtLeastOne"),
  winnersExceedLimit: (limit: number) =>
    new AppError(typeCodes.badRequest, 400, "validation.picker.winnersExceedLimit", { limit }),
  replyNotFound: () => new AppError(typeCodes.pickerReplyNotFound, 404, "validation.picker.replyNotFound"),
  xApiLimit: () => new AppError(typeCodes.pickerXApiLimit, 429, "validation.picker.xApiLimit"),
  seedNotFound: () => new AppError(typeCodes.pickerSeedNotFound, 404, "validation.picker.seedNotFound"),
  referenceNotFound: () =>
    new AppError(typeCodes.pickerReferenceNotFound, 404, "validation.quickCreate.notFound"),
  postNotFound: () => new AppError(typeCodes.pickerPostNotFound, 404, "picker.postNotFound"),
  pickerNotFound: () => new AppError(typeCodes.notFound, 404, "errors.notFound"),
  wrongState: () => new AppError(typeCodes.pickerWrongState, 409, "picker.wrongState"),
  committed: () => new AppError(typeCodes.pickerWrongState, 409, "picker.committed"),
  notAWinner: () => new AppError(typeCodes.forbidden, 403, "picker.notAWinner"),
  addressFormat: () => new AppError(typeCodes.badRequest, 400, "validation.address.invalid"),
  infoRequired: () => new AppError(typeCodes.badRequest, 400, "picker.infoRequired"),
  infoNameRequired: () => new AppError(typeCodes.badRequest, 400, "validation.picker.infoNameRequired"),
  replyLimit: (limit: number) =>
    new AppError(typeCodes.badRequest, 400, "picker.replyLookupLimit", { limit }),
  userNotFound: (username: string) =>
    new AppError(typeCodes.notFound, 404, "picker.userNotFound", { username }),
  drawChainUnavailable: (cause?: unknown) =>
    new AppError(typeCodes.serviceUnavailable, 503, "picker.drawChainUnavailable", {}, { cause }),
  paymentInvalid: (reason: string) =>
    new AppError(typeCodes.paymentInvalid, 422, "picker.paymentInvalid", { reason }),
  paymentUsed: () => new AppError(typeCodes.paymentInvalid, 409, "picker.paymentUsed"),
  paymentUnconfirmed: (confirmations: number) =>
    new AppError(typeCodes.paymentUnconfirmed, 409, "picker.paymentUnconfirmed", { confirmations }),
  paymentUnavailable: () => new AppError(typeCodes.serviceUnavailable, 503, "picker.paymentUnavailable"),
  noWinnerAddresses: () => new AppError(typeCodes.badRequest, 400, "picker.noWinnerAddresses"),
  posterAnnualOnly: () => new AppError(typeCodes.pickerQuotaReached, 402, "picker.posterAnnualOnly"),
  posterTooLarge: () => new AppError(typeCodes.badRequest, 400, "picker.posterTooLarge"),
  posterInvalid: () => new AppError(typeCodes.badRequest, 400, "picker.posterInvalid"),
  posterNotFound: () => new AppError(typeCodes.notFound, 404, "picker.posterNotFound"),
  idempotencyConflict: () => new AppError(typeCodes.conflict, 409, "picker.idempotencyConflict"),
} as const;
