import type { FastifyInstance, FastifyPluginAsync } from "fastify";
import { registerFaultRoutes } from "../shared/faults.ts";
import { acceptFormBodies } from "../shared/pages.ts";
import { listenOn, standaloneApp } from "../shared/standalone.ts";
import { type LoginOptions, registerLoginRoutes, telegramLoginFields } from "./login.ts";
import {
  registerBotApiRoutes,
  type TelegramFaultKind,
  type TelegramFaultSpec,
  TelegramFaults,
} from "./routes.ts";
import { defaultTelegramBotToken, type TelegramMembership, TelegramWorld } from "./world.ts";

export type TelegramSandboxOptions = LoginOptions & {
  /** Serve an existing world (several servers, one truth). Its bot token wins over `botToken`. */
  world?: TelegramWorld;
  /** Server time (ms): the login's auth_date. Default Date.now. */
  clock?: () => number;
  /** Default "123456789:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw", the sandbox bot's token (bot id 123456789). */
  botToken?: string;
  /** Default "dropfair_sandbox_bot". */
  botUsername?: string;
  /** Serve /_sandbox/* (fixtures, faults, login fields, membership) for tests in another process. Default true. */
  controlApi?: boolean;
};

export type TelegramSandboxState = {
  world: TelegramWorld;
  faults: TelegramFaults;
  clock: () => number;
  botToken: string;
  /** The bot's user id: what the login page's `bot_id` must be. */
  botId: number;
  /** The widget's fields for a sandbox user, signed as if they had just logged in (auth_date = now). */
  loginFields(userId: number, authDate?: number): Record<string, string>;
};

export type TelegramSandbox = FastifyInstance & TelegramSandboxState;

export function createTelegramSandboxState(options: TelegramSandboxOptions = {}): TelegramSandboxState {
  const clock = options.clock ?? Date.now;
  const world =
    options.world ??
    new TelegramWorld({
      botToken: options.botToken ?? defaultTelegramBotToken,
      ...(options.botUsername ? { botUsername: options.botUsername } : {}),
    });
  const botToken = world.fixtures.botToken;
  return {
    world,
    faults: new TelegramFaults(clock),
    clock,
    botToken,
    botId: world.bot.id,
    loginFields(userId, authDate = Math.floor(clock() / 1000)) {
      const user = world.user(userId);
      if (!user || user.is_bot) throw new Error(`no sandbox Telegram user ${userId}`);
      return telegramLoginFields(user, authDate, botToken);
    },
  };
}

/**
 * The sandbox as a Fastify plugin, to mount inside another server
 * (`app.register(telegramSandboxPlugin(state), { prefix: "/sandbox/telegram" })`). The Bot API is then at
 * `/sandbox/telegram/bot<token>/<method>` (Telegram: https://api.telegram.org) and the login page at
 * `/sandbox/telegram/auth` (Telegram: https://oauth.telegram.org/auth).
 */
export function telegramSandboxPlugin(
  state: TelegramSandboxState,
  options: Pick<TelegramSandboxOptions, "controlApi" | "loginDomains"> = {},
): FastifyPluginAsync {
  return async (instance) => {
    const mountPrefix = instance.prefix;
    acceptFormBodies(instance);

    instance.setErrorHandler((error: unknown, _request, reply) => {
      const status = (error as { statusCode?: number }).statusCode;
      if (status && status >= 400 && status < 500) {
        const description = `Bad Request: ${error instanceof Error ? error.message : "invalid request"}`;
        return reply.status(400).send({ ok: false, error_code: 400, description });
      }
      instance.log.error(error);
      return reply.status(500).send({ ok: false, error_code: 500, description: "Internal Server Error" });
    });
    instance.setNotFoundHandler((_request, reply) =>
      reply.status(404).send({ ok: false, error_code: 404, description: "Not Found" }),
    );

    registerBotApiRoutes(instance, { world: state.world, faults: state.faults, botToken: state.botToken });
    registerLoginRoutes(instance, {
      world: state.world,
      botToken: state.botToken,
      clock: state.clock,
      basePath: () => mountPrefix,
      ...(options.loginDomains ? { loginDomains: options.loginDomains } : {}),
    });
    if (options.controlApi ?? true) registerControlRoutes(instance, state);
  };
}

