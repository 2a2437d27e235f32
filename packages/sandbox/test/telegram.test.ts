import Fastify from "fastify";
import { afterEach, describe, expect, it } from "vitest";
import {
  createTelegramSandbox,
  createTelegramSandboxState,
  signTelegramLogin,
  type TelegramSandbox,
  type TelegramSandboxOptions,
  telegramDataCheckString,
  telegramSandboxPlugin,
} from "../src/telegram/index.ts";

/** The Telegram login test vector (Alice, signed with the sandbox bot token) logs in at this instant. */
const vectorAuthDate = 1700000000;
const returnTo = "http://localhost:5173/auth/telegram/st4te";
let sandbox: TelegramSandbox | undefined;

function setup(options: TelegramSandboxOptions = {}): TelegramSandbox {
  sandbox = createTelegramSandbox({ clock: () => vectorAuthDate * 1000, ...options });
  return sandbox;
}

afterEach(async () => {
  await sandbox?.close();
  sandbox = undefined;
});

// biome-ignore lint/suspicious/noExplicitAny: the assertions walk arbitrary JSON answers
type Json = any;

async function bot(
  app: TelegramSandbox,
  method: string,
  params: Record<string, string | number> = {},
  token = app.botToken,
) {
  const query = new URLSearchParams(
    Object.entries(params).map(([key, value]): [string, string] => [key, String(value)]),
  );
  const response = await app.inject({ url: `/bot${token}/${method}?${query}` });
  return { status: response.statusCode, headers: response.headers, body: response.json() as Json };
}

