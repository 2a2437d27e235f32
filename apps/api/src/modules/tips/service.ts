// The tips use cases behind one object, and the join missions of a campaign, edited by its creator through the
// missions module with an access rule of our own.
import type { MissionCreateBody } from "@dropfair/schemas/missions";
import type { TipsCreateInput, TipsEditInput, TipsListFilter, TipsSortColumn } from "@dropfair/schemas/tips";
import type { MissionsService } from "../missions/index.ts";
import {
  campaignDetail,
  createCampaign,
  editCampaign,
  fundCampaign,
  isCreator,
  listCampaigns,
} from "./campaigns.ts";
import { claimOf, confirmCampaign, reportClaimTransaction, requestClaim } from "./claims.ts";
import type { Actor, JoinActor, TipsDependencies } from "./dependencies.ts";
import { tipsErrors } from "./errors.ts";
import { addHelper, helperList, removeHelper } from "./helpers.ts";
import { leaderboardOf, recomputeLeaderboard, snapshotFileOf } from "./leaderboard.ts";
import {
  banList,
  banParticipant,
  joinCampaign,
  reportList,
  reportParticipant,
  unbanParticipant,
} from "./participants.ts";
import { reportRefundTransaction } from "./refunds.ts";
import { reloadOwnMetrics } from "./reload.ts";
import * as repository from "./repository.ts";

type Session = NonNullable<Actor>;

export function createTipsService(dependencies: TipsDependencies, missions?: MissionsService) {
  /** The creator edits the join missions (checked with the campaign loaded, before the missions module's own transaction). */
  const missionAccess = (campaignId: number) => ({
    authorize: (_actor: Session, campaign: { kind: string; referenceId: string | null }) =>
      campaign.kind === "tips" && campaign.referenceId === String(campaignId),
  });
  const missionsOf = () => {
    if (!missions) throw new Error("the tips service was built without the missions service");
    return missions;
  };
  const ownCampaign = async (actor: Session, campaignId: number) => {
    const campaign = await repository.findCampaign(dependencies.db, campaignId);
    if (!campaign) throw tipsErrors.notFound();
    if (!isCreator(actor, campaign)) throw tipsErrors.notCreator();
    return campaign;
  };

  return {
    list: (actor: Actor, query: { filter: TipsListFilter; page: number; pageSize: number }) =>
      listCampaigns(dependencies, actor, query),
    create: (actor: Session, input: TipsCreateInput) => createCampaign(dependencies, actor, input),
    detail: (actor: Actor, campaignId: number) => campaignDetail(dependencies, actor, campaignId),
    edit: (actor: Session, campaignId: number, input: TipsEditInput) =>
      editCampaign(dependencies, actor, campaignId, input),
    fund: (actor: Session, campaignId: number, distributorCampaignId: bigint) =>
      fundCampaign(dependencies, actor, campaignId, distributorCampaignId),
    join: (actor: JoinActor, campaignId: number) => joinCampaign(dependencies, actor, campaignId),
    leaderboard: (
      actor: Actor,
      campaignId: number,
      query: { page: number; pageSize: number; sort: TipsSortColumn; order?: "asc" | "desc" | undefined },
    ) => leaderboardOf(dependencies, actor, campaignId, query),
    snapshot: (campaignId: number) => snapshotFileOf(dependencies, campaignId),
    /** Recomputes the leaderboard now (the collection job runs it after each round; tests call it). */
    recompute: async (campaignId: number, options?: Parameters<typeof recomputeLeaderboard>[2]) => {
      // A write outside a request: the pages this process keeps must not outlive it (nor be kept from before it).
      dependencies.leaderboardPages?.written();
      try {
        return await recomputeLeaderboard(dependencies, campaignId, options);
      } finally {
        dependencies.leaderboardPages?.written();
      }
    },
    bans: (campaignId: number, query: { order: "latest" | "oldest"; page: number; pageSize: number }) =>
      banList(dependencies, campaignId, query),
    ban: (actor: Session, campaignId: number, body: { xUserId: string; reason: string }) =>
      banParticipant(dependencies, actor, campaignId, body),
    unban: (actor: Session, campaignId: number, xUserId: string) =>
      unbanParticipant(dependencies, actor, campaignId, xUserId),
    report: (actor: Session, campaignId: number, body: { xUserId: string; reason: string }) =>
      reportParticipant(dependencies, actor, campaignId, body),
    reports: (actor: Session, campaignId: number) => reportList(dependencies, actor, campaignId),
    helpers: (actor: Session, campaignId: number) => helperList(dependencies, actor, campaignId),
    addHelper: (actor: Session, campaignId: number, address: `0x${string}`) =>
      addHelper(dependencies, actor, campaignId, address),
    removeHelper: (actor: Session, campaignId: number, address: `0x${string}`) =>
      removeHelper(dependencies, actor, campaignId, address),
    reload: (actor: Session, campaignId: number) => reloadOwnMetrics(dependencies, actor, campaignId),
    confirm: (actor: Session, campaignId: number) => confirmCampaign(dependencies, actor, campaignId),
    claim: (actor: Session, campaignId: number) => claimOf(dependencies, actor, campaignId),
    requestClaim: (actor: Session, campaignId: number) => requestClaim(dependencies, actor, campaignId),
    reportClaim: (actor: Session, campaignId: number, claimId: number, txHash: `0x${string}`) =>
      reportClaimTransaction(dependencies, actor, campaignId, claimId, txHash),
    reportRefund: (actor: Session, campaignId: number, txHash: `0x${string}`) =>
      reportRefundTransaction(dependencies, actor, campaignId, txHash),

    async addMission(actor: Session, campaignId: number, body: MissionCreateBody) {
      const campaign = await ownCampaign(actor, campaignId);
      const missionCampaign = await dependencies.missions.campaignFor(
        campaignId,
        campaign.creatorUserId,
        campaign.title,
      );
      return missionsOf().create(missionAccess(campaignId), actor, missionCampaign.id, body);
    },
    async removeMission(actor: Session, campaignId: number, missionId: number) {
      await ownCampaign(actor, campaignId);
      await missionsOf().remove(missionAccess(campaignId), actor, missionId);
    },
  };
}

export type TipsService = ReturnType<typeof createTipsService>;
