// The check use case: a signed-in wallet user asks whether a mission is done. A mission done once stays done
// (no upstream call); a new completion, its EP credit and the referral hook commit in one transaction, and the
// unique keys make retried or concurrent checks credit once.
import type { DbWriter } from "@dropfair/db";
import type { Mission } from "@dropfair/schemas/missions";
import { creditPoints, missionSourceKind } from "../points/index.ts";
import { type CheckActor, verifyMission } from "./checks.ts";
import type { MissionsDependencies } from "./dependencies.ts";
import { missionErrors } from "./errors.ts";
import {
  findCompletion,
  findMissionWithCompletion,
  insertCompletion,
  type MissionRow,
} from "./repository.ts";
import { definitionOf, missionView } from "./views.ts";

export async function checkMission(
  dependencies: MissionsDependencies,
  actor: CheckActor,
  missionId: number,
  input: { tweetId?: string | undefined },
): Promise<{ mission: Mission; newlyCompleted: boolean }> {
  const { db } = dependencies;
  const found = await findMissionWithCompletion(db, missionId, actor.userId);
  if (!found) throw missionErrors.noData();
  const { mission: row, completion: done } = found;
  if (done) return { mission: missionView(row, done), newlyCompleted: false };

  const evidence = await verifyMission(dependencies, definitionOf(row), actor, input.tweetId);
  const recorded = await db.transaction(async (tx) => {
    const completion = await insertCompletion(tx, {
      userId: actor.userId,
      missionId: row.id,
      campaignId: row.campaignId,
      provider: evidence.provider,
      accountId: evidence.accountId,
      tweetId: evidence.tweetId,
      rewardEp: row.rewardEp,
      rewardTickets: row.rewardTickets,
      completedAt: dependencies.now(),
    });
    if (completion) await rewardCompletion(dependencies, tx, actor.userId, row);
    return completion;
  });
  if (recorded) return { mission: missionView(row, recorded), newlyCompleted: true };

  // Someone got there first: this user's concurrent check (done), or another completion holds the tweet.
  const existing = await findCompletion(db, actor.userId, row.id);
  if (existing) return { mission: missionView(row, existing), newlyCompleted: false };
  throw missionErrors.tweetAlreadyUsed();
}

async function rewardCompletion(
  dependencies: MissionsDependencies,
  tx: DbWriter,
  userId: number,
  mission: MissionRow,
): Promise<void> {
  if (mission.rewardEp > 0) {
    await creditPoints(tx, {
      userId,
      amount: mission.rewardEp,
      reason: mission.title || `mission ${mission.id}`,
      sourceKind: missionSourceKind,
      sourceId: String(mission.id),
    });
  }
  await dependencies.onMissionCompleted?.(tx, {
    userId,
    missionId: mission.id,
    campaignId: mission.campaignId,
  });
}
