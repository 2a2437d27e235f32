// Public surface of the Telegram client: the Login Widget check and the Bot API.
export type { Clock } from "../shared/clock.ts";
export type {
  TelegramBotClient,
  TelegramBotClientOptions,
  TelegramChatId,
  TelegramRetryPolicy,
} from "./client.ts";
export { createTelegramBotClient, defaultTelegramRetryPolicy, isTelegramMember } from "./client.ts";
export type { TelegramApiErrorDetails, TelegramErrorKind } from "./errors.ts";
export { TelegramApiError, TelegramError, TelegramRateLimitError } from "./errors.ts";
export type {
  TelegramLoginFailure,
  TelegramLoginFields,
  TelegramLoginResult,
  TelegramLoginUrlInput,
  TelegramLoginUser,
  VerifyTelegramLoginOptions,
} from "./login.ts";
export {
  buildTelegramLoginUrl,
  telegramBotIdOf,
  telegramDataCheckString,
  telegramLoginHash,
  verifyTelegramLogin,
} from "./login.ts";
export type {
  TelegramBotUser,
  TelegramChat,
  TelegramChatMember,
  TelegramChatMemberStatus,
  TelegramUser,
} from "./schemas.ts";
