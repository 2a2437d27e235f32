// Administrators' work on programmes and badges: create and edit them, move a programme's season on, keep a list
// badge's wallets, upload a badge image. Every change and its audit row land in one transaction.
import type { BadgeRule } from "@dropfair/core/badges";
import type { Tx } from "@dropfair/db";
import type {
  BadgeCreateBody,
  BadgeDetail,
  BadgeUpdateBody,
  Programme,
  ProgrammeCreateBody,
  ProgrammeUpdateBody,
} from "@dropfair/schemas/badges";
import type { Session } from "../../platform/auth.ts";
import { recordAdminAction } from "../admin/index.ts";
import { badgeDetail } from "./achievements.ts";
import { defaultArtwork } from "./artwork.ts";
import { forgetCatalogue } from "./catalogue.ts";
import type { BadgesDependencies } from "./dependencies.ts";
import { badgeErrors } from "./errors.ts";
import { decodeBadgeImage } from "./images.ts";
import {
  badgeCountOf,
  findProgrammeByCode,
  insertBadge,
  insertImage,
  insertProgramme,
  lockBadgeForUpdate,
  lockProgrammeForUpdate,
  replaceList,
  updateBadge,
  updateProgramme,
} from "./repository.ts";
import { programmeView } from "./views.ts";

function audit(
  tx: Tx,
  actor: Session,
  action: string,
  targetKind: string,
  targetId: string,
  details: object,
) {
  return recordAdminAction(tx, {
    actorUserId: actor.userId,
    action: `badges.${action}`,
    targetKind,
    targetId,
    details: details as Record<string, unknown>,
  });
}

/** Missions a rule names must exist. */
async function checkRule(dependencies: BadgesDependencies, rule: BadgeRule | undefined): Promise<void> {
  if (rule?.kind !== "missions") return;
  const live = new Set(await dependencies.liveMissionIds(dependencies.db, rule.missionIds));
  const missing = rule.missionIds.filter((id) => !live.has(id));
  if (missing.length > 0) throw badgeErrors.ruleInvalid(missing);
}

export async function createProgramme(
  dependencies: BadgesDependencies,
  actor: Session,
  body: ProgrammeCreateBody,
): Promise<Programme> {
  return dependencies.db.transaction(async (tx) => {
    const row = await insertProgramme(tx, { ...body, kind: "custom", createdByUserId: actor.userId });
    if (!row) throw badgeErrors.programmeCodeTaken();
    await audit(tx, actor, "programme.create", "programme", row.code, body);
    return programmeView(row, 0);
  });
}

export async function editProgramme(
  dependencies: BadgesDependencies,
  actor: Session,
  code: string,
  body: ProgrammeUpdateBody,
): Promise<Programme> {
  const programme = await dependencies.db.transaction(async (tx) => {
    const current = await lockProgrammeForUpdate(tx, code);
    if (!current) throw badgeErrors.programmeNotFound(code);
    // Edited texts are the administrator's: the page no longer shows the seeded programme's own.
    const edited = body.title !== undefined || body.description !== undefined;
    const row = await updateProgramme(tx, current.id, {
      ...body,
      ...(edited ? { seed: null } : {}),
      updatedAt: dependencies.now(),
    });
    await audit(tx, actor, "programme.update", "programme", row.code, body);
    return programmeView(row, await badgeCountOf(tx, row.id));
  });
  forgetCatalogue(dependencies.db);
  return programme;
}

export async function createBadge(
  dependencies: BadgesDependencies,
  actor: Session,
  code: string,
  body: BadgeCreateBody,
): Promise<BadgeDetail> {
  const programme = await findProgrammeByCode(dependencies.db, code);
  if (!programme) throw badgeErrors.programmeNotFound(code);
  if (!dependencies.contracts[body.chainId]) throw badgeErrors.chainUnsupported(body.chainId);
  await checkRule(dependencies, body.rule);
  const id = await dependencies.db.transaction(async (tx) => {
    const row = await insertBadge(tx, {
      programmeId: programme.id,
      name: body.name,
      description: body.description,
      image: body.image ?? defaultArtwork(body.kind),
      ruleKind: body.rule.kind,
      rule: body.rule,
      period: body.period,
      kind: body.kind,
      chainId: body.chainId,
      mintStart: body.mintStart ?? null,
      mintEnd: body.mintEnd ?? null,
    });
    await audit(tx, actor, "badge.create", "badge", String(row.id), { programme: programme.code, ...body });
    return row.id;
  });
  forgetCatalogue(dependencies.db);
  return badgeDetail(dependencies, null, id);
}

export async function editBadge(
  dependencies: BadgesDependencies,
  actor: Session,
  badgeId: number,
  body: BadgeUpdateBody,
): Promise<BadgeDetail> {
  await checkRule(dependencies, body.rule);
  await dependencies.db.transaction(async (tx) => {
    const current = await lockBadgeForUpdate(tx, badgeId);
    if (!current) throw badgeErrors.notFound();
    const mintStart = body.mintStart === undefined ? current.mintStart : body.mintStart;
    const mintEnd = body.mintEnd === undefined ? current.mintEnd : body.mintEnd;
    if (mintStart && mintEnd && mintStart >= mintEnd) throw badgeErrors.mintWindowInvalid();
    await updateBadge(tx, badgeId, {
      ...body,
      ...(body.rule ? { ruleKind: body.rule.kind } : {}),
      ...(body.name !== undefined || body.description !== undefined ? { seed: null } : {}),
      updatedAt: dependencies.now(),
    });
    await audit(tx, actor, "badge.update", "badge", String(badgeId), body);
  });
  forgetCatalogue(dependencies.db);
  return badgeDetail(dependencies, null, badgeId);
}

/** Replaces the wallets of a list badge (any badge may keep a list; only `list` rules read it). */
export async function setList(
  dependencies: BadgesDependencies,
  actor: Session,
  badgeId: number,
  addresses: readonly string[],
): Promise<BadgeDetail> {
  const unique = [...new Set(addresses.map((address) => address.toLowerCase()))];
  await dependencies.db.transaction(async (tx) => {
    if (!(await lockBadgeForUpdate(tx, badgeId))) throw badgeErrors.notFound();
    await replaceList(tx, badgeId, unique);
    await audit(tx, actor, "badge.list", "badge", String(badgeId), { count: unique.length });
  });
  return badgeDetail(dependencies, null, badgeId);
}

/** Stores an uploaded PNG, JPEG or WebP image (bytes checked) or a sanitised SVG, at most 1 MB, as the badge's image. */
export async function setImage(
  dependencies: BadgesDependencies,
  actor: Session,
  badgeId: number,
  dataUrl: string,
): Promise<BadgeDetail> {
  const decoded = decodeBadgeImage(dataUrl);
  if ("problem" in decoded)
    throw decoded.problem === "tooLarge" ? badgeErrors.imageTooLarge() : badgeErrors.imageInvalid();
  await dependencies.db.transaction(async (tx) => {
    if (!(await lockBadgeForUpdate(tx, badgeId))) throw badgeErrors.notFound();
    const imageId = await insertImage(tx, decoded);
    await updateBadge(tx, badgeId, { image: `upload:${imageId}`, updatedAt: dependencies.now() });
    await audit(tx, actor, "badge.image", "badge", String(badgeId), {
      imageId,
      contentType: decoded.contentType,
      bytes: decoded.bytes.length,
    });
  });
  forgetCatalogue(dependencies.db);
  return badgeDetail(dependencies, null, badgeId);
}
