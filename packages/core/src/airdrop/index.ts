export { ClaimsListLineError, formatClaimsList, parseClaimsList } from "./claims-list.ts";
export {
  type AirdropClaim,
  buildClaimsTree,
  type ClaimsTree,
  claimLeafHash,
  InvalidClaimError,
  verifyClaimProof,
} from "./merkle.ts";
export {
  isDiscordSnowflake,
  type ParseParticipantListOptions,
  type Participant,
  type ParticipantAccountType,
  type ParticipantListResult,
  ParticipantListTooLongError,
  parseParticipantList,
  participantListDefaultMaxLines,
  participantWeightMax,
} from "./participants.ts";
