// The participant list: parse the pasted or uploaded text and check the accounts upstream (X handles and ids;
// Discord ids, and usernames within the airdrop's server; Telegram ids within the airdrop's chat). Storing it is
// participant-imports.ts's part.
import {
  isDiscordSnowflake,
  type Participant,
  ParticipantListTooLongError,
  parseParticipantList,
  participantListDefaultMaxLines,
} from "@dropfair/core/airdrop";
import type { AirdropIdType, ParticipantReport } from "@dropfair/schemas/airdrop";
import { DiscordApiError, type DiscordClient, discordErrorCodes } from "@dropfair/social/discord";
import {
  isTelegramMember,
  TelegramApiError,
  type TelegramBotClient,
  type TelegramChatId,
} from "@dropfair/social/telegram";
import type { XClient } from "@dropfair/social/x";
import { airdropErrors } from "./errors.ts";

/** At most this many X accounts are looked up per upload (100 per request); longer lists use numeric ids as given. */
export const xResolutionLimit = 50_000;
/** At most this many Discord or Telegram lines are checked one request each; longer lists are kept as typed. */
export const socialCheckLimit = 5_000;
/** Requests in flight at once per upload; the clients wait out rate limits on top of this. */
const socialCheckConcurrency = 4;
/** Discord's member search answers at most 1,000 members; the exact username is among its prefix matches. */
const memberSearchLimit = 1_000;
const reportedLinesLimit = 1_000;

export type StoredParticipant = { line: number; account: string; label: string; weight: number };

type Resolution = {
  kept: StoredParticipant[];
  unresolvedLines: number[];
  duplicateLines: number[];
  /** Lines kept as typed without a check (matched at claim time). */
  uncheckedCount: number;
};

/** Called after each upstream request a check made; it may throw to stop the check (a replaced import). */
export type CheckProgress = (requests: number) => Promise<void>;

const noProgress: CheckProgress = async () => undefined;

/** What the progress callback threw, carried through the checks unchanged (it is no upstream failure). */
class CheckStopped extends Error {}

/** The progress callback, its failures marked as a stop rather than an upstream failure. */
function guarded(progress: CheckProgress): CheckProgress {
  return async (requests) => {
    try {
      await progress(requests);
    } catch (error) {
      throw new CheckStopped("check stopped", { cause: error });
    }
  };
}

/** The upstream clients a list is checked with; Discord and Telegram are undefined when not configured. */
export type ListCheckers = {
  x: XClient;
  discord?: Pick<DiscordClient, "getUser" | "getGuildMember" | "searchGuildMembers"> | undefined;
  telegram?: Pick<TelegramBotClient, "getChatMember"> | undefined;
};

/** Where an airdrop's Discord and Telegram accounts are looked up: its server and its chat, when it names them. */
export type ListScope = { discordGuildId: string | null; telegramChatId: string | null };

/** Wallets: lower-case address; Telegram and Discord: the numeric id or lower-case handle as given. */
function storedAs(participant: Participant): StoredParticipant {
  return {
    line: participant.line,
    account: participant.id.toLowerCase(),
    label: participant.id,
    weight: participant.weight,
  };
}

const numeric = (id: string) => /^[0-9]+$/.test(id);

/** A social account an upstream confirmed: stored by its id, labelled with its handle. */
type Checked = { id: string; label: string } | "unknown" | "unchecked";

/** A handle as people write it: without "@", in any case. */
const handleKey = (handle: string) => handle.replace(/^@/, "").toLowerCase();

/**
 * Keeps what the checks confirmed (by account id, so a renamed account still matches), reports the unknown
 * lines and, among confirmed accounts, the repeated ones; unchecked lines are kept as typed. An unchecked
 * handle that is the current handle of an account confirmed on another line (its id looked up) is that account:
 * one person listed by id and by handle is one participant, the later line a duplicate.
 */
function settle(participants: readonly Participant[], checks: readonly Checked[]): Resolution {
  const kept: StoredParticipant[] = [];
  const unresolvedLines: number[] = [];
  const duplicateLines: number[] = [];
  const seen = new Set<string>();
  const confirmedByHandle = new Map<string, { id: string; label: string }>();
  for (const check of checks)
    if (typeof check === "object") confirmedByHandle.set(handleKey(check.label), check);
  let uncheckedCount = 0;
  participants.forEach((participant, index) => {
    let check = checks[index] ?? "unchecked";
    if (check === "unknown") {
      unresolvedLines.push(participant.line);
      return;
    }
    if (check === "unchecked") check = confirmedByHandle.get(handleKey(participant.id)) ?? check;
    const stored =
      check === "unchecked"
        ? storedAs(participant)
        : { line: participant.line, account: check.id, label: check.label, weight: participant.weight };
    if (check === "unchecked") uncheckedCount++;
    if (seen.has(stored.account)) {
      duplicateLines.push(participant.line);
      return;
    }
    seen.add(stored.account);
    kept.push(stored);
  });
  return { kept, unresolvedLines, duplicateLines, uncheckedCount };
}

