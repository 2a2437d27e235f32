// The Telegram login check and Bot API client against a real Telegram sandbox over HTTP.
import { createTelegramSandbox, type TelegramSandbox } from "@dropfair/sandbox/telegram";
import { afterEach, describe, expect, it } from "vitest";
import {
  buildTelegramLoginUrl,
  createTelegramBotClient,
  isTelegramMember,
  TelegramApiError,
  type TelegramBotClient,
  TelegramError,
  TelegramRateLimitError,
  telegramBotIdOf,
  verifyTelegramLogin,
} from "../src/telegram/index.ts";
import { createManualClock, type ManualClock } from "./helpers.ts";

const botToken = "123456789:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw";
/** The Telegram login test vector: Alice's widget fields, signed with the bot token above. */
const vector = {
  id: "987654321",
  first_name: "Alice",
  last_name: "Example",
  username: "alice_ex",
  photo_url: "https://t.me/i/userpic/320/alice_ex.jpg",
  auth_date: "1700000000",
  hash: "4640046b0627f4df6fe97a057ca73733343ca7327b598a3cbbc575afed12ed30",
};
const vectorTime = 1_700_000_000_000;
const returnTo = "http://127.0.0.1:5173/auth/telegram/st4te";

let running: TelegramSandbox | undefined;

afterEach(async () => {
  await running?.close();
  running = undefined;
});

type Harness = {
  sandbox: TelegramSandbox;
  url: string;
  clock: ManualClock;
  client: TelegramBotClient;
  statuses: number[];
};

async function setup(): Promise<Harness> {
  const clock = createManualClock(vectorTime);
  const sandbox = createTelegramSandbox({ clock: clock.now });
  const statuses: number[] = [];
  sandbox.addHook("onResponse", async (_request, reply) => {
    statuses.push(reply.statusCode);
  });
  await sandbox.listen({ port: 0, host: "127.0.0.1" });
  running = sandbox;
  const address = sandbox.server.address();
  const url = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
  const client = createTelegramBotClient({ apiBase: url, botToken: sandbox.botToken, clock });
  return { sandbox, url, clock, client, statuses };
}

describe("verifyTelegramLogin", () => {
  const at = { now: vectorTime + 60_000 };

  it("accepts the login test vector and returns the user", () => {
    expect(verifyTelegramLogin(vector, botToken, at)).toEqual({
      ok: true,
      user: {
        id: 987654321,
        first_name: "Alice",
        last_name: "Example",
        username: "alice_ex",
        photo_url: "https://t.me/i/userpic/320/alice_ex.jpg",
        auth_date: 1700000000,
      },
    });
    expect(verifyTelegramLogin(new URLSearchParams(vector), botToken, { now: new Date(vectorTime) }).ok).toBe(
      true,
    );
    expect(verifyTelegramLogin({ ...vector, hash: vector.hash.toUpperCase() }, botToken, at).ok).toBe(true);
  });

  it("refuses tampered, added, or dropped fields, another bot's token, and a malformed hash", () => {
    const failures: [Record<string, string>, string][] = [
      [{ ...vector, first_name: "Mallory" }, "bad-hash"],
      [{ ...vector, id: "987654322" }, "bad-hash"],
      [{ ...vector, auth_date: "1700000001" }, "bad-hash"],
      [{ ...vector, is_admin: "true" }, "bad-hash"],
      [Object.fromEntries(Object.entries(vector).filter(([key]) => key !== "username")), "bad-hash"],
      [{ ...vector, hash: "00" }, "bad-hash"],
      [{ ...vector, hash: "" }, "missing-fields"],
      [Object.fromEntries(Object.entries(vector).filter(([key]) => key !== "hash")), "missing-fields"],
      [Object.fromEntries(Object.entries(vector).filter(([key]) => key !== "first_name")), "missing-fields"],
    ];
    for (const [fields, reason] of failures) {
      expect([fields, verifyTelegramLogin(fields, botToken, at)]).toEqual([fields, { ok: false, reason }]);
    }
    expect(verifyTelegramLogin(vector, "123456789:another-token", at)).toEqual({
      ok: false,
      reason: "bad-hash",
    });
    const twice = new URLSearchParams(vector);
    twice.append("id", "1");
    expect(verifyTelegramLogin(twice, botToken, at)).toEqual({ ok: false, reason: "missing-fields" });
  });

  it("refuses a login older than maxAgeSeconds or from the future", () => {
    const hour = 3_600_000;
    expect(verifyTelegramLogin(vector, botToken, { now: vectorTime + hour }).ok).toBe(true);
    expect(verifyTelegramLogin(vector, botToken, { now: vectorTime + hour + 1000 })).toEqual({
      ok: false,
      reason: "too-old",
    });
    expect(
      verifyTelegramLogin(vector, botToken, { now: vectorTime + 2 * hour, maxAgeSeconds: 86_400 }).ok,
    ).toBe(true);
    expect(verifyTelegramLogin(vector, botToken, { now: vectorTime - 120_000 })).toEqual({
      ok: false,
      reason: "from-the-future",
    });
  });
});

