// What a user has achieved: the facts the rules read (points and level, missions, airdrops, lists), each badge's
// state for the user, the achievements page, one badge's detail, the programmes and the badges dropping now.
import {
  type BadgeFacts,
  type BadgeRule,
  mintWindowState,
  missionIdsOf,
  ruleProgress,
} from "@dropfair/core/badges";
import { levelOf } from "@dropfair/core/points";
import type {
  Achievements,
  Badge,
  BadgeDetail,
  BadgeWithState,
  Drop,
  Programme,
} from "@dropfair/schemas/badges";
import { catalogueViews } from "./catalogue.ts";
import type { BadgeActor, BadgesDependencies } from "./dependencies.ts";
import { badgeErrors } from "./errors.ts";
import {
  type BadgeWithProgramme,
  badgeCountOf,
  findBadge,
  findProgrammeByCode,
  listedBadgeIds,
  listProgrammes,
  listSizeOf,
  mintsOf,
  type OwnMint,
  type ProgrammeRow,
} from "./repository.ts";
import { badgeView, badgeWithState, programmeView, type ViewContext } from "./views.ts";

const noFacts: BadgeFacts = {
  points: 0,
  level: 0,
  completedMissionIds: new Set(),
  airdropsCreated: 0,
  airdropsClaimed: 0,
  wheelPrizes: 0,
  onListOf: new Set(),
};

/** Everything the rules of `rows` need to know about the actor, read together. */
export async function factsOf(
  dependencies: BadgesDependencies,
  actor: BadgeActor,
  rows: readonly BadgeWithProgramme[],
): Promise<BadgeFacts> {
  const { db } = dependencies;
  const rules = rows.map((row) => row.rule as BadgeRule);
  const missionIds = missionIdsOf(rules);
  const listIds = rows.filter((row) => row.ruleKind === "list").map((row) => row.id);
  const needsAirdrops = rules.some((rule) => rule.kind === "airdrop_create" || rule.kind === "airdrop_claim");
  const needsWheel = rules.some((rule) => rule.kind === "wheel_prize");
  const [points, completed, airdrops, listed, wheelPrizes] = await Promise.all([
    dependencies.pointsOf(db, actor.userId),
    dependencies.completedMissionIds(db, actor.userId, missionIds),
    needsAirdrops ? dependencies.airdropActivityOf(db, actor) : { created: 0, claimed: 0 },
    listedBadgeIds(db, actor.address, listIds),
    needsWheel ? dependencies.wheelPrizesOf(db, actor.userId) : 0,
  ]);
  return {
    points,
    level: levelOf(points, dependencies.levels).level,
    completedMissionIds: new Set(completed),
    airdropsCreated: airdrops.created,
    airdropsClaimed: airdrops.claimed,
    wheelPrizes,
    onListOf: new Set(listed),
  };
}

function viewContext(dependencies: BadgesDependencies): ViewContext {
  return { contracts: dependencies.contracts, now: dependencies.now() };
}

const noMints: readonly OwnMint[] = [];

/**
 * Each badge with the actor's state (anonymous: nothing achieved, nothing minted). `views`: the rows' views when
 * known (the catalogue keeps them), index for index.
 */
export async function statesOf(
  dependencies: BadgesDependencies,
  actor: BadgeActor | null,
  rows: readonly BadgeWithProgramme[],
  views?: readonly Badge[],
): Promise<{ badges: BadgeWithState[]; facts: BadgeFacts; mints: OwnMint[] }> {
  const [facts, mints] = actor
    ? await Promise.all([factsOf(dependencies, actor, rows), mintsOf(dependencies.db, actor.address)])
    : [noFacts, []];
  const byBadge = new Map<number, OwnMint[]>();
  for (const mint of mints) {
    const known = byBadge.get(mint.badgeId);
    if (known) known.push(mint);
    else byBadge.set(mint.badgeId, [mint]);
  }
  const context = viewContext(dependencies);
  const badges = rows.map((row, index) =>
    badgeWithState(
      row,
      views?.[index] ?? badgeView(row, context),
      context.now,
      ruleProgress(row.rule as BadgeRule, facts, row.id),
      byBadge.get(row.id) ?? noMints,
    ),
  );
  return { badges, facts, mints };
}

