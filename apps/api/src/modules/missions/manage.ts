// Editing a campaign's missions: create, edit, reorder, delete. Who may do it is the caller's decision (an
// `authorize` function: administrators for the platform's achievements, a campaign's owner for their own);
// `audit` runs inside the same transaction as the change (administrators' actions are recorded). Whoever may
// edit a campaign, EP rewards are decided here: only administrators set them, only on the platform's own campaigns.
import type { Tx } from "@dropfair/db";
import {
  type MissionCreateBody,
  type MissionKind,
  type MissionUpdateBody,
  missionParameterSchemas,
} from "@dropfair/schemas/missions";
import type { Session } from "../../platform/auth.ts";
import type { MissionsDependencies } from "./dependencies.ts";
import { missionErrors } from "./errors.ts";
import {
  type CampaignRow,
  findMission,
  insertMission,
  listMissions,
  lockCampaignForUpdate,
  setPosition,
  softDeleteMission,
  updateMission,
} from "./repository.ts";
import { missionView } from "./views.ts";

export type AuditEntry = {
  action: string;
  targetKind: string;
  targetId: string;
  details?: Record<string, unknown>;
};

export type CampaignAccess = {
  authorize(actor: Session, campaign: CampaignRow): boolean | Promise<boolean>;
  audit?(tx: Tx, actor: Session, entry: AuditEntry): Promise<void>;
  /**
   * Whether the campaign is one of the platform's own besides the achievement programme (a partner game, which
   * only administrators make), so its missions may reward EP. Absent: it is not.
   */
  platformCampaign?(campaign: CampaignRow): boolean;
};

type Dependencies = Pick<MissionsDependencies, "db" | "now" | "isAdmin">;

/** Only the platform's own achievement programme: what administrators curate. */
export function isPlatformAchievements(campaign: CampaignRow): boolean {
  return campaign.kind === "achievement" && campaign.ownerUserId === null && campaign.referenceId === null;
}

/**
 * EP is the platform's currency (leaderboard, levels, badges, referral rewards): a mission may reward it only
 * when an administrator sets it on one of the platform's own campaigns. Campaigns users make (their wheel games,
 * tips campaigns) reward their own tickets or nothing, whoever edits them.
 */
function requireEpRewardAllowed(
  { isAdmin }: Dependencies,
  access: CampaignAccess,
  actor: Session,
  campaign: CampaignRow,
  rewardEp: number | undefined,
): void {
  if (!rewardEp) return;
  const platform = isPlatformAchievements(campaign) || access.platformCampaign?.(campaign) === true;
  if (!platform || !isAdmin(actor.address)) throw missionErrors.epRewardPlatformOnly();
}

/** Locks the campaign and checks the actor may edit it, inside `tx`. */
async function editableCampaign(tx: Tx, access: CampaignAccess, actor: Session, campaignId: number) {
  const campaign = await lockCampaignForUpdate(tx, campaignId);
  if (!campaign) throw missionErrors.noData();
  if (!(await access.authorize(actor, campaign))) throw missionErrors.notManager();
  return campaign;
}

function parseParameters(kind: MissionKind, value: unknown): Record<string, unknown> {
  const parsed = missionParameterSchemas[kind].safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw missionErrors.parametersInvalid(
      `parameters.${issue?.path.join(".") ?? ""}: ${issue?.message ?? "invalid"}`,
    );
  }
  return parsed.data as Record<string, unknown>;
}

export async function createMission(
  dependencies: Dependencies,
  access: CampaignAccess,
  actor: Session,
  campaignId: number,
  body: MissionCreateBody,
) {
  return dependencies.db.transaction(async (tx) => {
    const campaign = await editableCampaign(tx, access, actor, campaignId);
    requireEpRewardAllowed(dependencies, access, actor, campaign, body.rewardEp);
    const row = await insertMission(tx, {
      campaignId,
      kind: body.kind,
      parameters: body.parameters as Record<string, unknown>,
      title: body.title ?? "",
      rewardEp: body.rewardEp,
      rewardTickets: body.rewardTickets,
    });
    await access.audit?.(tx, actor, {
      action: "missions.create",
      targetKind: "mission",
      targetId: String(row.id),
      details: { campaignId, kind: row.kind, rewardEp: row.rewardEp, rewardTickets: row.rewardTickets },
    });
    return missionView(row, undefined);
  });
}

export async function editMission(
  dependencies: Dependencies,
  access: CampaignAccess,
  actor: Session,
  missionId: number,
  body: MissionUpdateBody,
) {
  const { db, now } = dependencies;
  const changes = Object.fromEntries(Object.entries(body).filter(([, value]) => value !== undefined));
  if (Object.keys(changes).length === 0) throw missionErrors.emptyContent();
  return db.transaction(async (tx) => {
    const current = await findMission(tx, missionId);
    if (!current) throw missionErrors.noData();
    const campaign = await editableCampaign(tx, access, actor, current.campaignId);
    requireEpRewardAllowed(dependencies, access, actor, campaign, body.rewardEp);
    const parameters =
      body.parameters === undefined
        ? undefined
        : parseParameters(current.kind as MissionKind, body.parameters);
    const row = await updateMission(
      tx,
      missionId,
      {
        ...(parameters ? { parameters } : {}),
        ...(body.title !== undefined ? { title: body.title } : {}),
        ...(body.rewardEp !== undefined ? { rewardEp: body.rewardEp } : {}),
        ...(body.rewardTickets !== undefined ? { rewardTickets: body.rewardTickets } : {}),
      },
      now(),
    );
    if (!row) throw missionErrors.noData();
    await access.audit?.(tx, actor, {
      action: "missions.update",
      targetKind: "mission",
      targetId: String(missionId),
      details: { changed: Object.keys(changes) },
    });
    return missionView(row, undefined);
  });
}

export async function deleteMission(
  { db, now }: Dependencies,
  access: CampaignAccess,
  actor: Session,
  missionId: number,
): Promise<void> {
  await db.transaction(async (tx) => {
    const current = await findMission(tx, missionId);
    if (!current) throw missionErrors.noData();
    await editableCampaign(tx, access, actor, current.campaignId);
    await softDeleteMission(tx, missionId, now());
    await access.audit?.(tx, actor, {
      action: "missions.delete",
      targetKind: "mission",
      targetId: String(missionId),
      details: { campaignId: current.campaignId },
    });
  });
}

/** Puts the campaign's missions in the given order; the ids must be exactly the campaign's live missions. */
export async function reorderMissions(
  { db, now }: Dependencies,
  access: CampaignAccess,
  actor: Session,
  campaignId: number,
  missionIds: number[],
) {
  return db.transaction(async (tx) => {
    await editableCampaign(tx, access, actor, campaignId);
    const current = await listMissions(tx, campaignId);
    const known = new Set(current.map((row) => row.id));
    if (
      new Set(missionIds).size !== missionIds.length ||
      missionIds.length !== known.size ||
      missionIds.some((id) => !known.has(id))
    )
      throw missionErrors.reorderMismatch();
    const at = now();
    for (const [index, id] of missionIds.entries()) await setPosition(tx, id, index + 1, at);
    await access.audit?.(tx, actor, {
      action: "missions.reorder",
      targetKind: "campaign",
      targetId: String(campaignId),
      details: { missionIds },
    });
    const byId = new Map(current.map((row) => [row.id, row]));
    return missionIds.map((id, index) => missionView({ ...byId.get(id)!, position: index + 1 }, undefined));
  });
}
