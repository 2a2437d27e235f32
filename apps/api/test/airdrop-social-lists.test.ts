// Telegram and Discord participant lists through the HTTP layer: ids checked with the bots (Discord everywhere,
// Telegram in the airdrop's chat), Discord usernames found in the airdrop's server, the report's unknown and
// unchecked lines, claims by the stored id after a rename, and upstream failures that store nothing.
import { airdropParticipants, eq } from "@dropfair/db";
import type { AirdropClaim, AirdropDetail, ParticipantReport } from "@dropfair/schemas/airdrop";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { airdropDraftBody } from "./builders.ts";
import { signIn } from "./helper.ts";
import { discordFixtures, linkDiscord } from "./social-helper.ts";
import { buildTestAppWithX, type XTestContext } from "./x-helper.ts";

let context: XTestContext;
let creatorToken: string;

/** The sandbox Telegram chat "Dropfair Sandbox", where our bot is an administrator. */
const telegramChat = "-1002233445566";
const telegramUsers = {
  alice: 987654321,
  bob: 700000002,
  carol: 700000003,
  frank: 700000006,
  grace: 700000007,
  ivan: 700000009,
} as const;

beforeAll(async () => {
  context = await buildTestAppWithX();
  creatorToken = (await signIn(context.app)).token;
});

afterEach(() => {
  context.discordSandbox.faults.clear();
  context.telegramSandbox.faults.clear();
});

afterAll(async () => {
  await context?.close();
});

type Envelope<T> = { content: T; typeCode: number; message: string };

async function call<T>(
  method: "GET" | "POST" | "PATCH" | "PUT",
  url: string,
  options: { token?: string; body?: Record<string, unknown>; text?: string; language?: string } = {},
) {
  const response = await context.app.inject({
    method,
    url: `/api/bounty/airdrop${url}`,
    headers: {
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...(options.text !== undefined ? { "content-type": "text/plain" } : {}),
      ...(options.language ? { "accept-language": options.language } : {}),
    },
    ...(options.text !== undefined ? { payload: options.text } : {}),
    ...(options.body !== undefined ? { payload: options.body } : {}),
  });
  return { status: response.statusCode, body: response.json() as Envelope<T> };
}

/** A draft that needs no chain: a Discord-role reward, or a token reward whose token is not chosen yet. */
async function createDraft(overrides: Record<string, unknown>): Promise<AirdropDetail> {
  const response = await call<AirdropDetail>("POST", "/", {
    token: creatorToken,
    body: airdropDraftBody(overrides),
  });
  expect(response.body.message).toBe("success");
  return response.body.content;
}

const discordRoleDraft = (overrides: Record<string, unknown> = {}) =>
  createDraft({
    idType: "discord",
    rewardType: "discord_role",
    discordGuildId: discordFixtures.guild,
    discordRoleId: discordFixtures.roles.airdropOg,
    ...overrides,
  });

function upload(id: number, text: string, language?: string) {
  return call<ParticipantReport>("PUT", `/${id}/participants`, {
    token: creatorToken,
    text,
    ...(language ? { language } : {}),
  });
}

async function stored(id: number) {
  const rows = await context.database.db
    .select()
    .from(airdropParticipants)
    .where(eq(airdropParticipants.airdropId, id))
    .orderBy(airdropParticipants.position);
  return rows.map((row) => [row.account, row.label]);
}

/** Arms a fault through the mounted sandbox's control API, as a test in another process would. */
async function armFault(provider: "discord" | "telegram", fault: Record<string, unknown>) {
  const response = await context.app.inject({
    method: "POST",
    url: `/sandbox/${provider}/_sandbox/faults`,
    payload: fault,
  });
  expect(response.statusCode).toBe(201);
}

