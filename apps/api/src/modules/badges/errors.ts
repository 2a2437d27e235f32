// Every way a badge request can fail, with its typeCode, HTTP status and message.
import { messageKeys as messages } from "@dropfair/core/messages";
import { typeCodes } from "@dropfair/schemas/envelope";
import { AppError } from "../../platform/errors.ts";

export const badgeErrors = {
  loginRequired: () => new AppError(typeCodes.unauthorized, 401, messages.auth.loginRequired),
  notFound: () => new AppError(typeCodes.notFound, 404, messages.request.notFound),
  programmeNotFound: (code: string) =>
    new AppError(typeCodes.notFound, 404, "badges.programmeNotFound", { code }),
  notEligible: () => new AppError(typeCodes.badgeNotEligible, 403, messages.mint.notEligible),
  nothingToMint: () => new AppError(typeCodes.badgeNothingToMint, 409, messages.mint.nothingToMint),
  alreadyMinted: () => new AppError(typeCodes.badgeAlreadyMinted, 409, "badges.alreadyMinted"),
  mintClosed: () => new AppError(typeCodes.badgeMintClosed, 409, "badges.mintClosed"),
  chainUnsupported: (chainId: number) =>
    new AppError(typeCodes.badgeChainUnsupported, 400, "badges.chainUnsupported", { chainId }),
  chainUnavailable: (cause?: unknown) =>
    new AppError(typeCodes.badgeChainUnavailable, 503, "badges.chainUnavailable", {}, { cause }),
  signerMissing: () => new AppError(typeCodes.badgeSignerMissing, 503, "badges.signerMissing"),
  transactionPending: () =>
    new AppError(typeCodes.badgeTransactionPending, 409, messages.transaction.processing),
  transactionFailed: () => new AppError(typeCodes.badgeTransactionFailed, 422, messages.transaction.failed),
  accountMismatch: () =>
    new AppError(typeCodes.badgeAccountMismatch, 422, messages.transaction.accountMismatch),
  programmeCodeTaken: () => new AppError(typeCodes.badgeProgrammeCodeTaken, 409, "badges.programmeCodeTaken"),
  ruleInvalid: (ids: number[]) =>
    new AppError(typeCodes.badgeRuleInvalid, 400, "badges.ruleInvalid", { ids: ids.join(", ") }),
  mintWindowInvalid: () => new AppError(typeCodes.badRequest, 400, messages.airdrop.timeOrder),
  imageInvalid: () => new AppError(typeCodes.badgeImageInvalid, 400, "badges.imageInvalid"),
  imageTooLarge: () => new AppError(typeCodes.badgeImageTooLarge, 413, "badges.imageTooLarge"),
} as const;
