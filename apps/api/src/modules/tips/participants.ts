// Participants: joining (a wallet with its X account bound, the join missions done), bans by organizers (the
// creator, the helpers it named and platform administrators, audited when an administrator acts on a campaign they
// do not organize) and abuse reports by anyone signed in.
import type { TipsBanList, TipsCampaignDetail, TipsReportList } from "@dropfair/schemas/tips";
import { tipsStatuses } from "@dropfair/schemas/tips";
import { campaignDetail, organizedCampaign, organizerRole } from "./campaigns.ts";
import type { Actor, BoundXAccount, JoinActor, TipsDependencies } from "./dependencies.ts";
import { tipsErrors } from "./errors.ts";
import * as repository from "./repository.ts";

type Session = NonNullable<Actor>;

/** Joining is open until the campaign's end. */
function isOpen(campaign: repository.CampaignRow, now: Date): boolean {
  return (
    (campaign.status === tipsStatuses.notStarted || campaign.status === tipsStatuses.running) &&
    campaign.endsAt > now
  );
}

/** The X account the wallet takes part with: a live Sign in with X session (bound now), or the one bound before. */
async function xAccountOf(dependencies: TipsDependencies, actor: JoinActor): Promise<BoundXAccount> {
  const { session, xSession } = actor;
  if (xSession) {
    const account = {
      accountId: xSession.xUserId,
      username: xSession.username,
      displayName: xSession.name,
      avatarUrl: xSession.avatarUrl,
    };
    await dependencies.bindX(session.userId, account);
    return account;
  }
  const bound = await dependencies.boundX(session.userId);
  if (!bound) throw tipsErrors.bindXFirst();
  return bound;
}

export async function joinCampaign(
  dependencies: TipsDependencies,
  actor: JoinActor,
  campaignId: number,
): Promise<TipsCampaignDetail> {
  const { db, now } = dependencies;
  const { session } = actor;
  const campaign = await repository.findCampaign(db, campaignId);
  if (!campaign) throw tipsErrors.notFound();
  const already = await repository.participantOfUser(db, campaignId, session.userId);
  if (already) return campaignDetail(dependencies, session, campaignId);
  if (!isOpen(campaign, now())) throw tipsErrors.alreadyOver();
  const account = await xAccountOf(dependencies, actor);
  const missionCampaign = await dependencies.missions.findCampaign(campaignId);
  if (missionCampaign && !(await dependencies.missions.allDone(db, missionCampaign.id, session.userId)))
    throw tipsErrors.missionsUnfinished();
  await db.transaction(async (tx) => {
    const locked = await repository.lockCampaign(tx, campaignId);
    if (!locked || !isOpen(locked, now())) throw tipsErrors.alreadyOver();
    const inserted = await repository.insertParticipant(tx, {
      campaignId,
      xUserId: account.accountId,
      userId: session.userId,
      username: account.username,
      name: account.displayName,
      avatarUrl: account.avatarUrl,
      joinedAt: now(),
    });
    if (!inserted) {
      // Either this wallet joined meanwhile (fine), or its X account takes part through another wallet.
      const own = await repository.participantOfUser(tx, campaignId, session.userId);
      if (!own) throw tipsErrors.xAccountTaken();
      return;
    }
    await repository.refreshParticipantCount(tx, campaignId);
  });
  await dependencies.refreshSoon(campaignId);
  return campaignDetail(dependencies, session, campaignId);
}

function accountView(participant: repository.ParticipantRow) {
  return {
    xUserId: participant.xUserId,
    username: participant.username,
    name: participant.name,
    avatarUrl: participant.avatarUrl,
  };
}

/** The ban list (public, as the picker's is): user, adder, reason and time, latest or oldest first. */
export async function banList(
  dependencies: TipsDependencies,
  campaignId: number,
  query: { order: "latest" | "oldest"; page: number; pageSize: number },
): Promise<TipsBanList> {
  const campaign = await repository.findCampaign(dependencies.db, campaignId);
  if (!campaign) throw tipsErrors.notFound();
  const { rows, total } = await repository.bansOf(dependencies.db, campaignId, query.order, {
    offset: (query.page - 1) * query.pageSize,
    limit: query.pageSize,
  });
  return {
    rows: rows.map((row) => ({
      user: accountView(row),
      adder: row.adder,
      reason: row.banReason ?? "",
      time: row.bannedAt!.toISOString(),
    })),
    total,
    page: query.page,
    pageSize: query.pageSize,
  };
}

