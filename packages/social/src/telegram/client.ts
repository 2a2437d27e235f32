// The Bot API client for what the platform needs (getMe, getChat, getChatMember): who the bot is, chats, and
// whether a user is in a chat. Every call is a read, so 5xx and network failures are retried; a 429 waits its
// retry_after. The token is part of every URL, so no error message or log line carries the URL.
import type { z } from "zod";
import { type Clock, systemClock } from "../shared/clock.ts";
import { backoffMs, isTimeout, readBody, requestSignal } from "../shared/http.ts";
import { TelegramApiError, TelegramError, TelegramRateLimitError } from "./errors.ts";
import {
  type TelegramBotUser,
  type TelegramChat,
  type TelegramChatMember,
  telegramBotUserSchema,
  telegramChatMemberSchema,
  telegramChatSchema,
  telegramEnvelopeSchema,
} from "./schemas.ts";

export type TelegramRetryPolicy = {
  /** 429s in a row on one call before giving up (default 3). */
  maxRateLimitRetries: number;
  /** Longest single wait for a 429 (ms, default 60,000). Beyond: TelegramRateLimitError. */
  maxRateLimitWaitMs: number;
  /** Retries of a 5xx or network failure (default 2). */
  maxServerRetries: number;
  /** First backoff (ms, default 500); doubles each retry. */
  baseDelayMs: number;
  maxDelayMs: number;
};

export const defaultTelegramRetryPolicy: TelegramRetryPolicy = {
  maxRateLimitRetries: 3,
  maxRateLimitWaitMs: 60_000,
  maxServerRetries: 2,
  baseDelayMs: 500,
  maxDelayMs: 8_000,
};

export type TelegramBotClientOptions = {
  /** https://api.telegram.org, or a sandbox's mount; calls go to `${apiBase}/bot<token>/<method>`. */
  apiBase: string;
  botToken: string;
  fetch?: typeof fetch;
  clock?: Clock;
  retry?: Partial<TelegramRetryPolicy>;
  /** Per attempt (ms, default 15,000). */
  timeoutMs?: number;
};

type CallOptions = { signal?: AbortSignal };

/** A chat's numeric id, or "@username" for public chats and channels. */
export type TelegramChatId = number | string;

export type TelegramBotClient = {
  getMe(options?: CallOptions): Promise<TelegramBotUser>;
  getChat(chatId: TelegramChatId, options?: CallOptions): Promise<TelegramChat>;
  /**
   * A user's standing in a chat, or null for "Bad Request: user not found" (the user never met the bot or the
   * chat: not a member). The bot must be an administrator to see other users reliably.
   */
  getChatMember(
    chatId: TelegramChatId,
    userId: number,
    options?: CallOptions,
  ): Promise<TelegramChatMember | null>;
};

export function createTelegramBotClient(options: TelegramBotClientOptions): TelegramBotClient {
  const clock = options.clock ?? systemClock;
  const retry = { ...defaultTelegramRetryPolicy, ...options.retry };
  const timeoutMs = options.timeoutMs ?? 15_000;
  const fetcher = options.fetch ?? globalThis.fetch;
  const base = `${options.apiBase.replace(/\/+$/, "")}/bot${options.botToken}`;

  async function invoke<S extends z.ZodType>(
    method: string,
    params: Record<string, unknown>,
    schema: S,
    signal: AbortSignal | undefined,
  ): Promise<z.infer<S>> {
    let failures = 0;
    let rateLimitWaits = 0;
    for (;;) {
      let response: Response;
      try {
        response = await fetcher(`${base}/${method}`, {
          method: "POST",
          headers: { "content-type": "application/json", accept: "application/json" },
          body: JSON.stringify(params),
          signal: requestSignal(timeoutMs, signal),
        });
      } catch (cause) {
        if (signal?.aborted) throw cause;
        failures++;
        const timedOut = isTimeout(cause);
        if (failures > retry.maxServerRetries) {
          const what = timedOut ? `timed out after ${timeoutMs} ms` : "network failure";
          throw new TelegramError(
            timedOut ? "timeout" : "network",
            `${method}: ${what} (${failures} attempts)`,
          );
        }
        await clock.sleep(backoffMs(failures, retry.baseDelayMs, retry.maxDelayMs), signal);
        continue;
      }

      const envelope = telegramEnvelopeSchema.safeParse(await readBody(response));
      if (!envelope.success) {
        // Not the Bot API's envelope: a proxy's error page, most likely.
        if (response.status >= 500 && failures < retry.maxServerRetries) {
          failures++;
          await clock.sleep(backoffMs(failures, retry.baseDelayMs, retry.maxDelayMs), signal);
          continue;
        }
        throw new TelegramError(
          "bad-response",
          `${method}: answered ${response.status} without the Bot API envelope`,
        );
      }
      const body = envelope.data;
      // Key on `ok`, not on the HTTP status: some Bot API servers answer 200 with ok:false.
      if (body.ok) {
        const parsed = schema.safeParse(body.result);
        if (!parsed.success) {
          throw new TelegramError(
            "bad-response",
            `${method}: unexpected result shape: ${parsed.error.message}`,
            {
              cause: parsed.error,
            },
          );
        }
        return parsed.data;
      }

      const details = {
        status: response.status,
        errorCode: body.error_code,
        description: body.description,
        method,
        ...(body.parameters?.migrate_to_chat_id === undefined
          ? {}
          : { migrateToChatId: body.parameters.migrate_to_chat_id }),
      };
      if (body.error_code === 429) {
        const retryAfterSeconds =
          body.parameters?.retry_after ?? (Number(response.headers.get("retry-after")) || 1);
        rateLimitWaits++;
        if (
          rateLimitWaits > retry.maxRateLimitRetries ||
          retryAfterSeconds * 1000 > retry.maxRateLimitWaitMs
        ) {
          throw new TelegramRateLimitError(details, retryAfterSeconds);
        }
        await clock.sleep(retryAfterSeconds * 1000, signal);
        continue;
      }
      if (body.error_code >= 500 && failures < retry.maxServerRetries) {
        failures++;
        await clock.sleep(backoffMs(failures, retry.baseDelayMs, retry.maxDelayMs), signal);
        continue;
      }
      throw new TelegramApiError(details);
    }
  }

  return {
    getMe: (call = {}) => invoke("getMe", {}, telegramBotUserSchema, call.signal),

    getChat: (chatId, call = {}) => invoke("getChat", { chat_id: chatId }, telegramChatSchema, call.signal),

    async getChatMember(chatId, userId, call = {}) {
      if (!Number.isSafeInteger(userId) || userId <= 0)
        throw new TypeError("userId must be a positive integer");
      try {
        return await invoke(
          "getChatMember",
          { chat_id: chatId, user_id: userId },
          telegramChatMemberSchema,
          call.signal,
        );
      } catch (error) {
        if (error instanceof TelegramApiError && error.isUserNotFound) return null;
        throw error;
      }
    },
  };
}

/**
 * Whether a ChatMember counts as a member: creator, administrator, member, or restricted with is_member.
 * Left, kicked and unknown (null) users do not.
 */
export function isTelegramMember(member: TelegramChatMember | null | undefined): boolean {
  if (!member) return false;
  switch (member.status) {
    case "creator":
    case "administrator":
    case "member":
      return true;
    case "restricted":
      return member.is_member;
    case "left":
    case "kicked":
      return false;
  }
}
