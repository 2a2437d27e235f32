// A tips campaign's join missions: the campaign's mission campaign (kind `tips`, referenced by the campaign id,
// owned by its creator) and whether a user finished all of them.
import type { DbWriter } from "@dropfair/db";
import { completionsOf, ensureCampaign, findCampaignByReference, listMissions } from "./repository.ts";

/** The tips campaign's mission campaign, made on first use. */
export function tipsCampaignFor(db: DbWriter, campaignId: number, ownerUserId: number, title: string) {
  return ensureCampaign(db, { kind: "tips", referenceId: String(campaignId), ownerUserId, title });
}

export function findTipsCampaign(db: DbWriter, campaignId: number) {
  return findCampaignByReference(db, "tips", String(campaignId));
}

/** Whether the user completed every live mission of the mission campaign (true when it has none). */
export async function allTipsMissionsDone(
  db: DbWriter,
  missionCampaignId: number,
  userId: number,
): Promise<boolean> {
  const missionIds = (await listMissions(db, missionCampaignId)).map((mission) => mission.id);
  if (missionIds.length === 0) return true;
  const done = await completionsOf(db, userId, missionIds);
  return new Set(done.map((completion) => completion.missionId)).size === missionIds.length;
}
