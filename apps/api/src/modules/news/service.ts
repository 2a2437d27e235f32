// The news module's use cases behind one object: the public list and entry, the feed, and curation.
import { windowStart } from "@dropfair/core/news";
import type { Db } from "@dropfair/db";
import type { DropItem, DropList, DropsQuery } from "@dropfair/schemas/news";
import * as curation from "./curation.ts";
import { newsErrors } from "./errors.ts";
import { findEntry, publishedEntries } from "./repository.ts";
import {
  compareDrops,
  type DropSource,
  dropfairAirdropSource,
  newsEntrySource,
  tipsCampaignSource,
  wheelGameSource,
} from "./sources.ts";
import { newsItemOf } from "./views.ts";

export type NewsDependencies = {
  db: Db;
  now: () => Date;
  /** The configured categories (lowercase slugs). */
  categories: readonly string[];
  /** Default: the curated entries, Dropfair's released airdrops, and its live tips campaigns and wheel games. */
  sources?: DropSource[];
};

/** The feed carries the latest published entries. */
const feedSize = 50;

export function createNewsService(dependencies: NewsDependencies) {
  const { db, now, categories } = dependencies;
  const sources = dependencies.sources ?? [
    newsEntrySource(db),
    dropfairAirdropSource(db),
    tipsCampaignSource(db),
    wheelGameSource(db),
  ];

  function checkCategory(category: string | undefined) {
    if (category !== undefined && !categories.includes(category)) throw newsErrors.categoryUnknown(category);
  }

  return {
    categories: () => [...categories],

    /** One page of the merged list: each source's best items up to this page, merged, then cut. */
    async listDrops(query: DropsQuery): Promise<DropList> {
      checkCategory(query.category);
      const at = now();
      const limit = query.page * query.pageSize;
      const active = sources.filter((source) => query.category === undefined || source.hasCategories);
      const answers = await Promise.all(
        active.map((source) =>
          source.list({
            at,
            status: query.status,
            since: query.days === undefined ? undefined : windowStart(at, query.days),
            keyword: query.keyword || undefined,
            category: query.category,
            limit,
          }),
        ),
      );
      const merged: DropItem[] = answers.flatMap((answer) => answer.items).sort(compareDrops);
      return {
        items: merged.slice((query.page - 1) * query.pageSize, limit),
        total: answers.reduce((sum, answer) => sum + answer.total, 0),
      };
    },

    /** A published entry; unpublished ones do not exist for the public. */
    async entry(id: number): Promise<DropItem> {
      const at = now();
      const row = await findEntry(db, id);
      if (!row || row.publishedAt === null || row.publishedAt > at) throw newsErrors.notFound();
      return newsItemOf(row, at);
    },

    /** The latest published entries for the feed, newest publication first. */
    async feedEntries() {
      const at = now();
      const { rows } = await publishedEntries(db, { at, limit: feedSize });
      rows.sort((a, b) => (b.publishedAt?.getTime() ?? 0) - (a.publishedAt?.getTime() ?? 0) || b.id - a.id);
      return { at, rows };
    },

    admin: curation.createCuration({ db, now, checkCategory }),
  };
}

export type NewsService = ReturnType<typeof createNewsService>;
