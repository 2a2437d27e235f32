// EP is the platform's currency (T9, mass assignment): the add-mission route takes the shared mission body, but a
// game a wallet made for itself may reward its own tickets only. Its owner's `rewardEp` > 0 is a 400 in English
// and Chinese and writes no mission; administrators may give EP on partner games (the platform's own), and not
// on a creator's game, not even one they made themselves.
import { and, count, eq, missionCampaigns, missions, pointsLedger } from "@dropfair/db";
import type { Mission } from "@dropfair/schemas/missions";
import { describe, expect, it } from "vitest";
import { adminToken, call, context, createGame, creatorToken, useWheelApi } from "./wheel-helper.ts";

useWheelApi();

const telegramMission = (rewards: { rewardEp?: number; rewardTickets?: number }) => ({
  kind: "telegram_join",
  title: "Join us",
  parameters: { chatId: "@dropfair_sandbox", url: "https://t.me/dropfair_sandbox" },
  ...rewards,
});

const epRefused = {
  en: {
    status: 400,
    typeCode: 400,
    message: "Only the platform's own campaigns can reward points: set rewardEp to 0.",
  },
  cn: { status: 400, typeCode: 400, message: "只有平台官方活动可以奖励积分：请将 rewardEp 设为 0。" },
};

/** The game's missions as stored (live or not). */
async function missionRowsOf(gameId: number) {
  return context.database.db
    .select({ id: missions.id, rewardEp: missions.rewardEp, rewardTickets: missions.rewardTickets })
    .from(missions)
    .innerJoin(missionCampaigns, eq(missionCampaigns.id, missions.campaignId))
    .where(and(eq(missionCampaigns.kind, "wheel"), eq(missionCampaigns.referenceId, String(gameId))));
}

async function ledgerCount() {
  const [row] = await context.database.db.select({ value: count() }).from(pointsLedger);
  return row!.value;
}

async function expectEpRefused(gameId: number, token: string) {
  for (const [language, expected] of [
    ["en-us", epRefused.en],
    ["zh-cn", epRefused.cn],
  ] as const) {
    const response = await call("POST", `/games/${gameId}/missions`, {
      token,
      body: telegramMission({ rewardEp: 1_000_000, rewardTickets: 1 }),
      headers: { "accept-language": language },
    });
    expect({
      status: response.status,
      typeCode: response.body.typeCode,
      message: response.body.message,
    }).toEqual(expected);
  }
}

describe("POST /games/{id}/missions with an EP reward", () => {
  it("the owner of a game they made: 400 (en and cn), no mission row and no ledger row", async () => {
    const game = await createGame();
    const ledgerBefore = await ledgerCount();
    await expectEpRefused(game.id, creatorToken);
    expect(await missionRowsOf(game.id)).toEqual([]);
    expect(await ledgerCount()).toBe(ledgerBefore);
    // The same mission with tickets only is the game's to give.
    const tickets = await call<Mission>("POST", `/games/${game.id}/missions`, {
      token: creatorToken,
      body: telegramMission({ rewardEp: 0, rewardTickets: 3 }),
    });
    expect(tickets.status).toBe(200);
    expect(await missionRowsOf(game.id)).toEqual([
      { id: tickets.body.content.id, rewardEp: 0, rewardTickets: 3 },
    ]);
  });

  it("an administrator on a creator's game, even their own non-partner game: 400, nothing written", async () => {
    const game = await createGame({}, adminToken);
    await expectEpRefused(game.id, adminToken);
    expect(await missionRowsOf(game.id)).toEqual([]);
  });

  it("an administrator on a partner game (the platform's own): the EP mission is created", async () => {
    const game = await createGame({ partnerSlug: "orbit" }, adminToken);
    const created = await call<Mission>("POST", `/games/${game.id}/missions`, {
      token: adminToken,
      body: telegramMission({ rewardEp: 40, rewardTickets: 1 }),
    });
    expect(created.status).toBe(200);
    expect(created.body.content).toMatchObject({ rewardEp: 40, rewardTickets: 1 });
    expect(await missionRowsOf(game.id)).toEqual([
      { id: created.body.content.id, rewardEp: 40, rewardTickets: 1 },
    ]);
  });
});
