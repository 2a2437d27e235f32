import type { typeCodes } from "@dropfair/schemas/envelope";

/**
 * The typeCodes the airdrop pages act on, copied as literals so the pages do not load the schemas package for
 * them; model/type-codes.test.ts keeps them equal to @dropfair/schemas/envelope.
 */
export const airdropTypeCodes = {
  notCreator: 200,
  refundFirst: 201,
  wrongState: 202,
  notEligible: 203,
  transactionInvalid: 204,
  chainUnsupported: 205,
  socialSignInRequired: 206,
  forbidden: 430,
} as const satisfies Partial<Record<string, (typeof typeCodes)[keyof typeof typeCodes]>>;
