export const airdropIdTypes = ["wallet", "twitter", "telegram", "discord"] as const;
export const airdropRewardTypes = ["token", "nft", "discord_role"] as const;
export const airdropModes = ["all", "fcfs"] as const;
export const airdropPosterStyles = ["classic", "aurora", "midnight", "sunrise"] as const;
/** My Creation and My Wins; `all` lists released airdrops. */
export const airdropListFilters = ["all", "mine", "wins"] as const;
/** Airdrop status: 0 draft, 1 not started, 2 in progress, 3 ended. */
export const airdropStatuses = { draft: 0, notStarted: 1, inProgress: 2, ended: 3 } as const;
export type AirdropStatus = (typeof airdropStatuses)[keyof typeof airdropStatuses];
/** A participant's claim state: 0 claimable, 1 claimed. */
export const airdropClaimStates = { claimable: 0, claimed: 1 } as const;
/** A participant list too long for one request is imported in the background through these states. */
export const participantImportStates = ["queued", "running", "done", "failed"] as const;
/** The steps of a running import: reading the lines, checking accounts upstream, storing the participants. */
export const participantImportPhases = ["parsing", "checking", "storing"] as const;

export type AirdropIdType = (typeof airdropIdTypes)[number];
export type AirdropRewardType = (typeof airdropRewardTypes)[number];
export type AirdropMode = (typeof airdropModes)[number];
export type AirdropPosterStyle = (typeof airdropPosterStyles)[number];
export type AirdropListFilter = (typeof airdropListFilters)[number];
export type ParticipantImportState = (typeof participantImportStates)[number];
export type ParticipantImportPhase = (typeof participantImportPhases)[number];