/** A standalone Telegram sandbox: `inject()` it in tests or `listen()` on a port. */
export function createTelegramSandbox(
  options: TelegramSandboxOptions & { logger?: boolean } = {},
): TelegramSandbox {
  const state = createTelegramSandboxState(options);
  return standaloneApp(state, telegramSandboxPlugin(state, options), options.logger);
}

export type RunningTelegramSandbox = { app: TelegramSandbox; url: string; close(): Promise<void> };

/** Starts a sandbox on `port` (0 = any free port); `url` is both its API base and its login base. */
export async function startTelegramSandbox(
  options: TelegramSandboxOptions & { port?: number; host?: string; logger?: boolean } = {},
): Promise<RunningTelegramSandbox> {
  const app = createTelegramSandbox(options);
  const url = await listenOn(app, options);
  return { app, url, close: () => app.close() };
}

const faultKinds: TelegramFaultKind[] = ["429", "5xx", "ok-false"];
const statuses: TelegramMembership["status"][] = [
  "creator",
  "administrator",
  "member",
  "restricted",
  "left",
  "kicked",
];

function membershipOf(
  status: TelegramMembership["status"],
  untilDate: number,
  isMember: boolean,
): TelegramMembership {
  switch (status) {
    case "restricted":
      return { status, isMember, untilDate };
    case "kicked":
      return { status, untilDate };
    case "member":
      return untilDate ? { status, untilDate } : { status };
    default:
      return { status };
  }
}

/** /_sandbox/*: fixtures, faults, signed login fields and membership for tests in another process. */
function registerControlRoutes(app: FastifyInstance, state: TelegramSandboxState): void {
  const { world } = state;

  app.get("/_sandbox/fixtures", async () => ({
    botToken: state.botToken,
    botId: state.botId,
    users: world.fixtures.users,
    chats: world.fixtures.chats,
  }));

  registerFaultRoutes(app, state.faults, {
    kinds: faultKinds,
    pathHint: '"/<method>"',
    extend: (base, input) => {
      const spec: TelegramFaultSpec = { ...base };
      if (typeof input.retryAfterSeconds === "number") spec.retryAfterSeconds = input.retryAfterSeconds;
      if (typeof input.status === "number") spec.status = input.status;
      if (typeof input.errorCode === "number") spec.errorCode = input.errorCode;
      if (typeof input.description === "string") spec.description = input.description;
      return spec;
    },
  });

  app.post("/_sandbox/login", async (request, reply) => {
    const input = (request.body ?? {}) as Record<string, unknown>;
    const userId = Number(input.userId);
    const authDate = typeof input.authDate === "number" ? input.authDate : undefined;
    try {
      return state.loginFields(userId, authDate);
    } catch (error) {
      return reply.status(404).send({ error: (error as Error).message });
    }
  });

  app.put("/_sandbox/chats/:chatId/members/:userId", async (request, reply) => {
    const { chatId, userId } = request.params as { chatId: string; userId: string };
    const input = (request.body ?? {}) as Record<string, unknown>;
    const status = input.status as TelegramMembership["status"];
    const chat = world.chat(Number(chatId));
    if (!chat || !world.user(Number(userId)) || !statuses.includes(status)) {
      return reply.status(400).send({
        error: `a known chat and user, and a status (${statuses.join(", ")}) are required; isMember, untilDate optional`,
      });
    }
    const untilDate = typeof input.untilDate === "number" ? input.untilDate : 0;
    const membership = membershipOf(status, untilDate, input.isMember === true);
    world.setMembership(chat.id, Number(userId), membership);
    return reply.status(204).send();
  });
}
