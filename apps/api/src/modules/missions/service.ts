// The missions module's use cases behind one object: listing a campaign with the caller's state, checking a
// mission, and editing missions under a caller-given access rule.
import type { DbWriter } from "@dropfair/db";
import type { CampaignMissions } from "@dropfair/schemas/missions";
import type { Session } from "../../platform/auth.ts";
import { checkMission } from "./check.ts";
import type { CheckActor } from "./checks.ts";
import type { MissionsDependencies } from "./dependencies.ts";
import { missionErrors } from "./errors.ts";
import {
  type CampaignAccess,
  createMission,
  deleteMission,
  editMission,
  isPlatformAchievements,
  reorderMissions,
} from "./manage.ts";
import {
  type CampaignRow,
  completionsOf,
  countCompletions,
  ensureCampaign,
  existingMissionIds,
  findCampaign,
  findCampaignByReference,
  listMissions,
} from "./repository.ts";
import { campaignView, missionView } from "./views.ts";

export const platformAchievementTitle = "Achievements";

/** How many missions the user has completed (any campaign). */
export function completedMissionCount(db: DbWriter, userId: number): Promise<number> {
  return countCompletions(db, userId);
}

/** Which of these missions the user has completed (for other modules' rules: badges). */
export async function completedMissionIds(
  db: DbWriter,
  userId: number,
  missionIds: number[],
): Promise<number[]> {
  return (await completionsOf(db, userId, missionIds)).map((completion) => completion.missionId);
}

/** Which of these ids are missions that exist and are not deleted. */
export function liveMissionIds(db: DbWriter, missionIds: number[]): Promise<number[]> {
  return existingMissionIds(db, missionIds);
}

export { isPlatformAchievements };

export function createMissionsService(dependencies: MissionsDependencies) {
  const { db } = dependencies;

  async function describe(campaign: CampaignRow, userId: number | null): Promise<CampaignMissions> {
    const rows = await listMissions(db, campaign.id);
    const done =
      userId === null
        ? []
        : await completionsOf(
            db,
            userId,
            rows.map((row) => row.id),
          );
    const byMission = new Map(done.map((completion) => [completion.missionId, completion]));
    return {
      campaign: campaignView(campaign),
      missions: rows.map((row) => missionView(row, byMission.get(row.id))),
      completedCount: done.length,
    };
  }

  return {
    async campaign(campaignId: number, userId: number | null): Promise<CampaignMissions> {
      const campaign = await findCampaign(db, campaignId);
      if (!campaign) throw missionErrors.noData();
      return describe(campaign, userId);
    },

    /** The platform's achievement programme; 'data not initialized' until it exists. */
    async achievements(userId: number | null): Promise<CampaignMissions> {
      const campaign = await findCampaignByReference(db, "achievement", null);
      if (!campaign) throw missionErrors.dataNotInitialized();
      return describe(campaign, userId);
    },

    platformAchievementCampaign(): Promise<CampaignRow> {
      return ensureCampaign(db, {
        kind: "achievement",
        referenceId: null,
        ownerUserId: null,
        title: platformAchievementTitle,
      });
    },

    check: (actor: CheckActor, missionId: number, input: { tweetId?: string | undefined }) =>
      checkMission(dependencies, actor, missionId, input),

    create: (
      access: CampaignAccess,
      actor: Session,
      campaignId: number,
      body: Parameters<typeof createMission>[4],
    ) => createMission(dependencies, access, actor, campaignId, body),
    edit: (
      access: CampaignAccess,
      actor: Session,
      missionId: number,
      body: Parameters<typeof editMission>[4],
    ) => editMission(dependencies, access, actor, missionId, body),
    remove: (access: CampaignAccess, actor: Session, missionId: number) =>
      deleteMission(dependencies, access, actor, missionId),
    reorder: (access: CampaignAccess, actor: Session, campaignId: number, missionIds: number[]) =>
      reorderMissions(dependencies, access, actor, campaignId, missionIds),

    completedMissionCount: (userId: number) => countCompletions(db, userId),
  };
}

export type MissionsService = ReturnType<typeof createMissionsService>;