describe("Discord lists without a server", () => {
  it("looks ids up with the bot, reports unknown ones by line, and keeps usernames unchecked without a server", async () => {
    const draft = await createDraft({ idType: "discord" });
    const report = await upload(
      draft.id,
      [
        discordFixtures.users.alice,
        "1000000000000000001",
        "sandbox_bob",
        discordFixtures.users.carol,
        discordFixtures.users.alice,
        "someone.else",
        context.discordSandbox.world.botUserId,
      ].join("\n"),
    );
    expect(report.body.content).toMatchObject({
      accepted: 4,
      unresolvedLines: [2, 7],
      unresolvedCount: 2,
      duplicateLines: [5],
      uncheckedCount: 2,
    });
    expect(await stored(draft.id)).toEqual([
      [discordFixtures.users.alice, "sandbox_alice"],
      ["sandbox_bob", "sandbox_bob"],
      [discordFixtures.users.carol, "sandbox_carol"],
      ["someone.else", "someone.else"],
    ]);
  });

  it("counts a person listed by username and by id once, without a server: the id's lookup names them", async () => {
    const draft = await createDraft({ idType: "discord" });
    const report = await upload(
      draft.id,
      [
        "Sandbox_Alice",
        discordFixtures.users.alice,
        discordFixtures.users.carol,
        "sandbox_carol",
        "sandbox_bob",
      ].join("\n"),
    );
    expect(report.body.content).toMatchObject({ accepted: 3, duplicateLines: [2, 4], uncheckedCount: 1 });
    expect(await stored(draft.id)).toEqual([
      [discordFixtures.users.alice, "sandbox_alice"],
      [discordFixtures.users.carol, "sandbox_carol"],
      ["sandbox_bob", "sandbox_bob"],
    ]);
  });

  it("keeps a username of digits as a username: only 17–20 digit snowflakes are looked up as ids", async () => {
    const draft = await createDraft({ idType: "discord" });
    const report = await upload(draft.id, ["1234", discordFixtures.users.alice].join("\n"));
    expect(report.status).toBe(200);
    expect(report.body.content).toMatchObject({ accepted: 2, unresolvedLines: [], uncheckedCount: 1 });
    expect(await stored(draft.id)).toEqual([
      ["1234", "1234"],
      [discordFixtures.users.alice, "sandbox_alice"],
    ]);
  });
});

