// Discord and Telegram missions through HTTP against the mounted sandboxes, and every upstream being down:
// a retryable 424 with Retry-After (never a false failure, never a 5xx) and no completion written.
import { typeCodes } from "@dropfair/schemas/envelope";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  buildMissionsApp,
  check,
  completionRows,
  createMission,
  expectFailure,
  type MissionsContext,
  player,
} from "./missions-helper.ts";
import { discordFixtures, telegramFixtures } from "./social-helper.ts";

let context: MissionsContext;

beforeAll(async () => {
  context = await buildMissionsApp();
});
afterAll(async () => {
  await context?.close();
});
afterEach(() => {
  context.sandbox.faults.clear();
  context.discordSandbox.faults.clear();
  context.telegramSandbox.faults.clear();
});

const inviteUrl = "https://discord.gg/dropfair-sandbox";
const discordUsers = { ...discordFixtures.users, judy: "1345032762163331182", dave: "942853953945731176" };
const telegramUsers = { ...telegramFixtures, frank: 700000006, grace: 700000007 };

const joinDiscord = () =>
  createMission(context, {
    kind: "discord_join",
    parameters: { guildId: discordFixtures.guild, inviteUrl },
    rewardEp: 20,
  });
const haveRole = () =>
  createMission(context, {
    kind: "discord_role",
    parameters: {
      guildId: discordFixtures.guild,
      roleId: discordFixtures.roles.airdropOg,
      roleName: "Airdrop OG",
      inviteUrl,
    },
    rewardEp: 40,
  });
const joinTelegram = () =>
  createMission(context, {
    kind: "telegram_join",
    parameters: { chatId: "@dropfair_sandbox", url: "https://t.me/dropfair_sandbox" },
    rewardEp: 20,
  });

describe("Discord missions", () => {
  it("joined server: a member succeeds, someone in no guild gets 'Discord not joined'", async () => {
    const mission = await joinDiscord();
    const member = await player(context, { discord: discordUsers.carol });
    const done = await check(context, mission, member);
    expect(done.statusCode).toBe(200);
    expect((await completionRows(context, mission.id))[0]).toMatchObject({
      provider: "discord",
      accountId: discordUsers.carol,
    });
    await expectFailure(context, mission, await player(context, { discord: discordUsers.judy }), {
      status: 400,
      typeCode: typeCodes.missionDiscordNotJoined,
      en: "You have not joined the Discord server yet.",
      cn: "您尚未加入该 Discord 服务器。",
    });
  });

  it("has role: the role holder succeeds, a member without it gets 'wrong Discord role'", async () => {
    const mission = await haveRole();
    const holder = await player(context, { discord: discordUsers.alice });
    expect((await check(context, mission, holder)).json().content.mission.state).toBe("done");
    await expectFailure(context, mission, await player(context, { discord: discordUsers.bob }), {
      status: 400,
      typeCode: typeCodes.missionDiscordWrongRole,
      en: "You do not have the required Discord role.",
      cn: "您没有所需的 Discord 身份组。",
    });
  });

  it("needs a bound Discord account", async () => {
    await expectFailure(context, await joinDiscord(), await player(context), {
      status: 400,
      typeCode: typeCodes.missionBindDiscordFirst,
      en: "Please bind your Discord account first.",
      cn: "请先绑定您的 Discord 账号。",
    });
  });
});

describe("Telegram missions", () => {
  it("a member succeeds; left, banned and unbound users do not", async () => {
    const mission = await joinTelegram();
    const alice = await player(context, { telegram: telegramUsers.alice });
    expect((await check(context, mission, alice)).json().content.mission.state).toBe("done");
    const notJoined = {
      status: 400,
      typeCode: typeCodes.missionTelegramNotJoined,
      en: "You have not joined the Telegram group yet.",
      cn: "您尚未加入该 Telegram 群组。",
    };
    await expectFailure(
      context,
      mission,
      await player(context, { telegram: telegramUsers.frank }),
      notJoined,
    );
    await expectFailure(
      context,
      mission,
      await player(context, { telegram: telegramUsers.grace }),
      notJoined,
    );
    await expectFailure(context, mission, await player(context), {
      status: 400,
      typeCode: typeCodes.missionBindTelegramFirst,
      en: "Please bind your Telegram account first.",
      cn: "请先绑定您的 Telegram 账号。",
    });
  });
});

describe("an upstream that is down", () => {
  async function expectRetryable(
    mission: { id: number },
    who: Awaited<ReturnType<typeof player>>,
    upstream: string,
    cn: string,
  ) {
    for (const [language, message] of [
      [
        "en-us",
        `We could not reach ${upstream} to check this mission. Nothing was decided; please try again in a moment.`,
      ],
      ["zh-cn", cn],
    ] as const) {
      const response = await check(context, mission, who, { language });
      expect(response.statusCode).toBe(424);
      expect(response.headers["retry-after"]).toBe("5");
      expect(response.json()).toEqual({
        content: null,
        typeCode: typeCodes.missionUpstreamUnavailable,
        message,
      });
    }
    expect(await completionRows(context, mission.id)).toEqual([]);
  }

  it("X answering 503: retryable, nothing recorded", async () => {
    const postId = context.sandbox.world.publishPost({
      authorId: context.sandbox.world.fixtures.users.host.id,
      text: "gm",
    }).id;
    const mission = await createMission(context, { kind: "x_retweet", parameters: { postId } });
    const who = await player(context, { x: true });
    context.sandbox.world.recordRetweet(postId, who.x!.id);
    context.sandbox.faults.inject({
      path: /retweeted_by/,
      kind: "5xx",
      status: 503,
      times: Number.POSITIVE_INFINITY,
    });
    await expectRetryable(mission, who, "X", "暂时无法连接 X 校验该任务，结果未作判定，请稍后重试。");
    context.sandbox.faults.clear();
    expect((await check(context, mission, who)).json().content.mission.state).toBe("done");
  });

  it("Discord answering 502: retryable, nothing recorded", async () => {
    const mission = await joinDiscord();
    const who = await player(context, { discord: discordUsers.dave });
    context.discordSandbox.faults.inject({
      path: /\/members\//,
      kind: "5xx",
      status: 502,
      times: Number.POSITIVE_INFINITY,
    });
    await expectRetryable(
      mission,
      who,
      "Discord",
      "暂时无法连接 Discord 校验该任务，结果未作判定，请稍后重试。",
    );
  });

  it("Telegram answering 502: retryable, nothing recorded", async () => {
    const mission = await joinTelegram();
    const who = await player(context, { telegram: telegramUsers.carol });
    context.telegramSandbox.faults.inject({
      path: "/getChatMember",
      kind: "5xx",
      status: 502,
      times: Number.POSITIVE_INFINITY,
    });
    await expectRetryable(
      mission,
      who,
      "Telegram",
      "暂时无法连接 Telegram 校验该任务，结果未作判定，请稍后重试。",
    );
  });
});
