// The Bot API methods the platform uses (getMe, getChat, getChatMember): `/bot<token>/<method>` by GET or
// POST, with parameters in the query, a form or JSON, and the `{ok, result}` /
// `{ok:false, error_code, description}` envelope.
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { FaultList, type FaultSpecBase } from "../shared/faults.ts";
import { sameText } from "../shared/same-text.ts";
import type { TelegramMembership, TelegramSandboxChat, TelegramSandboxUser, TelegramWorld } from "./world.ts";

export type TelegramFaultKind =
  /** 429 "Too Many Requests: retry after N" with parameters.retry_after (`retryAfterSeconds`, default 5). */
  | "429"
  /** A 5xx (`status`, default 502 Bad Gateway). */
  | "5xx"
  /** HTTP 200 carrying `ok:false` (`errorCode`, `description`): what some test doubles answer. */
  | "ok-false";

export type TelegramFaultSpec = FaultSpecBase<TelegramFaultKind> & {
  retryAfterSeconds?: number;
  status?: number;
  errorCode?: number;
  description?: string;
};

export class TelegramFaults extends FaultList<TelegramFaultKind, TelegramFaultSpec> {}

export type TelegramRouteDependencies = {
  world: TelegramWorld;
  faults: TelegramFaults;
  botToken: string;
};

type Params = Record<string, unknown>;

class BotApiError extends Error {
  constructor(
    readonly errorCode: number,
    readonly description: string,
  ) {
    super(description);
  }
}

const badRequest = (what: string) => new BotApiError(400, `Bad Request: ${what}`);

function text(params: Params, name: string): string | undefined {
  const value = params[name];
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  if (Array.isArray(value)) return text({ [name]: value[value.length - 1] }, name);
  return typeof value === "string" && value.length > 0 ? value : undefined;
}

function renderUser(user: TelegramSandboxUser) {
  const out: Record<string, unknown> = { id: user.id, is_bot: user.is_bot, first_name: user.first_name };
  if (user.last_name !== undefined) out.last_name = user.last_name;
  if (user.username !== undefined) out.username = user.username;
  if (user.language_code !== undefined) out.language_code = user.language_code;
  return out;
}

const adminRights = {
  can_be_edited: false,
  is_anonymous: false,
  can_manage_chat: true,
  can_delete_messages: true,
  can_manage_video_chats: true,
  can_restrict_members: true,
  can_promote_members: false,
  can_change_info: true,
  can_invite_users: true,
  can_post_stories: true,
  can_edit_stories: true,
  can_delete_stories: true,
};

const mutedRights = {
  can_send_messages: false,
  can_send_audios: false,
  can_send_documents: false,
  can_send_photos: false,
  can_send_videos: false,
  can_send_video_notes: false,
  can_send_voice_notes: false,
  can_send_polls: false,
  can_send_other_messages: false,
  can_add_web_page_previews: false,
  can_change_info: false,
  can_invite_users: false,
  can_pin_messages: false,
  can_manage_topics: false,
};

/** The ChatMember variant of `membership` (one object per status, as the Bot API sends them). */
export function renderChatMember(
  chat: TelegramSandboxChat,
  user: TelegramSandboxUser,
  membership: TelegramMembership,
) {
  const base = { user: renderUser(user), status: membership.status };
  switch (membership.status) {
    case "creator":
      return {
        ...base,
        is_anonymous: false,
        ...(membership.customTitle ? { custom_title: membership.customTitle } : {}),
      };
    case "administrator": {
      const extra =
        chat.type === "channel"
          ? { can_post_messages: true, can_edit_messages: true }
          : { can_pin_messages: true, can_manage_topics: false };
      return {
        ...base,
        ...adminRights,
        ...extra,
        ...(membership.customTitle ? { custom_title: membership.customTitle } : {}),
      };
    }
    case "member":
      return membership.untilDate ? { ...base, until_date: membership.untilDate } : base;
    case "restricted":
      return { ...base, is_member: membership.isMember, ...mutedRights, until_date: membership.untilDate };
    case "left":
      return base;
    case "kicked":
      return { ...base, until_date: membership.untilDate };
  }
}

