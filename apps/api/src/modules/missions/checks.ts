// Asking X, Discord or Telegram whether the user did the mission. Each check answers the account it used (and
// the tweet, for a tweet mission) or throws the mission's failure; an upstream that did not answer becomes a
// retryable MissionUpstreamError, so an outage never reads as "you have not done it". Likewise a paged X list cut
// at `maxPagesPerCheck` before the account turned up decides nothing: the check answers "not confirmed yet".
import {
  isXMission,
  type MissionDefinition,
  type MissionParameters,
  tweetIdFrom,
  tweetMeetsContent,
  tweetMetricsFailure,
} from "@dropfair/core/missions";
import { DiscordError, DiscordRateLimitError } from "@dropfair/social/discord";
import {
  isTelegramMember,
  TelegramApiError,
  TelegramError,
  TelegramRateLimitError,
} from "@dropfair/social/telegram";
import { hasLiked, hasRetweeted, isFollowing, quoteBy, XError, XRateLimitError } from "@dropfair/social/x";
import type { XSession } from "../../platform/auth.ts";
import { AppError } from "../../platform/errors.ts";
import type { MissionsDependencies } from "./dependencies.ts";
import { MissionUpstreamError, missionErrors } from "./errors.ts";
import { isTweetUsed } from "./repository.ts";

export type CheckActor = { userId: number; xSession: XSession | null };
export type Evidence = { provider: "x" | "discord" | "telegram"; accountId: string; tweetId: string | null };

const defaultRetryAfterSeconds = 5;

function secondsUntil(date: Date | undefined, now: Date): number {
  if (!date) return defaultRetryAfterSeconds;
  return Math.max(1, Math.ceil((date.getTime() - now.getTime()) / 1000));
}

/** Runs an upstream call; anything the upstream failed to answer becomes a retryable error. */
async function upstream<T>(
  dependencies: MissionsDependencies,
  name: "x" | "discord" | "telegram",
  call: () => Promise<T>,
): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof XRateLimitError)
      throw new MissionUpstreamError(name, secondsUntil(error.resetAt, dependencies.now()), error);
    if (error instanceof DiscordRateLimitError)
      throw new MissionUpstreamError(name, Math.max(1, Math.ceil(error.retryAfterMs / 1000)), error);
    if (error instanceof TelegramRateLimitError)
      throw new MissionUpstreamError(name, Math.max(1, error.retryAfterSeconds), error);
    if (error instanceof XError || error instanceof DiscordError || error instanceof TelegramError)
      throw new MissionUpstreamError(name, defaultRetryAfterSeconds, error);
    // e.g. X's token endpoint down while refreshing the user's token.
    if (error instanceof AppError && error.statusCode >= 500)
      throw new MissionUpstreamError(name, defaultRetryAfterSeconds, error);
    throw error;
  }
}

/** After a "not in the list": the list of a post X no longer serves is empty, so tell the two apart. */
async function requirePost(dependencies: MissionsDependencies, postId: string): Promise<void> {
  const post = await upstream(dependencies, "x", () =>
    dependencies.x.lookupPost(postId, { tweetFields: ["id"] }),
  );
  if (!post.found) throw missionErrors.tweetMissing();
}

async function checkTweet(
  dependencies: MissionsDependencies,
  rule: MissionParameters["x_tweet"],
  xUserId: string,
  tweetReference: string | undefined,
): Promise<string> {
  if (!tweetReference?.trim()) throw missionErrors.tweetIdRequired();
  const tweetId = tweetIdFrom(tweetReference);
  if (!tweetId) throw missionErrors.tweetNotFound();
  const post = await upstream(dependencies, "x", () =>
    dependencies.x.lookupPost(tweetId, { tweetFields: ["author_id", "public_metrics", "created_at"] }),
  );
  if (!post.found) throw missionErrors.tweetNotFound();
  if (post.data.author_id !== xUserId) throw missionErrors.notYourTweet();
  if (await isTweetUsed(dependencies.db, tweetId)) throw missionErrors.tweetAlreadyUsed();
  if (!tweetMeetsContent(post.data.text, rule)) throw missionErrors.contentInvalid();
  const metrics = post.data.public_metrics;
  const failure = tweetMetricsFailure(
    {
      views: metrics?.impression_count ?? 0,
      likes: metrics?.like_count ?? 0,
      retweets: metrics?.retweet_count ?? 0,
    },
    rule,
  );
  if (failure === "views") throw missionErrors.metricsInvalidViews();
  if (failure === "engagement") throw missionErrors.metricsInvalidEngagement();
  return tweetId;
}

