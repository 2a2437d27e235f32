// The wheel's use cases behind one object, and the missions of a game, edited by its managers through the missions
// module with an access rule of our own.
import type { MissionCreateBody } from "@dropfair/schemas/missions";
import type { WheelDrawsQuery } from "@dropfair/schemas/wheel";
import type { Hex } from "viem";
import type { MissionsService } from "../missions/index.ts";
import { claimsOf, reportClaimTransaction, requestClaim } from "./claims.ts";
import type { Actor, WheelDependencies } from "./dependencies.ts";
import { wheelErrors } from "./errors.ts";
import { gameFileOf } from "./game-file.ts";
import { canManage, closeGame, createGame, fundPrize, gameDetail, listGames } from "./games.ts";
import { recordChain } from "./record.ts";
import * as repository from "./repository.ts";
import { drawRecordsOf, reportSpinTransaction, requestSpin, spinOf } from "./spins.ts";
import { grantTickets, ticketsOf } from "./tickets.ts";

type Session = NonNullable<Actor>;

export function createWheelService(dependencies: WheelDependencies, missions?: MissionsService) {
  /**
   * Managers of the game edit its missions (checked before, with the game loaded: the missions module asks inside
   * its own transaction, where nothing else may be read). A partner game (made by administrators) is one of the
   * platform's own campaigns, so administrators may give its missions EP; a creator's game may not.
   */
  const missionAccess = (game: { id: number; partnerSlug: string | null }) => ({
    authorize: (_actor: Session, campaign: { kind: string; referenceId: string | null }) =>
      campaign.kind === "wheel" && campaign.referenceId === String(game.id),
    platformCampaign: () => game.partnerSlug !== null,
  });
  const missionsOf = () => {
    if (!missions) throw new Error("the wheel service was built without the missions service");
    return missions;
  };

  return {
    list: (actor: Actor, query: Parameters<typeof listGames>[2]) => listGames(dependencies, actor, query),
    create: (actor: Session, input: Parameters<typeof createGame>[2]) =>
      createGame(dependencies, actor, input),
    detail: (actor: Actor, gameId: number) => gameDetail(dependencies, actor, gameId),
    close: (actor: Session, gameId: number) => closeGame(dependencies, actor, gameId),
    fund: (actor: Session, gameId: number, prizeId: string, campaignId: bigint) =>
      fundPrize(dependencies, actor, gameId, prizeId, campaignId),
    tickets: (actor: Session, gameId: number) => ticketsOf(dependencies, actor, gameId),
    grant: (actor: Session, gameId: number, body: Parameters<typeof grantTickets>[3]) =>
      grantTickets(dependencies, actor, gameId, body),
    spin: (actor: Session, gameId: number) => requestSpin(dependencies, actor, gameId),
    reportSpin: (actor: Session, gameId: number, spinId: number, txHash: Hex) =>
      reportSpinTransaction(dependencies, actor, gameId, spinId, txHash),
    spinOf: (actor: Session, gameId: number, spinId: number) => spinOf(dependencies, actor, gameId, spinId),
    draws: (actor: Actor, gameId: number, page: WheelDrawsQuery) =>
      drawRecordsOf(dependencies, actor, gameId, page),
    claims: (actor: Session, gameId: number) => claimsOf(dependencies, actor, gameId),
    claim: (actor: Session, gameId: number, prizeId: string) =>
      requestClaim(dependencies, actor, gameId, prizeId),
    reportClaim: (actor: Session, gameId: number, claimId: number, txHash: Hex) =>
      reportClaimTransaction(dependencies, actor, gameId, claimId, txHash),
    gameFile: (gameId: number) => gameFileOf(dependencies, gameId),
    /** The spin recorder over one chain (the job runs it; tests call it). */
    recordChain: (chainId: number) => recordChain(dependencies, chainId),

    async addMission(actor: Session, gameId: number, body: MissionCreateBody) {
      const game = await repository.findGame(dependencies.db, gameId);
      if (!game) throw wheelErrors.notFound();
      if (!canManage(dependencies, actor, game)) throw wheelErrors.notCreator();
      const campaign = await dependencies.missions.campaignFor(gameId, game.creatorUserId, game.title);
      return missionsOf().create(missionAccess(game), actor, campaign.id, body);
    },
    async removeMission(actor: Session, gameId: number, missionId: number) {
      const game = await repository.findGame(dependencies.db, gameId);
      if (!game) throw wheelErrors.notFound();
      if (!canManage(dependencies, actor, game)) throw wheelErrors.notCreator();
      await missionsOf().remove(missionAccess(game), actor, missionId);
    },
  };
}

export type WheelService = ReturnType<typeof createWheelService>;
