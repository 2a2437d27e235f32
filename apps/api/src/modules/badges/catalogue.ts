// The badge catalogue each process keeps in memory (all badges, or one programme's), with each badge's view as
// the wire shows it, so a page of hundreds of badges costs only the user's own reads.
//
// Every few seconds the next reader checks it with one small query: the badges' count, newest edit and holders
// counts. Edits (a new or edited badge or programme) reload it; mints only move the holders counts, which are
// patched in place. Changes made through this process are seen at once (`forgetCatalogue`), other processes'
// within the check interval (by the module's clock).
import { periodKey } from "@dropfair/core/badges";
import type { Badge } from "@dropfair/schemas/badges";
import type { BadgesDependencies } from "./dependencies.ts";
import { type BadgeWithProgramme, catalogueState, listBadges } from "./repository.ts";
import { badgeView, type ViewContext } from "./views.ts";

const checkIntervalMs = 5_000;

type Loaded = {
  version: string;
  rows: BadgeWithProgramme[];
  /** The rows' views for one month (the current period and closing time of monthly badges move with it). */
  views: { month: number; contracts: object; list: Badge[] } | null;
};
type Slot = { checkedAt: number; loaded: Promise<Loaded>; reload: boolean };

const slots = new WeakMap<object, Map<string, Slot>>();

async function refresh(
  db: BadgesDependencies["db"],
  programmeId: number | undefined,
  previous: Loaded | undefined,
): Promise<Loaded> {
  const state = await catalogueState(db, programmeId);
  if (previous && previous.version === state.version) {
    for (const [index, row] of previous.rows.entries()) {
      const holders = state.holders.get(row.id);
      if (holders === undefined || holders === row.mintCount) continue;
      row.mintCount = holders;
      const view = previous.views?.list[index];
      if (view) view.holders = holders;
    }
    return previous;
  }
  return { version: state.version, rows: await listBadges(db, programmeId), views: null };
}

type CatalogueDependencies = Pick<BadgesDependencies, "db" | "now">;

function slotOf(dependencies: CatalogueDependencies, programmeId: number | undefined): Promise<Loaded> {
  const { db } = dependencies;
  const now = dependencies.now().getTime();
  const bySlot = slots.get(db) ?? new Map<string, Slot>();
  slots.set(db, bySlot);
  const key = String(programmeId ?? "all");
  const slot = bySlot.get(key);
  if (slot && !slot.reload && Math.abs(now - slot.checkedAt) < checkIntervalMs) return slot.loaded;
  const previous = slot && !slot.reload ? slot.loaded.catch(() => undefined) : Promise.resolve(undefined);
  const loaded = previous.then((known) => refresh(db, programmeId, known));
  const next: Slot = { checkedAt: now, loaded, reload: false };
  bySlot.set(key, next);
  loaded.catch(() => {
    if (bySlot.get(key) === next) bySlot.delete(key);
  });
  return loaded;
}

/** The catalogue's rows and their views at `context.now` (index for index). */
export async function catalogueViews(
  dependencies: CatalogueDependencies,
  programmeId: number | undefined,
  context: ViewContext,
): Promise<{ rows: BadgeWithProgramme[]; views: Badge[] }> {
  const loaded = await slotOf(dependencies, programmeId);
  const month = periodKey("monthly", context.now, 1);
  let views = loaded.views;
  if (!views || views.month !== month || views.contracts !== context.contracts) {
    views = {
      month,
      contracts: context.contracts,
      list: loaded.rows.map((row) => badgeView(row, context)),
    };
    loaded.views = views;
  }
  return { rows: loaded.rows, views: views.list };
}

/**
 * After a change made through this process: edits reload the catalogue on the next read; mints (`holdersOnly`)
 * re-check it, which reads the new holders counts.
 */
export function forgetCatalogue(db: object, options: { holdersOnly?: boolean } = {}): void {
  const bySlot = slots.get(db);
  if (!bySlot) return;
  for (const slot of bySlot.values()) {
    slot.checkedAt = Number.NEGATIVE_INFINITY;
    if (!options.holdersOnly) slot.reload = true;
  }
}