function renderChat(chat: TelegramSandboxChat) {
  const out: Record<string, unknown> = { id: chat.id, title: chat.title, type: chat.type };
  if (chat.username !== undefined) out.username = chat.username;
  if (chat.description !== undefined) out.description = chat.description;
  out.accent_color_id = Math.abs(chat.id) % 7;
  out.max_reaction_count = 11;
  out.accepted_gift_types = {
    unlimited_gifts: false,
    limited_gifts: false,
    unique_gifts: false,
    premium_subscription: false,
  };
  return out;
}

export function registerBotApiRoutes(app: FastifyInstance, deps: TelegramRouteDependencies): void {
  const { world, faults } = deps;

  const send = (reply: FastifyReply, status: number, body: Record<string, unknown>) =>
    reply.status(status).type("application/json").send(body);

  const chatOf = (params: Params): TelegramSandboxChat => {
    const raw = text(params, "chat_id");
    if (raw === undefined) throw badRequest("chat_id is empty");
    const chat = /^-?[0-9]+$/.test(raw)
      ? world.chat(Number(raw))
      : raw.startsWith("@")
        ? world.chat(raw)
        : undefined;
    if (!chat) throw badRequest("chat not found");
    return chat;
  };

  const kind = (chat: TelegramSandboxChat) =>
    chat.type === "channel" ? "channel" : chat.type === "group" ? "group" : "supergroup";

  const methods: Record<string, (params: Params) => unknown> = {
    getme: () => ({
      ...renderUser(world.bot),
      can_join_groups: true,
      can_read_all_group_messages: false,
      supports_inline_queries: false,
      can_connect_to_business: false,
      has_main_web_app: false,
    }),

    getchat: (params) => renderChat(chatOf(params)),

    getchatmember: (params) => {
      const chat = chatOf(params);
      const rawUser = text(params, "user_id");
      if (rawUser === undefined || !/^[0-9]{1,15}$/.test(rawUser) || Number(rawUser) === 0) {
        throw badRequest("invalid user_id specified");
      }
      const userId = Number(rawUser);
      const bot = chat.members.get(world.bot.id);
      if (!bot || bot.status === "left" || bot.status === "kicked") {
        throw new BotApiError(403, `Forbidden: bot is not a member of the ${kind(chat)} chat`);
      }
      const botIsAdmin = bot.status === "administrator" || bot.status === "creator";
      if (!botIsAdmin && userId !== world.bot.id) throw badRequest("member list is inaccessible");
      const user = world.user(userId);
      if (!user) throw badRequest("user not found");
      return renderChatMember(chat, user, world.membership(chat.id, userId));
    },
  };

  const handle = async (request: FastifyRequest, reply: FastifyReply) => {
    const { token, method } = request.params as { token: string; method: string };
    if (!method) return send(reply, 404, { ok: false, error_code: 404, description: "Not Found" });
    if (!sameText(token, deps.botToken))
      return send(reply, 401, { ok: false, error_code: 401, description: "Unauthorized" });

    const fault = faults.take(`/${method}`);
    if (fault?.spec.kind === "429") {
      const retryAfter = fault.spec.retryAfterSeconds ?? 5;
      reply.header("retry-after", String(retryAfter));
      return send(reply, 429, {
        ok: false,
        error_code: 429,
        description: `Too Many Requests: retry after ${retryAfter}`,
        parameters: { retry_after: retryAfter },
      });
    }
    if (fault?.spec.kind === "5xx") {
      const status = fault.spec.status ?? 502;
      return send(reply, status, { ok: false, error_code: status, description: "Bad Gateway" });
    }
    if (fault?.spec.kind === "ok-false") {
      return send(reply, 200, {
        ok: false,
        error_code: fault.spec.errorCode ?? 400,
        description: fault.spec.description ?? "Bad Request: user not found",
      });
    }

    const run = methods[method.toLowerCase()];
    if (!run)
      return send(reply, 404, { ok: false, error_code: 404, description: "Not Found: method not found" });
    const params: Params = {
      ...(request.query as Params),
      ...(typeof request.body === "object" && request.body !== null ? (request.body as Params) : {}),
    };
    try {
      return send(reply, 200, { ok: true, result: run(params) });
    } catch (error) {
      if (!(error instanceof BotApiError)) throw error;
      return send(reply, error.errorCode, {
        ok: false,
        error_code: error.errorCode,
        description: error.description,
      });
    }
  };

  app.get("/bot:token/:method", handle);
  app.post("/bot:token/:method", handle);
}