describe("Telegram login against the sandbox", () => {
  it("verifies what the sandbox's login page hands back, and nothing once tampered", async () => {
    const { sandbox, url, clock } = await setup();
    const loginUrl = buildTelegramLoginUrl({
      loginBase: url,
      botId: telegramBotIdOf(sandbox.botToken),
      origin: "http://127.0.0.1:5173",
      returnTo,
      requestAccess: "write",
    });
    expect(loginUrl).toContain("/auth?bot_id=123456789&origin=http%3A%2F%2F127.0.0.1%3A5173&return_to=");
    const page = await fetch(loginUrl);
    expect(page.status).toBe(200);
    const form =
      /<form method="post" action="([^"]+)" aria-label="Choose an account">([\s\S]*?)<\/form>/.exec(
        await page.text(),
      );
    const fields = new URLSearchParams();
    for (const input of (form?.[2] ?? "").matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)) {
      fields.set(input[1] as string, (input[2] as string).replaceAll("&amp;", "&"));
    }
    fields.set("user_id", String(sandbox.world.fixtures.users.judy.id));
    clock.advance(30_000);
    const answer = await fetch(new URL(form?.[1] ?? "", loginUrl), {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: fields,
      redirect: "manual",
    });
    expect(answer.status).toBe(302);
    const back = new URL(answer.headers.get("location") ?? "");
    expect(`${back.origin}${back.pathname}`).toBe(returnTo);

    const result = verifyTelegramLogin(back.searchParams, sandbox.botToken, { now: clock.now() + 5000 });
    expect(result).toEqual({
      ok: true,
      user: {
        id: 7000000010,
        first_name: "Judy",
        last_name: "Ten Digits",
        username: "judy_big_id",
        photo_url: "https://t.me/i/userpic/320/judy_big_id.jpg",
        auth_date: 1700000030,
      },
    });
    back.searchParams.set("username", "someone_else");
    expect(verifyTelegramLogin(back.searchParams, sandbox.botToken, { now: clock.now() })).toEqual({
      ok: false,
      reason: "bad-hash",
    });
    expect(
      verifyTelegramLogin(sandbox.loginFields(sandbox.world.fixtures.users.bob.id), "1:wrong", {
        now: clock.now(),
      }),
    ).toEqual({ ok: false, reason: "bad-hash" });
  });
});

