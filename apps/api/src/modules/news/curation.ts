// Curation by platform administrators: create, edit, publish, unpublish, feature. Each change and its audit
// row are written in one transaction, with the entry locked.
import type { Db, Tx } from "@dropfair/db";
import type { CreateNewsEntryInput, NewsEntry, UpdateNewsEntryInput } from "@dropfair/schemas/news";
import { recordAdminAction } from "../admin/index.ts";
import { newsErrors } from "./errors.ts";
import {
  allEntries,
  findEntry,
  insertEntry,
  loadEntryForUpdate,
  type NewsEntryRow,
  type NewsEntryValues,
  updateEntry,
} from "./repository.ts";
import { newsEntryOf } from "./views.ts";

type CurationDependencies = {
  db: Db;
  now: () => Date;
  checkCategory: (category: string | undefined) => void;
};

export type Actor = { userId: number };

function valuesOf(input: UpdateNewsEntryInput): Partial<NewsEntryValues> {
  const { startAt, endAt, ...rest } = input;
  const values: Partial<NewsEntryValues> = { ...rest };
  if (startAt !== undefined) values.startAt = new Date(startAt);
  if (endAt !== undefined) values.endAt = endAt === null ? null : new Date(endAt);
  return values;
}

export function createCuration({ db, now, checkCategory }: CurationDependencies) {
  /** Locks the entry, applies the change, audits it; the entry as it is now. */
  async function change(
    actor: Actor,
    id: number,
    action: string,
    apply: (row: NewsEntryRow, at: Date) => Partial<NewsEntryValues> | null,
    details: Record<string, unknown> = {},
  ): Promise<NewsEntry> {
    const at = now();
    const row = await db.transaction(async (tx: Tx) => {
      const current = await loadEntryForUpdate(tx, id);
      if (!current) throw newsErrors.notFound();
      const values = apply(current, at);
      // Nothing to change (publishing a published entry): the same answer, and no audit row.
      if (values === null) return current;
      const updated = await updateEntry(tx, id, { ...values, updatedAt: at });
      await recordAdminAction(tx, {
        actorUserId: actor.userId,
        action,
        targetKind: "news_entry",
        targetId: String(id),
        details,
      });
      return updated;
    });
    return newsEntryOf(row, at);
  }

  return {
    async list(page: { page: number; pageSize: number }) {
      const at = now();
      const { rows, total } = await allEntries(db, page);
      return { items: rows.map((row) => newsEntryOf(row, at)), total };
    },

    async get(id: number): Promise<NewsEntry> {
      const row = await findEntry(db, id);
      if (!row) throw newsErrors.notFound();
      return newsEntryOf(row, now());
    },

    async create(actor: Actor, input: CreateNewsEntryInput): Promise<NewsEntry> {
      checkCategory(input.category);
      const at = now();
      const row = await db.transaction(async (tx: Tx) => {
        const inserted = await insertEntry(tx, {
          ...valuesOf(input),
          project: input.project,
          title: input.title,
          category: input.category,
          startAt: new Date(input.startAt),
          createdByUserId: actor.userId,
          createdAt: at,
          updatedAt: at,
        });
        await recordAdminAction(tx, {
          actorUserId: actor.userId,
          action: "news.create",
          targetKind: "news_entry",
          targetId: String(inserted.id),
          details: { title: inserted.title },
        });
        return inserted;
      });
      return newsEntryOf(row, at);
    },

    async update(actor: Actor, id: number, input: UpdateNewsEntryInput): Promise<NewsEntry> {
      checkCategory(input.category);
      return change(
        actor,
        id,
        "news.edit",
        (current) => {
          const values = valuesOf(input);
          const startAt = values.startAt ?? current.startAt;
          const endAt = values.endAt === undefined ? current.endAt : values.endAt;
          if (endAt !== null && endAt <= startAt) throw newsErrors.timeOrder();
          return values;
        },
        { fields: Object.keys(input).sort() },
      );
    },

    publish: (actor: Actor, id: number) =>
      change(actor, id, "news.publish", (current, at) => (current.publishedAt ? null : { publishedAt: at })),

    unpublish: (actor: Actor, id: number) =>
      change(actor, id, "news.unpublish", (current) => (current.publishedAt ? { publishedAt: null } : null)),

    feature: (actor: Actor, id: number, featured: boolean) =>
      change(
        actor,
        id,
        featured ? "news.feature" : "news.unfeature",
        (current) => (current.featured === featured ? null : { featured }),
        { featured },
      ),
  };
}