/**
 * `check` over every item, at most `concurrency` at a time, results in input order. The first failure aborts
 * the rest (through the signal) and is thrown.
 */
async function checkAll<T, R>(
  items: readonly T[],
  concurrency: number,
  check: (item: T, signal: AbortSignal) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  const controller = new AbortController();
  let next = 0;
  const worker = async () => {
    while (next < items.length && !controller.signal.aborted) {
      const index = next++;
      try {
        results[index] = await check(items[index] as T, controller.signal);
      } catch (error) {
        controller.abort(error);
        throw error;
      }
    }
  };
  const outcomes = await Promise.allSettled(
    Array.from({ length: Math.min(concurrency, items.length) }, worker),
  );
  const failed = outcomes.find((outcome) => outcome.status === "rejected");
  if (failed) throw controller.signal.reason ?? (failed as PromiseRejectedResult).reason;
  return results;
}

/**
 * Discord lists: ids are looked up with the bot (GET /users/{id}); in the airdrop's server, ids must be members
 * and usernames are found by member search (exact, case-insensitive). Bots cannot look usernames up anywhere
 * else, so without a server they stay as typed.
 */
/** Whether a Discord line is looked up: ids anywhere, usernames only by member search in the airdrop's server. */
function discordLookup(participant: Participant, guildId: string | null): boolean {
  return guildId !== null || isDiscordSnowflake(participant.id);
}

async function resolveDiscordAccounts(
  discord: NonNullable<ListCheckers["discord"]> | undefined,
  guildId: string | null,
  participants: Participant[],
  progress: CheckProgress,
): Promise<Resolution> {
  if (!discord || participants.length > socialCheckLimit)
    return settle(
      participants,
      participants.map(() => "unchecked"),
    );
  const check = async (participant: Participant, signal: AbortSignal): Promise<Checked> => {
    if (guildId === null) {
      const user = await discord.getUser(participant.id, { signal });
      return user && !user.bot ? { id: user.id, label: user.username } : "unknown";
    }
    if (isDiscordSnowflake(participant.id)) {
      const member = await discord.getGuildMember(guildId, participant.id, { signal });
      return member ? { id: participant.id, label: member.user?.username ?? participant.id } : "unknown";
    }
    const found = await discord.searchGuildMembers(guildId, participant.id, {
      limit: memberSearchLimit,
      signal,
    });
    const wanted = participant.id.toLowerCase();
    const user = found.find((member) => member.user?.username?.toLowerCase() === wanted)?.user;
    return user?.username ? { id: user.id, label: user.username } : "unknown";
  };
  let checks: Checked[];
  try {
    checks = await checkAll(participants, socialCheckConcurrency, async (participant, signal) => {
      if (!discordLookup(participant, guildId)) return "unchecked";
      const checked = await check(participant, signal);
      await progress(1);
      return checked;
    });
  } catch (error) {
    if (error instanceof CheckStopped) throw error.cause;
    const guildHidden =
      error instanceof DiscordApiError &&
      (error.code === discordErrorCodes.unknownGuild || error.code === discordErrorCodes.missingAccess);
    throw guildHidden
      ? airdropErrors.discordGuildUnavailable(error)
      : airdropErrors.discordUnavailable(error);
  }
  return settle(participants, checks);
}

/** "@name" stays a username; anything else is the chat's numeric id. */
function telegramChat(chatId: string): TelegramChatId {
  return chatId.startsWith("@") ? chatId : Number(chatId);
}

/**
 * Telegram lists: the Bot API cannot look users up, only see them in a chat, so ids are checked in the
 * airdrop's chat (members only; left, kicked and unknown users are reported) and usernames stay as typed.
 */
/** A Telegram line looked up in the chat: a positive numeric id (usernames cannot be looked up by a bot). */
function telegramUserId(participant: Participant): number | undefined {
  if (!numeric(participant.id)) return undefined;
  const userId = Number(participant.id);
  return Number.isSafeInteger(userId) && userId > 0 ? userId : undefined;
}

