// Every way a mission check or a mission edit can fail, with its typeCode, HTTP status and message. Check
// failures are 400s (the user can fix them and check again); an upstream that did not answer is a 424 with
// Retry-After: retryable, never a false failure and never a 5xx.
import { messageKeys as messages } from "@dropfair/core/messages";
import { typeCodes } from "@dropfair/schemas/envelope";
import { AppError } from "../../platform/errors.ts";

const failed = (typeCode: number, key: string) => () => new AppError(typeCode, 400, key);

const upstreamNames = { x: "X", discord: "Discord", telegram: "Telegram" } as const;

export class MissionUpstreamError extends AppError {
  constructor(
    readonly upstream: "x" | "discord" | "telegram",
    readonly retryAfterSeconds: number,
    cause: unknown,
    messageKey = "missions.upstreamUnavailable",
  ) {
    super(
      typeCodes.missionUpstreamUnavailable,
      424,
      messageKey,
      { upstream: upstreamNames[upstream] },
      { cause },
    );
  }
}

export const missionErrors = {
  loginRequired: () => new AppError(typeCodes.unauthorized, 401, messages.auth.loginRequired),
  noData: () => new AppError(typeCodes.notFound, 404, messages.request.notFound),
  dataNotInitialized: () =>
    new AppError(typeCodes.missionDataNotInitialized, 404, messages.request.dataNotInitialized),
  emptyContent: () => new AppError(typeCodes.missionEmptyContent, 400, messages.request.emptyContent),
  notManager: () => new AppError(typeCodes.missionNotManager, 403, "missions.notManager"),
  reorderMismatch: () => new AppError(typeCodes.badRequest, 400, "missions.reorderMismatch"),
  epRewardPlatformOnly: () => new AppError(typeCodes.badRequest, 400, "missions.epRewardPlatformOnly"),
  parametersInvalid: (details: string) =>
    new AppError(typeCodes.badRequest, 400, "errors.badRequest", { details }),
  bindXFirst: failed(typeCodes.missionBindXFirst, messages.auth.bindXFirst),
  bindDiscordFirst: failed(typeCodes.missionBindDiscordFirst, messages.mission.bindDiscordFirst),
  bindTelegramFirst: failed(typeCodes.missionBindTelegramFirst, messages.mission.bindTelegramFirst),
  notFollowing: failed(typeCodes.missionNotFollowing, messages.mission.notFollowing),
  retweetMissing: failed(typeCodes.missionRetweetMissing, messages.mission.notRetweeted),
  quoteMissing: failed(typeCodes.missionQuoteMissing, messages.mission.notQuoted),
  likeMissing: failed(typeCodes.missionLikeMissing, messages.mission.notLiked),
  tweetMissing: failed(typeCodes.missionTweetMissing, messages.mission.tweetMissing),
  contentInvalid: failed(typeCodes.missionContentInvalid, messages.mission.contentInvalid),
  metricsInvalidViews: failed(typeCodes.missionMetricsInvalidViews, messages.mission.metricsInvalidViews),
  metricsInvalidEngagement: failed(
    typeCodes.missionMetricsInvalidEngagement,
    messages.mission.metricsInvalidEngagement,
  ),
  tweetNotFound: failed(typeCodes.missionTweetNotFound, messages.mission.notFound),
  tweetAlreadyUsed: () => new AppError(typeCodes.missionTweetAlreadyUsed, 409, messages.mission.alreadyUsed),
  notYourTweet: failed(typeCodes.missionNotYourTweet, messages.mission.notYourTweet),
  tweetIdRequired: failed(typeCodes.missionTweetIdRequired, messages.mission.tweetIdRequired),
  discordNotJoined: failed(typeCodes.missionDiscordNotJoined, messages.mission.discordNotJoined),
  discordWrongRole: failed(typeCodes.missionDiscordWrongRole, messages.mission.discordWrongRole),
  telegramNotJoined: failed(typeCodes.missionTelegramNotJoined, messages.mission.telegramNotJoined),
  /**
   * X's list was longer than one check reads (`maxPagesPerCheck`) and the account was not in the part read: not
   * a failure, only undecided. Retryable like an outage; nothing is recorded.
   */
  notConfirmedYet: () => new MissionUpstreamError("x", 60, undefined, "missions.notConfirmedYet"),
  /** The integration is switched off on this server: the check cannot run, nothing is decided. */
  upstreamOff: (upstream: "discord" | "telegram") => new MissionUpstreamError(upstream, 60, undefined),
} as const;
