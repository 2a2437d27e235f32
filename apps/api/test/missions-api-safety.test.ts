// The attacks on the missions API: 50 concurrent checks credit once (T13), rate limits (T11), who may edit
// missions (anonymous, non-admin, admin; audited), another user's state (T8), mass assignment (T9) and bad input
// that must never give a 500 (T12).
import { adminActions, eq, missionCompletions, missions } from "@dropfair/db";
import { typeCodes } from "@dropfair/schemas/envelope";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signIn } from "./helper.ts";
import {
  buildMissionsApp,
  check,
  completionRows,
  createMission,
  headers,
  ledgerRows,
  type MissionsContext,
  player,
} from "./missions-helper.ts";

let context: MissionsContext;

beforeAll(async () => {
  context = await buildMissionsApp();
});
afterAll(async () => {
  await context?.close();
});

const freshPost = () =>
  context.sandbox.world.publishPost({ authorId: context.sandbox.world.fixtures.users.host.id, text: "gm" })
    .id;

function call(
  method: "POST" | "PATCH" | "PUT" | "DELETE" | "GET",
  url: string,
  token?: string,
  payload?: unknown,
) {
  return context.app.inject({
    method,
    url: `/api/bounty/missions${url}`,
    headers: headers(token),
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

describe("double credit (T13)", () => {
  it("50 concurrent checks of one mission by one user: one completion, one ledger row", async () => {
    const postId = freshPost();
    const mission = await createMission(context, { kind: "x_retweet", parameters: { postId }, rewardEp: 25 });
    const who = await player(context, { x: true });
    context.sandbox.world.recordRetweet(postId, who.x!.id);
    const answers = await Promise.all(Array.from({ length: 50 }, () => check(context, mission, who)));
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(50).fill(200));
    expect(answers.filter((answer) => answer.json().content.newlyCompleted)).toHaveLength(1);
    expect(await completionRows(context, mission.id)).toHaveLength(1);
    const ledger = await ledgerRows(context, mission.id);
    expect(ledger.map((row) => [row.amount, row.sourceKind, row.sourceId])).toEqual([
      [25, "mission", String(mission.id)],
    ]);
  });
});

describe("rate limits (T11)", () => {
  it("a user gets 429 after the per-user limit; another user is not affected", async () => {
    const limited = await buildMissionsApp({ MISSION_CHECK_RATE_LIMIT_PER_MINUTE: "3" });
    try {
      const mission = await createMission(limited, { kind: "x_like", parameters: { postId: "1" } });
      const who = await player(limited);
      const statuses = [];
      for (let i = 0; i < 4; i++) statuses.push((await check(limited, mission, who)).statusCode);
      expect(statuses).toEqual([400, 400, 400, 429]);
      const blocked = await check(limited, mission, who, { language: "zh-cn" });
      expect(blocked.json()).toMatchObject({ typeCode: typeCodes.tooManyRequests });
      expect((await check(limited, mission, await player(limited))).statusCode).toBe(400);
    } finally {
      await limited.close();
    }
  });

  it("one IP gets 429 after the per-IP limit, whatever the user", async () => {
    const limited = await buildMissionsApp({ MISSION_CHECK_IP_RATE_LIMIT_PER_MINUTE: "2" });
    try {
      const mission = await createMission(limited, { kind: "x_like", parameters: { postId: "1" } });
      const statuses = [];
      for (let i = 0; i < 3; i++)
        statuses.push((await check(limited, mission, await player(limited))).statusCode);
      expect(statuses).toEqual([400, 400, 429]);
    } finally {
      await limited.close();
    }
  });
});

describe("editing the achievement missions: administrators only, audited (T10)", () => {
  it("anonymous 401, non-admin 403 and nothing changed, admin 200 with an audit row", async () => {
    const mission = await createMission(context, {
      kind: "x_like",
      parameters: { postId: freshPost() },
      rewardEp: 5,
    });
    const { token: stranger } = await signIn(context.app);
    const attempts = [
      ["POST", "/achievement/missions", { kind: "x_like", parameters: { postId: "5" } }],
      ["PATCH", `/${mission.id}`, { rewardEp: 999 }],
      ["PUT", "/achievement/order", { missionIds: [mission.id] }],
      ["DELETE", `/${mission.id}`, undefined],
    ] as const;
    for (const [method, url, body] of attempts) {
      const anonymous = await call(method, url, undefined, body);
      expect([anonymous.statusCode, anonymous.json().typeCode]).toEqual([401, typeCodes.unauthorized]);
      const forbidden = await call(method, url, stranger, body);
      expect([forbidden.statusCode, forbidden.json().typeCode]).toEqual([403, typeCodes.adminRequired]);
    }
    const [unchanged] = await context.database.db.select().from(missions).where(eq(missions.id, mission.id));
    expect(unchanged).toMatchObject({ rewardEp: 5, deletedAt: null });

    const edited = await call("PATCH", `/${mission.id}`, context.adminToken, {
      title: "Like our post",
      rewardEp: 15,
    });
    expect(edited.json().content).toMatchObject({ title: "Like our post", rewardEp: 15, kind: "x_like" });
    const deleted = await call("DELETE", `/${mission.id}`, context.adminToken);
    expect(deleted.statusCode).toBe(200);
    expect((await call("PATCH", `/${mission.id}`, context.adminToken, { rewardEp: 1 })).statusCode).toBe(404);
    const audit = await context.database.db
      .select()
      .from(adminActions)
      .where(eq(adminActions.targetId, String(mission.id)));
    expect(audit.map((row) => row.action).sort()).toEqual([
      "missions.create",
      "missions.delete",
      "missions.update",
    ]);
  });

  it("reorders with every live mission exactly once; an empty edit is 'empty content'", async () => {
    const list = (await call("GET", "/achievement", context.adminToken)).json().content.missions as {
      id: number;
    }[];
    const reversed = list.map((mission) => mission.id).reverse();
    const reordered = await call("PUT", "/achievement/order", context.adminToken, { missionIds: reversed });
    expect(reordered.json().content.map((mission: { id: number }) => mission.id)).toEqual(reversed);
    const after = (await call("GET", "/achievement"))
      .json()
      .content.missions.map((mission: { id: number }) => mission.id);
    expect(after).toEqual(reversed);
    const partial = await call("PUT", "/achievement/order", context.adminToken, {
      missionIds: reversed.slice(1),
    });
    expect(partial.statusCode).toBe(400);
    for (const [language, message] of [
      ["en-us", "The content is empty."],
      ["zh-cn", "内容为空。"],
    ] as const) {
      const empty = await context.app.inject({
        method: "PATCH",
        url: `/api/bounty/missions/${reversed[0]}`,
        headers: headers(context.adminToken, undefined, language),
        payload: {},
      });
      expect([empty.statusCode, empty.json()]).toEqual([
        400,
        { content: null, typeCode: typeCodes.missionEmptyContent, message },
      ]);
    }
  });
});

describe("another user's state (T8) and mass assignment (T9)", () => {
  it("a user sees only their own completions", async () => {
    const postId = freshPost();
    const mission = await createMission(context, { kind: "x_retweet", parameters: { postId } });
    const doer = await player(context, { x: true });
    context.sandbox.world.recordRetweet(postId, doer.x!.id);
    await check(context, mission, doer);
    const other = await player(context);
    const seen = (await call("GET", "/achievement", other.walletToken)).json().content;
    expect(seen.missions.find((item: { id: number }) => item.id === mission.id)).toMatchObject({
      state: "todo",
      completedAt: null,
    });
    const anonymous = (await call("GET", `/campaigns/${mission.campaignId}`)).json().content;
    expect(anonymous.completedCount).toBe(0);
  });

  it("extra fields in a check or a mission body are a 400 and change nothing", async () => {
    const mission = await createMission(context, { kind: "x_like", parameters: { postId: freshPost() } });
    const who = await player(context, { x: true });
    const forged = await check(context, mission, who, { body: { userId: 1, points: 1000, status: "done" } });
    expect(forged.statusCode).toBe(400);
    expect(await completionRows(context, mission.id)).toEqual([]);
    const created = await call("POST", "/achievement/missions", context.adminToken, {
      kind: "x_like",
      parameters: { postId: "7" },
      campaignId: 999,
      position: 1,
    });
    expect(created.statusCode).toBe(400);
    const edited = await call("PATCH", `/${mission.id}`, context.adminToken, {
      kind: "discord_join",
      state: "done",
    });
    expect(edited.statusCode).toBe(400);
    const wrongParameters = await call("PATCH", `/${mission.id}`, context.adminToken, {
      parameters: { guildId: "1" },
    });
    expect(wrongParameters.statusCode).toBe(400);
    const allMissions = () => context.database.db.select().from(missions).orderBy(missions.id);
    const positions = await allMissions();
    const reorder = await call("PUT", "/achievement/order", context.adminToken, {
      missionIds: positions.map((row) => row.id),
      campaignId: 999,
    });
    expect(reorder.statusCode).toBe(400);
    expect(await allMissions()).toEqual(positions);
    const rows = await context.database.db
      .select()
      .from(missionCompletions)
      .where(eq(missionCompletions.missionId, mission.id));
    expect(rows).toEqual([]);
  });
});

describe("bad input never gives a 500 (T12)", () => {
  it("control characters, huge ids, wrong types", async () => {
    const mission = await createMission(context, { kind: "x_tweet", parameters: { hashtag: "Dropfair" } });
    const who = await player(context, { x: true });
    const bodies = [
      { tweetId: "12\u0000" },
      { tweetId: "x".repeat(301) },
      { tweetId: 5 },
      { tweetId: ["1"] },
      { tweetId: "99999999999999999999999" },
    ];
    for (const body of bodies) {
      const response = await check(context, mission, who, { body });
      expect(response.statusCode).toBeGreaterThanOrEqual(400);
      expect(response.statusCode).toBeLessThan(500);
    }
    for (const url of [
      "/99999999999999999999999/check",
      "/-1/check",
      "/abc/check",
      "/1e3/check",
      "/%00/check",
    ]) {
      const response = await call("POST", url, who.walletToken, {});
      expect(response.statusCode).toBeGreaterThanOrEqual(400);
      expect(response.statusCode).toBeLessThan(500);
    }
    for (const payload of [
      { kind: "x_follow", parameters: { userId: "1", username: "bad name!" } },
      { kind: "x_tweet", parameters: {} },
      { kind: "telegram_join", parameters: { chatId: "@a", url: "javascript:alert(1)" } },
      { kind: "nope", parameters: {} },
      { kind: "x_like", parameters: { postId: "1" }, rewardEp: -5 },
      { kind: "x_like", parameters: { postId: "1" }, title: "\u202e\u200b" },
    ]) {
      const response = await call("POST", "/achievement/missions", context.adminToken, payload);
      expect(response.statusCode).toBe(400);
    }
  });
});
