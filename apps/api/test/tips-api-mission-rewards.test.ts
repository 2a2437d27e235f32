// EP is the platform's currency (T9, mass assignment): a tips campaign's join missions reward nothing, so its
// creator's `rewardEp` > 0 is a 400 in English and Chinese and writes no mission and no ledger row. Tips
// campaigns are users' campaigns: an administrator who makes one is refused the same.
import { and, count, eq, missionCampaigns, missions, pointsLedger } from "@dropfair/db";
import type { Mission } from "@dropfair/schemas/missions";
import { describe, expect, it } from "vitest";
import { adminToken, call, context, createCampaign, creatorToken, useTipsApi } from "./tips-helper.ts";

useTipsApi();

const telegramMission = (rewardEp: number) => ({
  kind: "telegram_join",
  title: "Join us",
  parameters: { chatId: "@dropfair_sandbox", url: "https://t.me/dropfair_sandbox" },
  rewardEp,
});

async function missionRowsOf(campaignId: number) {
  return context.database.db
    .select({ id: missions.id, rewardEp: missions.rewardEp })
    .from(missions)
    .innerJoin(missionCampaigns, eq(missionCampaigns.id, missions.campaignId))
    .where(and(eq(missionCampaigns.kind, "tips"), eq(missionCampaigns.referenceId, String(campaignId))));
}

async function ledgerCount() {
  const [row] = await context.database.db.select({ value: count() }).from(pointsLedger);
  return row!.value;
}

async function expectEpRefused(campaignId: number, token: string) {
  for (const [language, message] of [
    ["en-us", "Only the platform's own campaigns can reward points: set rewardEp to 0."],
    ["zh-cn", "只有平台官方活动可以奖励积分：请将 rewardEp 设为 0。"],
  ] as const) {
    const response = await call("POST", `/campaigns/${campaignId}/missions`, {
      token,
      body: telegramMission(1_000_000),
      headers: { "accept-language": language },
    });
    expect({
      status: response.status,
      typeCode: response.body.typeCode,
      message: response.body.message,
    }).toEqual({ status: 400, typeCode: 400, message });
  }
}

describe("POST /campaigns/{id}/missions with an EP reward", () => {
  it("the creator: 400 (en and cn), no mission row and no ledger row; without EP it is added", async () => {
    const campaign = await createCampaign();
    const ledgerBefore = await ledgerCount();
    await expectEpRefused(campaign.id, creatorToken);
    expect(await missionRowsOf(campaign.id)).toEqual([]);
    expect(await ledgerCount()).toBe(ledgerBefore);
    const plain = await call<Mission>("POST", `/campaigns/${campaign.id}/missions`, {
      token: creatorToken,
      body: telegramMission(0),
    });
    expect(plain.status).toBe(200);
    expect(await missionRowsOf(campaign.id)).toEqual([{ id: plain.body.content.id, rewardEp: 0 }]);
  });

  it("an administrator's own tips campaign: 400 as well, nothing written", async () => {
    const campaign = await createCampaign({}, adminToken);
    await expectEpRefused(campaign.id, adminToken);
    expect(await missionRowsOf(campaign.id)).toEqual([]);
  });
});
