export {
  amountBaseOf,
  amountOf,
  fcfsShares,
  type PreparedReward,
  type RewardType,
  type ShareMode,
  trimDecimal,
  weightedShare,
} from "./amounts.ts";
export {
  type CampaignCreatedArgs,
  type CampaignParams,
  type CampaignSource,
  campaignArgsOf,
  campaignMismatch,
  campaignParamsOf,
  unixSeconds,
} from "./campaign.ts";
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
export {
  type AirdropClocks,
  type AirdropStatusCode,
  type AirdropTimes,
  airdropStatusCodes,
  type CampaignBooks,
  claimableAmountOf,
  editBlocker,
  holdsPrize,
  onChainActionsOf,
  statusOf,
} from "./status.ts";