async function resolveTelegramAccounts(
  telegram: ListCheckers["telegram"],
  chatId: string | null,
  participants: Participant[],
  progress: CheckProgress,
): Promise<Resolution> {
  if (!telegram || chatId === null || participants.length > socialCheckLimit)
    return settle(
      participants,
      participants.map(() => "unchecked"),
    );
  const chat = telegramChat(chatId);
  let checks: Checked[];
  try {
    checks = await checkAll(participants, socialCheckConcurrency, async (participant, signal) => {
      if (!numeric(participant.id)) return "unchecked";
      const userId = telegramUserId(participant);
      if (userId === undefined) return "unknown";
      const member = await telegram.getChatMember(chat, userId, { signal });
      await progress(1);
      if (!member || !isTelegramMember(member)) return "unknown";
      return {
        id: participant.id,
        label: member.user.username ? `@${member.user.username}` : participant.id,
      };
    });
  } catch (error) {
    if (error instanceof CheckStopped) throw error.cause;
    // Our bot cannot see the chat or its members: the creator has to fix the chat id or the bot's rights.
    const chatHidden =
      error instanceof TelegramApiError && (error.errorCode === 400 || error.errorCode === 403);
    throw chatHidden
      ? airdropErrors.telegramChatUnavailable(error)
      : airdropErrors.telegramUnavailable(error);
  }
  return settle(participants, checks);
}

/** X lookups take 100 accounts per request. */
const xLookupBatch = 100;

/** The ids and the handles of an X list, looked up separately. */
function xAccountsOf(participants: readonly Participant[]) {
  const ids: string[] = [];
  const names: string[] = [];
  for (const participant of participants) (numeric(participant.id) ? ids : names).push(participant.id);
  return { ids, names };
}

/** Looks `values` up 100 at a time, reporting each request. */
async function lookUpInBatches(
  values: readonly string[],
  lookUp: (batch: string[]) => Promise<{ data: { id: string; username: string }[] }>,
  progress: CheckProgress,
) {
  const found: { id: string; username: string }[] = [];
  for (let start = 0; start < values.length; start += xLookupBatch) {
    const answer = await lookUp(values.slice(start, start + xLookupBatch));
    found.push(...answer.data);
    await progress(1);
  }
  return found;
}

/** X lists are stored by X user id: handles are looked up, ids checked; unknown or suspended accounts are reported. */
async function resolveXAccounts(
  x: XClient,
  participants: Participant[],
  progress: CheckProgress,
): Promise<Resolution> {
  if (participants.length > xResolutionLimit) {
    if (participants.some((participant) => !numeric(participant.id)))
      throw airdropErrors.tooManyHandles(xResolutionLimit);
    return settle(
      participants,
      participants.map(() => "unchecked"),
    );
  }
  const { ids, names } = xAccountsOf(participants);
  let byId: Map<string, string>;
  let byName: Map<string, { id: string; username: string }>;
  try {
    const [idResult, nameResult] = await Promise.all([
      lookUpInBatches(ids, (batch) => x.lookupUsers(batch), progress),
      lookUpInBatches(names, (batch) => x.lookupUsersByUsernames(batch), progress),
    ]);
    byId = new Map(idResult.map((user) => [user.id, user.username]));
    byName = new Map(nameResult.map((user) => [user.username.toLowerCase(), user]));
  } catch (error) {
    if (error instanceof CheckStopped) throw error.cause;
    throw airdropErrors.xUnavailable(error);
  }
  return settle(
    participants,
    participants.map((participant): Checked => {
      const user = numeric(participant.id)
        ? byId.has(participant.id)
          ? { id: participant.id, username: byId.get(participant.id)! }
          : undefined
        : byName.get(participant.id.toLowerCase());
      return user ? { id: user.id, label: `@${user.username}` } : "unknown";
    }),
  );
}

/**
 * The upstream requests checking a parsed list takes, exactly as the checks below make them: what decides
 * whether an upload waits for them or hands them to a background import, and what its progress counts.
 */
export function plannedRequests(
  idType: AirdropIdType,
  participants: readonly Participant[],
  checkers: ListCheckers,
  scope: ListScope,
): number {
  switch (idType) {
    case "twitter": {
      if (participants.length > xResolutionLimit) return 0;
      const { ids, names } = xAccountsOf(participants);
      return Math.ceil(ids.length / xLookupBatch) + Math.ceil(names.length / xLookupBatch);
    }
    case "discord":
      if (!checkers.discord || participants.length > socialCheckLimit) return 0;
      return participants.filter((participant) => discordLookup(participant, scope.discordGuildId)).length;
    case "telegram":
      if (!checkers.telegram || scope.telegramChatId === null || participants.length > socialCheckLimit)
        return 0;
      return participants.filter((participant) => telegramUserId(participant) !== undefined).length;
    case "wallet":
      return 0;
  }
}