describe("Telegram sandbox Bot API", () => {
  it("answers getMe by GET or POST (query, form or JSON), with case-insensitive method names", async () => {
    const app = setup();
    const me = {
      id: 123456789,
      is_bot: true,
      first_name: "Dropfair Sandbox Bot",
      username: "dropfair_sandbox_bot",
    };
    expect((await bot(app, "getMe")).body).toMatchObject({ ok: true, result: me });
    expect((await bot(app, "GETME")).body.result.id).toBe(123456789);
    const { chats, users } = app.world.fixtures;
    const json = await app.inject({
      method: "POST",
      url: `/bot${app.botToken}/getChatMember`,
      payload: { chat_id: chats.sandbox.id, user_id: users.alice.id },
    });
    expect(json.json().result.status).toBe("member");
    const form = await app.inject({
      method: "POST",
      url: `/bot${app.botToken}/getChatMember`,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: `chat_id=%40dropfair_sandbox&user_id=${users.carol.id}`,
    });
    expect(form.json().result).toMatchObject({
      status: "administrator",
      custom_title: "Mod",
      can_pin_messages: true,
    });
  });

  it("serves every ChatMember status of the sandbox supergroup", async () => {
    const app = setup();
    const { chats, users } = app.world.fixtures;
    const status = async (userId: number) =>
      (await bot(app, "getChatMember", { chat_id: "@dropfair_sandbox", user_id: userId })).body.result;
    expect(await status(users.host.id)).toMatchObject({ status: "creator", is_anonymous: false });
    expect(await status(users.alice.id)).toEqual({
      user: {
        id: 987654321,
        is_bot: false,
        first_name: "Alice",
        last_name: "Example",
        username: "alice_ex",
        language_code: "en",
      },
      status: "member",
    });
    expect(await status(users.dave.id)).toMatchObject({
      status: "restricted",
      is_member: true,
      can_send_messages: false,
      until_date: 0,
    });
    expect(await status(users.erin.id)).toMatchObject({ status: "restricted", is_member: false });
    expect(await status(users.frank.id)).toEqual({ user: expect.any(Object), status: "left" });
    expect(await status(users.grace.id)).toMatchObject({ status: "kicked", until_date: 0 });
    // Known to Telegram, never in this chat: left.
    expect((await status(users.ivan.id)).status).toBe("left");
    expect((await status(users.judy.id)).user.id).toBe(7000000010);
    const subscriber = await bot(app, "getChatMember", { chat_id: chats.news.id, user_id: users.heidi.id });
    expect(subscriber.body.result).toMatchObject({ status: "member", until_date: 1798761600 });
    const channelAdmin = await bot(app, "getChatMember", { chat_id: chats.news.id, user_id: app.botId });
    expect(channelAdmin.body.result).toMatchObject({ status: "administrator", can_post_messages: true });
  });

  it("answers errors with {ok:false, error_code, description}", async () => {
    const app = setup();
    const { chats, users } = app.world.fixtures;
    const cases: [string, Record<string, string | number>, number, string][] = [
      ["getChatMember", { chat_id: chats.sandbox.id, user_id: 111 }, 400, "Bad Request: user not found"],
      ["getChatMember", { chat_id: "@nowhere", user_id: users.alice.id }, 400, "Bad Request: chat not found"],
      ["getChatMember", { user_id: users.alice.id }, 400, "Bad Request: chat_id is empty"],
      [
        "getChatMember",
        { chat_id: chats.sandbox.id, user_id: "alice" },
        400,
        "Bad Request: invalid user_id specified",
      ],
      [
        "getChatMember",
        { chat_id: chats.partner.id, user_id: users.alice.id },
        400,
        "Bad Request: member list is inaccessible",
      ],
      [
        "getChatMember",
        { chat_id: "@elsewhere_chat", user_id: users.ivan.id },
        403,
        "Forbidden: bot is not a member of the supergroup chat",
      ],
      ["sendMessage", {}, 404, "Not Found: method not found"],
    ];
    for (const [method, params, code, description] of cases) {
      const answer = await bot(app, method, params);
      expect([method, params, answer.status, answer.body]).toEqual([
        method,
        params,
        code,
        { ok: false, error_code: code, description },
      ]);
    }
    // The bot may always ask about itself.
    expect(
      (await bot(app, "getChatMember", { chat_id: chats.partner.id, user_id: app.botId })).body.result.status,
    ).toBe("member");
    const wrongToken = await bot(app, "getMe", {}, "123456789:wrong");
    expect([wrongToken.status, wrongToken.body]).toEqual([
      401,
      { ok: false, error_code: 401, description: "Unauthorized" },
    ]);
    expect((await bot(app, "getChat", { chat_id: chats.vip.id })).body.result).toMatchObject({
      id: -1002233445599,
      type: "supergroup",
      title: "Dropfair VIP",
    });
  });

  it("injects 429 with parameters.retry_after, 5xx and 200-with-ok:false", async () => {
    const app = setup();
    const { chats, users } = app.world.fixtures;
    const params = { chat_id: chats.sandbox.id, user_id: users.alice.id };
    app.faults.inject({ path: "/getChatMember", kind: "429", retryAfterSeconds: 7 });
    const limited = await bot(app, "getChatMember", params);
    expect([limited.status, limited.headers["retry-after"], limited.body]).toEqual([
      429,
      "7",
      {
        ok: false,
        error_code: 429,
        description: "Too Many Requests: retry after 7",
        parameters: { retry_after: 7 },
      },
    ]);
    app.faults.inject({ path: /getChatMember/i, kind: "5xx" });
    expect((await bot(app, "getchatmember", params)).status).toBe(502);
    app.faults.inject({ path: "/getChatMember", kind: "ok-false" });
    const quirk = await bot(app, "getChatMember", params);
    expect([quirk.status, quirk.body.ok]).toEqual([200, false]);
    expect((await bot(app, "getChatMember", params)).body.ok).toBe(true);
  });
});

