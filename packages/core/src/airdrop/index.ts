export {
  type ParseParticipantListOptions,
  type Participant,
  type ParticipantAccountType,
  type ParticipantListResult,
  ParticipantListTooLongError,
  parseParticipantList,
  participantListDefaultMaxLines,
  participantWeightMax,
} from "./participants.ts";