/** Bans a participant (organizers): dropped from the ranking at the next leaderboard, and from the payouts. */
export async function banParticipant(
  dependencies: TipsDependencies,
  actor: Session,
  campaignId: number,
  body: { xUserId: string; reason: string },
): Promise<TipsBanList> {
  const { db, now } = dependencies;
  await db.transaction(async (tx) => {
    const { campaign, audited } = await organizedCampaign(dependencies, tx, actor, campaignId);
    if (campaign.status === tipsStatuses.ended) throw tipsErrors.alreadyOver();
    const participant = await repository.lockParticipant(tx, campaignId, body.xUserId);
    if (!participant) throw tipsErrors.notParticipant();
    if (participant.bannedAt === null) {
      await repository.updateParticipant(tx, campaignId, body.xUserId, {
        bannedAt: now(),
        banReason: body.reason,
        bannedByUserId: actor.userId,
      });
    }
    if (audited) {
      await dependencies.audit(tx, {
        actorUserId: actor.userId,
        action: "tips.ban",
        targetKind: "tipsCampaign",
        targetId: String(campaignId),
        details: { xUserId: body.xUserId, reason: body.reason },
      });
    }
  });
  await dependencies.refreshSoon(campaignId);
  return banList(dependencies, campaignId, { order: "latest", page: 1, pageSize: 50 });
}

/** Lifts a ban (organizers), before the leaderboard is final. */
export async function unbanParticipant(
  dependencies: TipsDependencies,
  actor: Session,
  campaignId: number,
  xUserId: string,
): Promise<TipsBanList> {
  const { db } = dependencies;
  await db.transaction(async (tx) => {
    const { campaign, audited } = await organizedCampaign(dependencies, tx, actor, campaignId);
    if (campaign.status === tipsStatuses.ended) throw tipsErrors.alreadyOver();
    const participant = await repository.lockParticipant(tx, campaignId, xUserId);
    if (!participant) throw tipsErrors.notParticipant();
    await repository.updateParticipant(tx, campaignId, xUserId, {
      bannedAt: null,
      banReason: null,
      bannedByUserId: null,
    });
    if (audited) {
      await dependencies.audit(tx, {
        actorUserId: actor.userId,
        action: "tips.unban",
        targetKind: "tipsCampaign",
        targetId: String(campaignId),
        details: { xUserId },
      });
    }
  });
  await dependencies.refreshSoon(campaignId);
  return banList(dependencies, campaignId, { order: "latest", page: 1, pageSize: 50 });
}

/** Reports a participant for abuse (anyone signed in, once per participant); organizers read the reports. */
export async function reportParticipant(
  dependencies: TipsDependencies,
  actor: Session,
  campaignId: number,
  body: { xUserId: string; reason: string },
): Promise<{ reported: boolean }> {
  const { db, now } = dependencies;
  const campaign = await repository.findCampaign(db, campaignId);
  if (!campaign) throw tipsErrors.notFound();
  const participant = await repository.participantOfX(db, campaignId, body.xUserId);
  if (!participant) throw tipsErrors.notParticipant();
  const row = await repository.insertReport(db, {
    campaignId,
    xUserId: body.xUserId,
    reporterUserId: actor.userId,
    reason: body.reason,
    createdAt: now(),
  });
  return { reported: row !== undefined };
}

export async function reportList(
  dependencies: TipsDependencies,
  actor: Session,
  campaignId: number,
): Promise<TipsReportList> {
  const campaign = await repository.findCampaign(dependencies.db, campaignId);
  if (!campaign) throw tipsErrors.notFound();
  if ((await organizerRole(dependencies, dependencies.db, actor, campaign)) === null)
    throw tipsErrors.notOwner();
  const rows = await repository.reportsOf(dependencies.db, campaignId);
  return {
    rows: rows.map((row) => ({
      id: row.report.id,
      user: accountView(row.participant),
      reporter: row.reporter,
      reason: row.report.reason,
      time: row.report.createdAt.toISOString(),
    })),
  };
}
