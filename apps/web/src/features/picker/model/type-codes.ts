/**
 * The envelope typeCodes the picker pages act on. They mirror @dropfair/schemas/envelope (a test keeps them
 * equal): importing that module would bring zod into the first route, which the shared client keeps lazy.
 */
export const pickerTypeCodes = {
  badRequest: 400,
  forbidden: 430,
  pickerUsageLimit: 174,
  pickerVersionClosed: 175,
  pickerQuotaReached: 176,
  pickerNotOwner: 177,
  pickerFollowTargetMissing: 181,
  pickerBetaWhitelist: 183,
  pickerNoValidWinner: 184,
  pickerReplyNotFound: 185,
  pickerXApiLimit: 186,
  pickerSeedNotFound: 188,
  pickerReferenceNotFound: 189,
  pickerPostNotFound: 190,
  pickerWrongState: 192,
} as const;