describe("Telegram Bot API client", () => {
  it("reads the bot and chat members of every status; isTelegramMember counts the right ones", async () => {
    const { sandbox, client } = await setup();
    expect(await client.getMe()).toMatchObject({
      id: 123456789,
      is_bot: true,
      username: "dropfair_sandbox_bot",
    });
    const { users, chats } = sandbox.world.fixtures;
    const expected: [keyof typeof users, string, boolean][] = [
      ["host", "creator", true],
      ["carol", "administrator", true],
      ["alice", "member", true],
      ["dave", "restricted", true],
      ["erin", "restricted", false],
      ["frank", "left", false],
      ["grace", "kicked", false],
      ["ivan", "left", false],
    ];
    for (const [key, status, member] of expected) {
      const chatMember = await client.getChatMember("@dropfair_sandbox", users[key].id);
      expect([key, chatMember?.status, isTelegramMember(chatMember)]).toEqual([key, status, member]);
    }
    expect(await client.getChatMember(chats.sandbox.id, 111)).toBeNull();
    expect(isTelegramMember(null)).toBe(false);
    expect(await client.getChat("@dropfair_news")).toMatchObject({ id: chats.news.id, type: "channel" });
  });

  it("throws typed errors, without the token in them", async () => {
    const { sandbox, url, client } = await setup();
    const { users, chats } = sandbox.world.fixtures;
    const missing = await client.getChatMember("@nowhere", users.alice.id).catch((e) => e);
    expect(missing).toBeInstanceOf(TelegramApiError);
    expect(missing).toMatchObject({
      errorCode: 400,
      description: "Bad Request: chat not found",
      isChatNotFound: true,
    });
    await expect(client.getChatMember(chats.partner.id, users.alice.id)).rejects.toMatchObject({
      description: "Bad Request: member list is inaccessible",
    });
    await expect(client.getChatMember(chats.elsewhere.id, users.ivan.id)).rejects.toMatchObject({
      status: 403,
      errorCode: 403,
    });

    const wrongToken = "123456789:not-the-token";
    const wrong = await createTelegramBotClient({ apiBase: url, botToken: wrongToken })
      .getMe()
      .catch((e) => e);
    expect(wrong).toBeInstanceOf(TelegramApiError);
    expect(wrong).toMatchObject({
      status: 401,
      errorCode: 401,
      description: "Unauthorized",
      method: "getMe",
    });
    expect(String(wrong.message)).not.toContain("not-the-token");
    expect(String(missing.message)).not.toContain(sandbox.botToken);
  });

  it("waits out a 429's retry_after (bounded), retries 5xx, and keys on ok rather than the HTTP status", async () => {
    const { sandbox, client, clock, statuses } = await setup();
    const { users, chats } = sandbox.world.fixtures;
    sandbox.faults.inject({ path: "/getChatMember", kind: "429", retryAfterSeconds: 5, times: 2 });
    expect((await client.getChatMember(chats.sandbox.id, users.alice.id))?.status).toBe("member");
    expect(clock.sleeps).toEqual([5000, 5000]);
    expect(statuses).toEqual([429, 429, 200]);

    sandbox.faults.inject({
      path: "/getChatMember",
      kind: "429",
      retryAfterSeconds: 1,
      times: Number.POSITIVE_INFINITY,
    });
    const limited = await client.getChatMember(chats.sandbox.id, users.alice.id).catch((e) => e);
    expect(limited).toBeInstanceOf(TelegramRateLimitError);
    expect(limited).toMatchObject({ kind: "rate-limited", retryAfterSeconds: 1, errorCode: 429 });
    sandbox.faults.clear();

    sandbox.faults.inject({ path: "/getChatMember", kind: "429", retryAfterSeconds: 3600 });
    await expect(client.getChatMember(chats.sandbox.id, users.alice.id)).rejects.toMatchObject({
      retryAfterSeconds: 3600,
    });

    clock.sleeps.length = 0;
    sandbox.faults.inject({ path: "/getMe", kind: "5xx", times: 2 });
    expect((await client.getMe()).id).toBe(123456789);
    expect(clock.sleeps).toEqual([500, 1000]);

    sandbox.faults.inject({
      path: "/getChatMember",
      kind: "ok-false",
      description: "Bad Request: chat not found",
    });
    await expect(client.getChatMember(chats.sandbox.id, users.alice.id)).rejects.toMatchObject({
      status: 200,
      errorCode: 400,
      isChatNotFound: true,
    });
    // Telegram's answer for an id that is no user at all: not a member, like "user not found".
    sandbox.faults.inject({
      path: "/getChatMember",
      kind: "ok-false",
      description: "Bad Request: PARTICIPANT_ID_INVALID",
    });
    expect(await client.getChatMember(chats.sandbox.id, 4_000_000_000)).toBeNull();
  });

  it("gives up on a server that never answers, with a timeout error", async () => {
    const hanging: typeof fetch = (_input, init) =>
      new Promise((_resolve, reject) => {
        init?.signal?.addEventListener("abort", () => reject(init.signal?.reason), { once: true });
      });
    const clock = createManualClock(vectorTime);
    const client = createTelegramBotClient({
      apiBase: "http://127.0.0.1:9",
      botToken,
      fetch: hanging,
      clock,
      timeoutMs: 30,
      retry: { maxServerRetries: 1 },
    });
    const error = await client.getMe().catch((e) => e);
    expect(error).toBeInstanceOf(TelegramError);
    expect(error).toMatchObject({ kind: "timeout" });
    expect(String(error.message)).not.toContain(botToken);
  });
});
