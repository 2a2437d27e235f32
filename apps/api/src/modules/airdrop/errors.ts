import { typeCodes } from "@dropfair/schemas/envelope";
import { AppError } from "../../platform/errors.ts";

/**
 * The airdrop's errors: the form validation messages the web app shares (validation.airdrop.*), and ours for
 * states and chain checks.
 */
export const airdropErrors = {
  notFound: () => new AppError(typeCodes.notFound, 404, "errors.notFound"),
  notCreator: () => new AppError(typeCodes.airdropNotCreator, 403, "validation.picker.notCreator"),
  refundFirst: () => new AppError(typeCodes.airdropRefundFirst, 409, "validation.airdrop.refundFirst"),
  wrongState: () => new AppError(typeCodes.airdropWrongState, 409, "airdrop.wrongState"),
  notPrepared: () => new AppError(typeCodes.airdropWrongState, 409, "airdrop.notPrepared"),
  notReleasedYet: () => new AppError(typeCodes.airdropWrongState, 409, "airdrop.notReleasedYet"),
  notInProgress: () => new AppError(typeCodes.airdropWrongState, 409, "airdrop.notInProgress"),
  endPassed: () => new AppError(typeCodes.badRequest, 400, "airdrop.endPassed"),
  validation: (key: string, params: Record<string, unknown> = {}) =>
    new AppError(typeCodes.badRequest, 400, key, params),
  chainRequired: () => new AppError(typeCodes.badRequest, 400, "airdrop.chainRequired"),
  chainUnsupported: (chainId: number) =>
    new AppError(typeCodes.airdropChainUnsupported, 400, "airdrop.chainUnsupported", { chainId }),
  chainUnavailable: (cause?: unknown) =>
    new AppError(typeCodes.serviceUnavailable, 503, "airdrop.chainUnavailable", {}, { cause }),
  tokenAddressInvalid: () =>
    new AppError(typeCodes.badRequest, 400, "validation.airdrop.tokenAddressInvalid"),
  depositRequired: () => new AppError(typeCodes.airdropWrongState, 409, "validation.airdrop.depositRequired"),
  notEligible: () => new AppError(typeCodes.airdropNotEligible, 404, "airdrop.notEligible"),
  boundToOtherWallet: (address: string) =>
    new AppError(typeCodes.airdropNotEligible, 409, "airdrop.boundToOtherWallet", { address }),
  socialSignInRequired: (idType: string) =>
    new AppError(typeCodes.airdropSocialSignInRequired, 401, "airdrop.socialSignInRequired", { idType }),
  transaction: (reason: "transactionNotFound" | "transactionReverted" | "transactionUnrelated") =>
    new AppError(typeCodes.airdropTransactionInvalid, 422, `airdrop.${reason}`),
  transactionUnconfirmed: (confirmations: number) =>
    new AppError(typeCodes.airdropTransactionUnconfirmed, 409, "airdrop.transactionUnconfirmed", {
      confirmations,
    }),
  campaignMismatch: (field: string) =>
    new AppError(typeCodes.airdropTransactionInvalid, 422, "airdrop.campaignMismatch", { field }),
  noClaimsList: () => new AppError(typeCodes.airdropWrongState, 409, "airdrop.noClaimsList"),
  importReplaced: () => new AppError(typeCodes.airdropWrongState, 409, "airdrop.importReplaced"),
  importOutdated: () => new AppError(typeCodes.airdropWrongState, 409, "airdrop.importOutdated"),
  importFailed: () => new AppError(typeCodes.internal, 500, "airdrop.importFailed"),
  listTooLong: (max: number) => new AppError(typeCodes.badRequest, 400, "airdrop.listTooLong", { max }),
  logoNotFound: () => new AppError(typeCodes.notFound, 404, "airdrop.logoNotFound"),
  logoInvalid: () => new AppError(typeCodes.badRequest, 400, "airdrop.logoInvalid"),
  logoTooLarge: () => new AppError(typeCodes.badRequest, 400, "validation.airdrop.logoTooLarge"),
  xUnavailable: (cause?: unknown) =>
    new AppError(typeCodes.xUnavailable, 502, "airdrop.xUnavailable", {}, { cause }),
  tooManyHandles: (max: number) => new AppError(typeCodes.badRequest, 400, "airdrop.tooManyHandles", { max }),
  discordUnavailable: (cause?: unknown) =>
    new AppError(typeCodes.serviceUnavailable, 503, "airdrop.discordUnavailable", {}, { cause }),
  discordGuildUnavailable: (cause?: unknown) =>
    new AppError(typeCodes.badRequest, 400, "airdrop.discordGuildUnavailable", {}, { cause }),
  telegramUnavailable: (cause?: unknown) =>
    new AppError(typeCodes.serviceUnavailable, 503, "airdrop.telegramUnavailable", {}, { cause }),
  telegramChatUnavailable: (cause?: unknown) =>
    new AppError(typeCodes.badRequest, 400, "airdrop.telegramChatUnavailable", {}, { cause }),
  discordRoleUnavailable: () => new AppError(typeCodes.badRequest, 400, "airdrop.discordRoleUnavailable"),
  discordNotJoined: () =>
    new AppError(typeCodes.airdropNotEligible, 403, "validation.mission.discordNotJoined"),
  sharesExhausted: () => new AppError(typeCodes.airdropNotEligible, 409, "airdrop.sharesExhausted"),
} as const;