function resolve(
  idType: AirdropIdType,
  participants: Participant[],
  checkers: ListCheckers,
  scope: ListScope,
  progress: CheckProgress,
): Promise<Resolution> | Resolution {
  switch (idType) {
    case "twitter":
      return resolveXAccounts(checkers.x, participants, progress);
    case "discord":
      return resolveDiscordAccounts(checkers.discord, scope.discordGuildId, participants, progress);
    case "telegram":
      return resolveTelegramAccounts(checkers.telegram, scope.telegramChatId, participants, progress);
    case "wallet":
      return { kept: participants.map(storedAs), unresolvedLines: [], duplicateLines: [], uncheckedCount: 0 };
  }
}

/** Lines of the text: what a list's progress counts ("\n" separated; a trailing newline ends the last line). */
export function countLines(text: string): number {
  if (text === "") return 0;
  let lines = 1;
  for (let at = text.indexOf("\n"); at >= 0; at = text.indexOf("\n", at + 1)) lines++;
  return text.endsWith("\n") ? lines - 1 : lines;
}

/** Lines parsed between two progress reports of a background import. */
export const progressChunkLines = 50_000;

/** Progress of a long list: lines parsed and checked so far of all lines; it may throw to stop the read. */
export type ListProgress = (processedLines: number, totalLines: number) => Promise<void>;

/** Parses the text in pieces of `progressChunkLines`, reporting after each; the same result as one parse. */
async function parseInPieces(text: string, idType: AirdropIdType, onProgress: ListProgress) {
  const totalLines = countLines(text);
  const parsed: ReturnType<typeof parseParticipantList> = {
    participants: [],
    wrongLines: [],
    duplicateLines: [],
    totalWeight: 0,
  };
  const seen = new Set<string>();
  let start = 0;
  let firstLine = 1;
  while (start <= text.length) {
    let end = start;
    let lines = 0;
    while (lines < progressChunkLines) {
      const next = text.indexOf("\n", end);
      if (next < 0) {
        end = text.length;
        break;
      }
      end = next + 1;
      lines++;
    }
    // A piece ends before its last "\n", so a piece never holds a blank line the whole text does not.
    const piece = text.slice(start, end < text.length || text.endsWith("\n") ? end - 1 : end);
    const entries = parsed.participants.length + parsed.wrongLines.length + parsed.duplicateLines.length;
    const part = parseParticipantList(piece, idType, {
      firstLine,
      seen,
      maxLines: participantListDefaultMaxLines - entries,
    });
    for (const participant of part.participants) parsed.participants.push(participant);
    for (const line of part.wrongLines) parsed.wrongLines.push(line);
    for (const line of part.duplicateLines) parsed.duplicateLines.push(line);
    parsed.totalWeight += part.totalWeight;
    firstLine += lines;
    const last = end >= text.length;
    await onProgress(last ? totalLines : firstLine - 1, totalLines);
    if (last) break;
    start = end;
  }
  return parsed;
}

/** A list as parsed: its participants (not checked yet), wrong and repeated lines, total weight. */
export type ParsedList = ReturnType<typeof parseParticipantList>;

/**
 * Parses a list; with `onProgress` (background imports) in pieces, reporting after each. Nothing is checked
 * upstream yet.
 */
export async function parseList(
  text: string,
  idType: AirdropIdType,
  onProgress?: ListProgress,
): Promise<ParsedList> {
  try {
    return onProgress ? await parseInPieces(text, idType, onProgress) : parseParticipantList(text, idType);
  } catch (error) {
    if (error instanceof ParticipantListTooLongError)
      throw airdropErrors.listTooLong(participantListDefaultMaxLines);
    throw error;
  }
}

/**
 * Checks a parsed list upstream (`progress` after each request) and gives what is stored and the report;
 * nothing is stored yet. An upstream that is down fails the whole list.
 */
export async function checkList(
  parsed: ParsedList,
  idType: AirdropIdType,
  checkers: ListCheckers,
  scope: ListScope,
  progress: CheckProgress = noProgress,
): Promise<{ participants: StoredParticipant[]; report: ParticipantReport }> {
  const resolution = await resolve(idType, parsed.participants, checkers, scope, guarded(progress));
  const duplicateLines = [...parsed.duplicateLines, ...resolution.duplicateLines].sort((a, b) => a - b);
  const totalWeight = resolution.kept.reduce((sum, participant) => sum + participant.weight, 0);
  return {
    participants: resolution.kept,
    report: {
      accepted: resolution.kept.length,
      totalWeight,
      wrongLines: parsed.wrongLines.slice(0, reportedLinesLimit),
      wrongCount: parsed.wrongLines.length,
      duplicateLines: duplicateLines.slice(0, reportedLinesLimit),
      duplicateCount: duplicateLines.length,
      unresolvedLines: resolution.unresolvedLines.slice(0, reportedLinesLimit),
      unresolvedCount: resolution.unresolvedLines.length,
      uncheckedCount: resolution.uncheckedCount,
    },
  };
}
