// A participant's reload of their own metrics, at most once per 3 hours by the server's clock: their timeline in
// the campaign's window and their known tweets' metrics are read from X now, and the leaderboard is recomputed
// soon. Refused with the time left; an X failure changes nothing and does not use up the reload.
import type { TipsReload } from "@dropfair/schemas/tips";
import { tipsReloadIntervalSeconds, tipsStatuses } from "@dropfair/schemas/tips";
import { XError } from "@dropfair/social/x";
import { collectParticipant } from "./collection.ts";
import type { Actor, TipsDependencies } from "./dependencies.ts";
import { tipsErrors } from "./errors.ts";
import * as repository from "./repository.ts";

type Session = NonNullable<Actor>;

const intervalMs = tipsReloadIntervalSeconds * 1000;

/** The refusal with the time left, in whole hours and minutes (rounded up to the minute). */
function cooldown(leftMs: number) {
  const minutesLeft = Math.ceil(leftMs / 60_000);
  return tipsErrors.reloadCooldown(Math.floor(minutesLeft / 60), minutesLeft % 60, Math.ceil(leftMs / 1000));
}

export async function reloadOwnMetrics(
  dependencies: TipsDependencies,
  actor: Session,
  campaignId: number,
): Promise<TipsReload> {
  const { db, now } = dependencies;
  const campaign = await repository.findCampaign(db, campaignId);
  if (!campaign) throw tipsErrors.notFound();
  const own = await repository.participantOfUser(db, campaignId, actor.userId);
  if (!own) throw tipsErrors.notParticipant();
  if (own.bannedAt !== null) throw tipsErrors.banned();
  if (campaign.status !== tipsStatuses.running) throw tipsErrors.notRunning();
  // The marker is taken first, in a transaction on the participant's row, so concurrent reloads make one.
  const previous = await db.transaction(async (tx) => {
    const locked = (await repository.lockParticipant(tx, campaignId, own.xUserId))!;
    const at = now();
    if (locked.lastReloadAt !== null) {
      const left = locked.lastReloadAt.getTime() + intervalMs - at.getTime();
      if (left > 0) throw cooldown(left);
    }
    await repository.updateParticipant(tx, campaignId, own.xUserId, { lastReloadAt: at });
    return locked.lastReloadAt;
  });
  let tweets: number;
  try {
    tweets = await collectParticipant(dependencies, campaign, own.xUserId, dependencies.requestsPerRun);
  } catch (error) {
    await repository.updateParticipant(db, campaignId, own.xUserId, { lastReloadAt: previous });
    if (error instanceof XError) throw tipsErrors.xUnavailable(error);
    throw error;
  }
  await dependencies.refreshSoon(campaignId);
  const marker = await repository.participantOfUser(db, campaignId, actor.userId);
  return {
    tweets,
    reloadAvailableAt: new Date(marker!.lastReloadAt!.getTime() + intervalMs).toISOString(),
  };
}
