// Sandbox mode: the platform's achievement programme with one mission of each kind against the sandboxes'
// fixtures, so a fresh `npm start` shows a working mission list. Runs once: a campaign with missions is left
// as it is.
import type { MissionCreateBody } from "@dropfair/schemas/missions";
import type { MissionsDependencies } from "./dependencies.ts";
import { insertMission, listMissions, lockCampaignForUpdate } from "./repository.ts";
import { createMissionsService } from "./service.ts";

export type SandboxMissionFixtures = {
  x: { hostId: string; hostUsername: string; recentPostId: string; partnerPostId: string };
  discord: { guildId: string; roleId: string; roleName: string };
  telegram: { chatUsername: string };
};

export function sandboxMissions(fixtures: SandboxMissionFixtures): MissionCreateBody[] {
  const { x, discord, telegram } = fixtures;
  const inviteUrl = "https://discord.gg/dropfair-sandbox";
  return [
    {
      kind: "x_follow",
      parameters: { userId: x.hostId, username: x.hostUsername },
      rewardEp: 20,
      rewardTickets: 0,
    },
    { kind: "x_retweet", parameters: { postId: x.recentPostId }, rewardEp: 30, rewardTickets: 1 },
    { kind: "x_like", parameters: { postId: x.recentPostId }, rewardEp: 10, rewardTickets: 0 },
    { kind: "x_quote", parameters: { postId: x.partnerPostId }, rewardEp: 30, rewardTickets: 1 },
    {
      kind: "x_tweet",
      parameters: { hashtag: "Dropfair", mention: x.hostUsername, minViews: 10 },
      rewardEp: 50,
      rewardTickets: 2,
    },
    {
      kind: "discord_join",
      parameters: { guildId: discord.guildId, inviteUrl },
      rewardEp: 20,
      rewardTickets: 0,
    },
    {
      kind: "discord_role",
      parameters: { guildId: discord.guildId, roleId: discord.roleId, roleName: discord.roleName, inviteUrl },
      rewardEp: 40,
      rewardTickets: 1,
    },
    {
      kind: "telegram_join",
      parameters: { chatId: `@${telegram.chatUsername}`, url: `https://t.me/${telegram.chatUsername}` },
      rewardEp: 20,
      rewardTickets: 0,
    },
  ];
}

export async function seedSandboxMissions(
  dependencies: MissionsDependencies,
  fixtures: SandboxMissionFixtures,
): Promise<void> {
  const campaign = await createMissionsService(dependencies).platformAchievementCampaign();
  await dependencies.db.transaction(async (tx) => {
    await lockCampaignForUpdate(tx, campaign.id);
    if ((await listMissions(tx, campaign.id)).length > 0) return;
    for (const mission of sandboxMissions(fixtures)) {
      await insertMission(tx, {
        campaignId: campaign.id,
        kind: mission.kind,
        parameters: mission.parameters as Record<string, unknown>,
        title: mission.title ?? "",
        rewardEp: mission.rewardEp,
        rewardTickets: mission.rewardTickets,
      });
    }
  });
}
