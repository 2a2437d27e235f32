// A lucky wheel game's missions: the game's campaign (kind `wheel`, referenced by the game id, owned by its
// creator) and the completions whose wheel tickets the game grants.
import type { DbWriter } from "@dropfair/db";
import { ensureCampaign, findCampaignByReference, ticketCompletionsOf } from "./repository.ts";

/** The game's mission campaign, made on first use. */
export function wheelCampaignFor(db: DbWriter, gameId: number, ownerUserId: number, title: string) {
  return ensureCampaign(db, { kind: "wheel", referenceId: String(gameId), ownerUserId, title });
}

export function findWheelCampaign(db: DbWriter, gameId: number) {
  return findCampaignByReference(db, "wheel", String(gameId));
}

/** Completions of the campaign's missions that reward tickets, for the given users. */
export function wheelTicketCompletions(db: DbWriter, campaignId: number, userIds: readonly number[]) {
  return ticketCompletionsOf(db, campaignId, userIds);
}
