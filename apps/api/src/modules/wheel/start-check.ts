// The check a game makes once at its start: each token or NFT prize's AirdropDistributor campaign must still hold
// the prize's funding on chain. A creator can refund a campaign before the campaign's own start, after naming it
// for a prize; a game whose funding is gone could not pay what its players win, so it goes to 10 error with the
// reason instead of opening its spins. The first spin request runs the check (so no spin comes before it) and the
// recorder's runs check the games nobody spins yet. Before any spin nothing is claimed, so the campaign is held
// to the same rule as when it was named.
import { wheelStatuses } from "@dropfair/schemas/wheel";
import { readDistributorCampaign } from "./chain.ts";
import type { WheelDependencies } from "./dependencies.ts";
import { fundingMismatch } from "./games.ts";
import * as repository from "./repository.ts";
import { allFunded, gameStatus, isFundable } from "./views.ts";

export type StartCheckDependencies = Pick<WheelDependencies, "db" | "chainClient" | "distributors" | "now">;

/** The `errorReason` of a game whose prize lost its funding: the prize and what no longer matches. */
export function fundingWithdrawnReason(prizeId: string, mismatch: string): string {
  return `fundingWithdrawn:${prizeId}:${mismatch}`;
}

/**
 * Runs the check for a game that has started and not run it yet; the reason it cannot run, or null. A chain that
 * does not answer throws (nothing is recorded: the next spin request or run checks again).
 */
export async function checkGameStart(
  dependencies: StartCheckDependencies,
  game: repository.GameRow,
  prizes: readonly repository.PrizeRow[],
): Promise<string | null> {
  const { db, now } = dependencies;
  if (game.startCheckedAt !== null || game.errorReason !== null) return game.errorReason;
  if (gameStatus(game, allFunded(prizes), now()) !== wheelStatuses.running) return null;
  let reason: string | null = null;
  const funded = prizes.filter((prize) => isFundable(prize) && prize.distributorCampaignId !== null);
  if (funded.length > 0) {
    const distributor = dependencies.distributors[game.chainId];
    const client = dependencies.chainClient(game.chainId);
    if (!distributor || !client) return null;
    const creator = await repository.creatorAddressOf(db, game.creatorUserId);
    for (const prize of funded) {
      const campaign = await readDistributorCampaign(
        client,
        distributor,
        BigInt(prize.distributorCampaignId!),
      );
      const mismatch = fundingMismatch(campaign, prize, game, creator);
      if (mismatch !== null) {
        reason = fundingWithdrawnReason(prize.prizeId, mismatch);
        break;
      }
    }
  }
  await repository.markStartChecked(db, game.id, now(), reason);
  return reason;
}

/** The recorder's part: every game of the chain that has started and not been checked; how many went to error. */
export async function checkStartedGames(
  dependencies: StartCheckDependencies,
  chainId: number,
): Promise<number> {
  let errors = 0;
  for (const game of await repository.gamesToCheckAtStart(dependencies.db, chainId, dependencies.now())) {
    const prizes = await repository.prizesOf(dependencies.db, game.id);
    if ((await checkGameStart(dependencies, game, prizes)) !== null) errors += 1;
  }
  return errors;
}