async function checkX(
  dependencies: MissionsDependencies,
  mission: MissionDefinition,
  session: XSession,
  tweetReference: string | undefined,
): Promise<string | null> {
  const { x } = dependencies;
  const maxPages = dependencies.maxPagesPerCheck;
  const userId = session.xUserId;
  switch (mission.kind) {
    case "x_follow": {
      const answer = await upstream(dependencies, "x", () =>
        isFollowing(x, userId, mission.parameters.userId, { maxPages }),
      );
      if (answer.found) return null;
      if (!answer.complete) throw missionErrors.notConfirmedYet();
      throw missionErrors.notFollowing();
    }
    case "x_retweet": {
      const { postId } = mission.parameters;
      const answer = await upstream(dependencies, "x", () => hasRetweeted(x, postId, userId, { maxPages }));
      if (answer.found) return null;
      if (!answer.complete) throw missionErrors.notConfirmedYet();
      await requirePost(dependencies, postId);
      throw missionErrors.retweetMissing();
    }
    case "x_like": {
      const { postId } = mission.parameters;
      // X lists a post's likers to user tokens only.
      const token = await upstream(dependencies, "x", () => dependencies.xUserToken(session));
      if (!token) throw missionErrors.bindXFirst();
      const answer = await upstream(dependencies, "x", () =>
        hasLiked(x.withToken(token), postId, userId, { maxPages }),
      );
      if (answer.found) return null;
      if (!answer.complete) throw missionErrors.notConfirmedYet();
      await requirePost(dependencies, postId);
      throw missionErrors.likeMissing();
    }
    case "x_quote": {
      const { postId } = mission.parameters;
      const answer = await upstream(dependencies, "x", () => quoteBy(x, postId, userId, { maxPages }));
      if (answer.found) return null;
      if (!answer.complete) throw missionErrors.notConfirmedYet();
      await requirePost(dependencies, postId);
      throw missionErrors.quoteMissing();
    }
    case "x_tweet":
      return checkTweet(dependencies, mission.parameters, userId, tweetReference);
    default:
      throw new Error(`not an X mission: ${mission.kind}`);
  }
}

async function checkDiscord(
  dependencies: MissionsDependencies,
  mission: Extract<MissionDefinition, { kind: "discord_join" | "discord_role" }>,
  accountId: string,
): Promise<void> {
  const discord = dependencies.discord;
  if (!discord) throw missionErrors.upstreamOff("discord");
  const member = await upstream(dependencies, "discord", () =>
    discord.getGuildMember(mission.parameters.guildId, accountId),
  );
  if (!member) throw missionErrors.discordNotJoined();
  if (mission.kind === "discord_role" && !member.roles.includes(mission.parameters.roleId))
    throw missionErrors.discordWrongRole();
}

function telegramChatId(chatId: string): number | string {
  return chatId.startsWith("@") ? chatId : Number(chatId);
}

async function checkTelegram(
  dependencies: MissionsDependencies,
  mission: Extract<MissionDefinition, { kind: "telegram_join" }>,
  accountId: string,
): Promise<void> {
  const telegram = dependencies.telegram;
  if (!telegram) throw missionErrors.upstreamOff("telegram");
  const member = await upstream(dependencies, "telegram", async () => {
    try {
      return await telegram.getChatMember(telegramChatId(mission.parameters.chatId), Number(accountId));
    } catch (error) {
      // "user not found": the user never was in the chat.
      if (error instanceof TelegramApiError && error.isUserNotFound) return null;
      throw error;
    }
  });
  if (!isTelegramMember(member)) throw missionErrors.telegramNotJoined();
}

/** Checks the mission for the actor; the evidence to record, or the failure. */
export async function verifyMission(
  dependencies: MissionsDependencies,
  mission: MissionDefinition,
  actor: CheckActor,
  tweetReference: string | undefined,
): Promise<Evidence> {
  if (isXMission(mission.kind)) {
    const session = actor.xSession;
    if (!session) throw missionErrors.bindXFirst();
    // The account that proves the mission is bound to the wallet, so it serves one wallet only.
    await dependencies.bindX(actor.userId, {
      accountId: session.xUserId,
      username: session.username,
      displayName: session.name,
      avatarUrl: session.avatarUrl,
    });
    const tweetId = await checkX(dependencies, mission, session, tweetReference);
    return { provider: "x", accountId: session.xUserId, tweetId };
  }
  const links = await dependencies.linksOf(actor.userId);
  if (mission.kind === "telegram_join") {
    if (!links.telegram) throw missionErrors.bindTelegramFirst();
    await checkTelegram(dependencies, mission, links.telegram.accountId);
    return { provider: "telegram", accountId: links.telegram.accountId, tweetId: null };
  }
  if (mission.kind !== "discord_join" && mission.kind !== "discord_role") throw new Error("unknown kind");
  if (!links.discord) throw missionErrors.bindDiscordFirst();
  await checkDiscord(dependencies, mission, links.discord.accountId);
  return { provider: "discord", accountId: links.discord.accountId, tweetId: null };
}
