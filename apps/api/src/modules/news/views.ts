// A news entry as the API answers it: an item of the public list, or the administrators' full view.
import { dropStatusAt } from "@dropfair/core/news";
import type { DropItem, NewsEntry } from "@dropfair/schemas/news";
import type { NewsEntryRow } from "./repository.ts";

export function newsItemOf(row: NewsEntryRow, now: Date): DropItem {
  return {
    kind: "news",
    id: row.id,
    onDropfair: false,
    project: row.project,
    logoUrl: row.logoUrl,
    title: row.title,
    summary: row.summary,
    category: row.category,
    status: dropStatusAt(row, now),
    chainIds: row.chainIds,
    startAt: row.startAt.toISOString(),
    endAt: row.endAt?.toISOString() ?? null,
    // An unpublished entry (administrators only) counts as listed when it was created.
    listedAt: (row.publishedAt ?? row.createdAt).toISOString(),
    links: row.links,
    requirements: row.requirements,
    estimatedCost: row.estimatedCost,
    estimatedReward: row.estimatedReward,
    sourceName: row.sourceName,
    sourceUrl: row.sourceUrl,
    verifiedLinks: row.verifiedLinks,
    featured: row.featured,
    isSample: row.isSample,
  };
}

export function newsEntryOf(row: NewsEntryRow, now: Date): NewsEntry {
  return {
    ...newsItemOf(row, now),
    published: row.publishedAt !== null,
    publishedAt: row.publishedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