describe("Discord lists in the airdrop's server", () => {
  it("finds usernames and checks ids in the airdrop's server, reporting people who are not in it", async () => {
    const draft = await discordRoleDraft();
    const heidi = context.discordSandbox.world.fixtures.users.heidi;
    const report = await upload(
      draft.id,
      [
        "Sandbox_Dave",
        discordFixtures.users.bob,
        heidi.id,
        "sandbox_heidi",
        "sandbox_da",
        "sandbox_erin,3",
      ].join("\n"),
    );
    expect(report.body.content).toMatchObject({
      accepted: 3,
      totalWeight: 5,
      unresolvedLines: [3, 4, 5],
      unresolvedCount: 3,
      uncheckedCount: 0,
    });
    const { users } = context.discordSandbox.world.fixtures;
    expect(await stored(draft.id)).toEqual([
      [users.dave.id, "sandbox_dave"],
      [discordFixtures.users.bob, "sandbox_bob"],
      [users.erin.id, "sandbox_erin"],
    ]);
    // A username and the id of the same member are one participant.
    const twice = await upload(draft.id, `sandbox_bob\n${discordFixtures.users.bob}`);
    expect(twice.body.content).toMatchObject({ accepted: 1, duplicateLines: [2] });
  });

  it("matches a participant who renamed after the upload by the stored id, and grants the role once", async () => {
    const draft = await discordRoleDraft();
    const { users } = context.discordSandbox.world.fixtures;
    expect((await upload(draft.id, "sandbox_grace")).body.content.accepted).toBe(1);
    await call("POST", `/${draft.id}/prepare`, { token: creatorToken });
    const released = await call<AirdropDetail>("POST", `/${draft.id}/release`, { token: creatorToken });
    expect(released.body.content.status).toBe(2);

    const renamed = await context.app.inject({
      method: "PATCH",
      url: `/sandbox/discord/_sandbox/users/${users.grace.id}`,
      payload: { username: "grace_renamed" },
    });
    expect(renamed.statusCode).toBe(204);
    const grace = await signIn(context.app);
    await linkDiscord(context.app, grace.token, users.grace.id);
    const claim = await call<AirdropClaim>("GET", `/${draft.id}/claim`, { token: grace.token });
    expect(claim.body.content).toMatchObject({ eligible: true, claimState: 0, account: "sandbox_grace" });
    const granted = await call<AirdropClaim>("POST", `/${draft.id}/discord-role`, { token: grace.token });
    expect(granted.body.content).toMatchObject({ eligible: true, claimState: 1 });
    expect(
      context.discordSandbox.world
        .member(discordFixtures.guild, users.grace.id)
        ?.roles.has(discordFixtures.roles.airdropOg),
    ).toBe(true);

    // Someone who took the old username is not the listed person.
    context.discordSandbox.world.rename(users.judy.id, "sandbox_grace");
    context.discordSandbox.world.join(discordFixtures.guild, users.judy.id);
    const judy = await signIn(context.app);
    await linkDiscord(context.app, judy.token, users.judy.id);
    const impostor = await call<AirdropClaim>("POST", `/${draft.id}/discord-role`, { token: judy.token });
    expect(impostor.body.content.eligible).toBe(false);
  });

  it("refuses a list for a server the bot cannot see, clearly and in both languages", async () => {
    const hidden = context.discordSandbox.world.fixtures.guilds.elsewhere.id;
    const draft = await discordRoleDraft({ discordGuildId: hidden });
    const english = await upload(draft.id, "sandbox_alice");
    expect(english.status).toBe(400);
    expect(english.body.message).toContain("Our bot cannot see this Discord server");
    const chinese = await upload(draft.id, "sandbox_alice", "zh-cn");
    expect(chinese.body.message).toContain("我们的机器人无法访问该 Discord 服务器");
    const detail = await call<AirdropDetail>("GET", `/${draft.id}`, { token: creatorToken });
    expect(detail.body.content.participantCount).toBe(0);
  });

  it("waits out Discord's 429s and finishes the check", async () => {
    const draft = await discordRoleDraft();
    await armFault("discord", { path: "/members/search$", kind: "429", retryAfterSeconds: 0.3, times: 2 });
    const started = Date.now();
    const report = await upload(draft.id, `sandbox_alice\n${discordFixtures.users.carol}`);
    expect(report.body.content).toMatchObject({ accepted: 2, unresolvedCount: 0 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(600);
    expect(context.discordSandbox.faults.log.filter((fired) => fired.kind === "429")).toHaveLength(2);
  });

  it("fails the whole upload when Discord keeps answering 5xx, and keeps the previous list", async () => {
    const draft = await discordRoleDraft();
    expect((await upload(draft.id, "sandbox_alice")).body.content.accepted).toBe(1);
    await armFault("discord", { path: "/members/", kind: "5xx", status: 502, times: "Infinity" });
    const failed = await upload(draft.id, `sandbox_bob\n${discordFixtures.users.carol}`);
    expect(failed.status).toBe(503);
    expect(failed.body.message).toBe("Discord could not be reached, please try again later.");
    const chinese = await upload(draft.id, "sandbox_bob", "zh-cn");
    expect(chinese.body.message).toBe("无法连接 Discord，请稍后再试。");
    expect(await stored(draft.id)).toEqual([[discordFixtures.users.alice, "sandbox_alice"]]);
    const detail = await call<AirdropDetail>("GET", `/${draft.id}`, { token: creatorToken });
    expect(detail.body.content.participantCount).toBe(1);
  });
});

describe("Telegram lists", () => {
  it("checks ids in the airdrop's chat, reporting unknown and departed users, and keeps usernames unchecked", async () => {
    const draft = await createDraft({ idType: "telegram", telegramChatId: telegramChat });
    expect(draft.telegramChatId).toBe(telegramChat);
    const report = await upload(
      draft.id,
      [
        telegramUsers.alice,
        111,
        telegramUsers.frank,
        telegramUsers.grace,
        "@Some_Fan",
        telegramUsers.carol,
        telegramUsers.bob,
        telegramUsers.ivan,
      ].join("\n"),
    );
    expect(report.body.content).toMatchObject({
      accepted: 4,
      unresolvedLines: [2, 3, 4, 8],
      unresolvedCount: 4,
      uncheckedCount: 1,
    });
    expect(await stored(draft.id)).toEqual([
      [String(telegramUsers.alice), "@alice_ex"],
      ["some_fan", "Some_Fan"],
      [String(telegramUsers.carol), "@carol_admin"],
      [String(telegramUsers.bob), String(telegramUsers.bob)],
    ]);
  });

  it("counts a member listed by @username and by id once: the id's check in the chat names them", async () => {
    const draft = await createDraft({ idType: "telegram", telegramChatId: telegramChat });
    const report = await upload(draft.id, ["@ALICE_EX,2", telegramUsers.alice, "@some_fan"].join("\n"));
    expect(report.body.content).toMatchObject({
      accepted: 2,
      totalWeight: 3,
      duplicateLines: [2],
      uncheckedCount: 1,
    });
    expect(await stored(draft.id)).toEqual([
      [String(telegramUsers.alice), "@alice_ex"],
      ["some_fan", "some_fan"],
    ]);
  });

  it("accepts a chat by @username and leaves every line unchecked when the airdrop names no chat", async () => {
    const named = await createDraft({ idType: "telegram", telegramChatId: "@dropfair_sandbox" });
    expect((await upload(named.id, `${telegramUsers.alice}\n111`)).body.content).toMatchObject({
      accepted: 1,
      unresolvedLines: [2],
    });
    const open = await createDraft({ idType: "telegram" });
    const report = await upload(open.id, `${telegramUsers.alice}\n111\nalice_ex`);
    expect(report.body.content).toMatchObject({ accepted: 3, unresolvedCount: 0, uncheckedCount: 3 });
    const bad = await call("PATCH", `/${open.id}`, { token: creatorToken, body: { telegramChatId: "chat" } });
    expect(bad.status).toBe(400);
  });

  it("refuses a chat whose members the bot cannot see", async () => {
    const draft = await createDraft({ idType: "telegram", telegramChatId: "@partner_labs_channel" });
    const refused = await upload(draft.id, String(telegramUsers.alice));
    expect(refused.status).toBe(400);
    expect(refused.body.message).toContain("Our bot cannot see the members of this Telegram chat");
  });

  it("waits out a 429, and fails the upload with a clear error when Telegram keeps failing", async () => {
    const draft = await createDraft({ idType: "telegram", telegramChatId: telegramChat });
    await armFault("telegram", { path: "/getChatMember", kind: "429", retryAfterSeconds: 1 });
    const started = Date.now();
    const waited = await upload(draft.id, `${telegramUsers.alice}\n${telegramUsers.carol}`);
    expect(waited.body.content).toMatchObject({ accepted: 2 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(1000);

    await armFault("telegram", { path: "/getChatMember", kind: "5xx", status: 500, times: "Infinity" });
    const failed = await upload(draft.id, String(telegramUsers.bob));
    expect(failed.status).toBe(503);
    expect(failed.body.message).toBe(
      "Telegram could not be reached to check the accounts, please try again later.",
    );
    const chinese = await upload(draft.id, String(telegramUsers.bob), "zh-cn");
    expect(chinese.body.message).toBe("无法连接 Telegram 校验账户，请稍后再试。");
    expect(await stored(draft.id)).toEqual([
      [String(telegramUsers.alice), "@alice_ex"],
      [String(telegramUsers.carol), "@carol_admin"],
    ]);
  });
});
