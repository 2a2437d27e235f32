// Public surface of the Telegram sandbox.
export type { ArmedFault, FiredFault } from "../shared/faults.ts";
export type { LoginOptions } from "./login.ts";
export { signTelegramLogin, telegramDataCheckString, telegramLoginFields } from "./login.ts";
export type { TelegramFaultKind, TelegramFaultSpec } from "./routes.ts";
export { renderChatMember, TelegramFaults } from "./routes.ts";
export type {
  RunningTelegramSandbox,
  TelegramSandbox,
  TelegramSandboxOptions,
  TelegramSandboxState,
} from "./server.ts";
export {
  createTelegramSandbox,
  createTelegramSandboxState,
  startTelegramSandbox,
  telegramSandboxPlugin,
} from "./server.ts";
export type {
  TelegramChatKey,
  TelegramChatType,
  TelegramFixtures,
  TelegramMembership,
  TelegramSandboxChat,
  TelegramSandboxUser,
  TelegramUserKey,
} from "./world.ts";
export { defaultTelegramBotToken, TelegramWorld } from "./world.ts";