describe("Telegram sandbox login page", () => {
  const loginUrl = (app: TelegramSandbox, overrides: Record<string, string> = {}) =>
    `/auth?${new URLSearchParams({ bot_id: String(app.botId), origin: "http://localhost:5173", return_to: returnTo, ...overrides })}`;

  it("shows sandbox users on a page without scripts, and refuses a wrong bot or domain", async () => {
    const app = setup({ loginDomains: ["localhost"] });
    const page = await app.inject({ url: loginUrl(app) });
    expect(page.statusCode).toBe(200);
    expect(String(page.headers["content-security-policy"])).toContain(
      "form-action 'self' http://localhost:5173",
    );
    expect(page.body).not.toMatch(/<script|style=|onclick=/i);
    expect(page.body).toContain('name="user_id" value="987654321"');
    expect(page.body).not.toContain(`name="user_id" value="${app.botId}"`);
    const refused: Record<string, string>[] = [
      { bot_id: "42" },
      { origin: "http://elsewhere.test" },
      { return_to: "javascript:alert(1)" },
      { origin: "http://evil.test", return_to: "http://evil.test/cb" },
    ];
    for (const overrides of refused) {
      expect((await app.inject({ url: loginUrl(app, overrides) })).statusCode).toBe(400);
    }
  });

  it("redirects back with the widget's fields, signed like the login test vector", async () => {
    const app = setup();
    const form = new URLSearchParams({
      bot_id: String(app.botId),
      origin: "http://localhost:5173",
      return_to: returnTo,
    });
    form.set("user_id", String(app.world.fixtures.users.alice.id));
    const answer = await app.inject({
      method: "POST",
      url: "/auth",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: form.toString(),
    });
    expect(answer.statusCode).toBe(302);
    const location = new URL(String(answer.headers.location));
    expect(`${location.origin}${location.pathname}`).toBe(returnTo);
    const fields = Object.fromEntries(location.searchParams);
    expect(fields).toEqual({
      id: "987654321",
      first_name: "Alice",
      last_name: "Example",
      username: "alice_ex",
      photo_url: "https://t.me/i/userpic/320/alice_ex.jpg",
      auth_date: "1700000000",
      hash: "4640046b0627f4df6fe97a057ca73733343ca7327b598a3cbbc575afed12ed30",
    });
    expect(telegramDataCheckString(fields)).toBe(
      "auth_date=1700000000\nfirst_name=Alice\nid=987654321\nlast_name=Example\nphoto_url=https://t.me/i/userpic/320/alice_ex.jpg\nusername=alice_ex",
    );
    // A user with only the required fields gets only those.
    expect(Object.keys(app.loginFields(app.world.fixtures.users.bob.id)).sort()).toEqual([
      "auth_date",
      "first_name",
      "hash",
      "id",
    ]);
    expect(signTelegramLogin(fields, "another:token")).not.toBe(fields.hash);
  });

  it("mounts under a prefix, with the control API", async () => {
    const host = Fastify();
    const state = createTelegramSandboxState({ clock: () => vectorAuthDate * 1000 });
    await host.register(telegramSandboxPlugin(state), { prefix: "/sandbox/telegram" });
    const page = await host.inject({
      url: `/sandbox/telegram/auth?bot_id=${state.botId}&return_to=${encodeURIComponent(returnTo)}`,
    });
    expect(page.body).toContain('action="/sandbox/telegram/auth"');
    const me = await host.inject({ url: `/sandbox/telegram/bot${state.botToken}/getMe` });
    expect(me.json().result.username).toBe("dropfair_sandbox_bot");
    const { chats, users } = state.world.fixtures;
    const set = await host.inject({
      method: "PUT",
      url: `/sandbox/telegram/_sandbox/chats/${chats.sandbox.id}/members/${users.ivan.id}`,
      payload: { status: "restricted", isMember: true },
    });
    expect(set.statusCode).toBe(204);
    const member = await host.inject({
      url: `/sandbox/telegram/bot${state.botToken}/getChatMember?chat_id=${chats.sandbox.id}&user_id=${users.ivan.id}`,
    });
    expect(member.json().result).toMatchObject({ status: "restricted", is_member: true });
    const login = await host.inject({
      method: "POST",
      url: "/sandbox/telegram/_sandbox/login",
      payload: { userId: users.alice.id },
    });
    expect(login.json().hash).toBe("4640046b0627f4df6fe97a057ca73733343ca7327b598a3cbbc575afed12ed30");
    await host.close();
  });
});