async function programmeOrThrow(dependencies: BadgesDependencies, code: string): Promise<ProgrammeRow> {
  const programme = await findProgrammeByCode(dependencies.db, code);
  if (!programme) throw badgeErrors.programmeNotFound(code);
  return programme;
}

/** The achievements page: the actor's EP and level, badge counts and every badge (of one programme) with its state. */
export async function achievements(
  dependencies: BadgesDependencies,
  actor: BadgeActor | null,
  programmeCode: string | undefined,
): Promise<Achievements> {
  const programme = programmeCode ? await programmeOrThrow(dependencies, programmeCode) : null;
  const { rows, views } = await catalogueViews(dependencies, programme?.id, viewContext(dependencies));
  const { badges, facts, mints: allMints } = await statesOf(dependencies, actor, rows, views);
  // A programme's page counts that programme's tokens only.
  const shown = new Set(rows.map((row) => row.id));
  const mints = allMints.filter((mint) => shown.has(mint.badgeId));
  const progress = levelOf(facts.points, dependencies.levels);
  return {
    signedIn: actor !== null,
    points: facts.points,
    level: progress.level,
    pointsIntoLevel: progress.pointsIntoLevel,
    pointsPerLevel: dependencies.levels.pointsPerLevel,
    pointName: dependencies.levels.pointName,
    mintedSbt: mints.filter((mint) => mint.kind === "sbt").length,
    mintedNft: mints.filter((mint) => mint.kind === "nft").length,
    mintable: badges.filter((badge) => badge.state === "mintable").length,
    balance: mints.length,
    programme: programme ? programmeView(programme, rows.length) : null,
    badges,
    contracts: Object.entries(dependencies.contracts).map(([chainId, address]) => ({
      chainId: Number(chainId),
      address,
    })),
  };
}

/** One badge: its rule and holders, the actor's progress and mint state, and how many wallets a list badge holds. */
export async function badgeDetail(
  dependencies: BadgesDependencies,
  actor: BadgeActor | null,
  badgeId: number,
): Promise<BadgeDetail> {
  const row = await findBadge(dependencies.db, badgeId);
  if (!row) throw badgeErrors.notFound();
  const programme = await programmeOrThrow(dependencies, row.programmeCode);
  const [{ badges }, listed] = await Promise.all([
    statesOf(dependencies, actor, [row]),
    row.ruleKind === "list" ? listSizeOf(dependencies.db, row.id) : null,
  ]);
  return {
    badge: badges[0]!,
    programme: programmeView(programme, await badgeCountOf(dependencies.db, programme.id)),
    listed,
  };
}

export async function programmes(dependencies: BadgesDependencies): Promise<Programme[]> {
  return (await listProgrammes(dependencies.db)).map((row) => programmeView(row, row.badgeCount));
}

/** Badges open for minting now on a chain with our contract, the soonest to close first (then the newest). */
export async function drops(dependencies: BadgesDependencies): Promise<Drop[]> {
  const context = viewContext(dependencies);
  const catalogue = await catalogueViews(dependencies, undefined, context);
  const views = catalogue.rows.flatMap((row, index) =>
    mintWindowState(row, context.now) === "open" && dependencies.contracts[row.chainId]
      ? [{ ...catalogue.views[index]!, programmeTitle: row.programmeTitle, programmeSeed: row.programmeSeed }]
      : [],
  );
  const closing = (drop: Drop) => (drop.closesAt ? Date.parse(drop.closesAt) : Number.POSITIVE_INFINITY);
  return views.sort((left, right) => closing(left) - closing(right) || right.id - left.id);
}
