import { typeCodes } from "@dropfair/schemas/envelope";

/** A domain error that knows its typeCode, HTTP status and catalogue message. */
export class AppError extends Error {
  constructor(
    readonly typeCode: number,
    readonly statusCode: number,
    readonly messageKey: string,
    readonly params: Record<string, unknown> = {},
    options?: { cause?: unknown },
  ) {
    super(messageKey, options);
    this.name = "AppError";
  }
}

export const errors = {
  badRequest: (details: string) => new AppError(typeCodes.badRequest, 400, "errors.badRequest", { details }),
  validation: (messageKey: string, params: Record<string, unknown> = {}) =>
    new AppError(typeCodes.badRequest, 400, messageKey, params),
  invalidAddress: () => new AppError(typeCodes.invalidAddress, 400, "errors.invalidAddress"),
  unknownProject: (project: string) =>
    new AppError(typeCodes.unknownProject, 404, "errors.unknownProject", { project }),
  signInMessageInvalid: (reason: string) =>
    new AppError(typeCodes.signInMessageInvalid, 400, "errors.signInMessageInvalid", { reason }),
  signInNonceUnknown: () => new AppError(typeCodes.signInNonceUnknown, 401, "errors.signInNonceUnknown"),
  signInExpired: () => new AppError(typeCodes.signInExpired, 401, "errors.signInExpired"),
  signInNotYetValid: () => new AppError(typeCodes.signInExpired, 401, "errors.signInNotYetValid"),
  signInDomainMismatch: () =>
    new AppError(typeCodes.signInDomainMismatch, 401, "errors.signInDomainMismatch"),
  signInChainUnsupported: (chainId: number | string) =>
    new AppError(typeCodes.signInChainUnsupported, 400, "errors.signInChainUnsupported", { chainId }),
  signInSignatureInvalid: () =>
    new AppError(typeCodes.signInSignatureInvalid, 401, "errors.signInSignatureInvalid"),
  signInVerificationUnavailable: (cause?: unknown) =>
    new AppError(
      typeCodes.signInVerificationUnavailable,
      503,
      "errors.signInVerificationUnavailable",
      {},
      { cause },
    ),
  unauthorized: () => new AppError(typeCodes.unauthorized, 401, "errors.unauthorized"),
  xSignInRequired: () => new AppError(typeCodes.xSignInRequired, 401, "errors.xSignInRequired"),
  xSignInStateInvalid: () => new AppError(typeCodes.xSignInStateInvalid, 400, "errors.xSignInStateInvalid"),
  xSignInRejected: (cause?: unknown) =>
    new AppError(typeCodes.xSignInRejected, 400, "errors.xSignInRejected", {}, { cause }),
  xUnavailable: (cause?: unknown) =>
    new AppError(typeCodes.xUnavailable, 502, "errors.xUnavailable", {}, { cause }),
  xNotConfigured: () => new AppError(typeCodes.xNotConfigured, 503, "errors.xNotConfigured"),
  forbidden: () => new AppError(typeCodes.forbidden, 403, "errors.forbidden"),
  notFound: () => new AppError(typeCodes.notFound, 404, "errors.notFound"),
  unsupportedMediaType: (types: readonly string[]) =>
    new AppError(typeCodes.badRequest, 415, "errors.unsupportedMediaType", { types: types.join(", ") }),
} as const;
