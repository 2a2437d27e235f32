// Where the drops list comes from: the curated news entries and Dropfair's own campaigns. Each source answers
// its best `limit` items in the list's order and how many it has; the list merges them and cuts the page, so a
// new kind of campaign (tips, wheel) is one more source.
import { shortAddress } from "@dropfair/core/address";
import type { DropStatus } from "@dropfair/core/news";
import type { Db } from "@dropfair/db";
import type { DropItem, DropKind } from "@dropfair/schemas/news";
import { listReleasedAirdrops } from "../airdrop/index.ts";
import { publishedEntries } from "./repository.ts";
import { newsItemOf } from "./views.ts";

export type DropSourceQuery = {
  at: Date;
  status?: DropStatus | undefined;
  /** Only what was listed at or after this instant. */
  since?: Date | undefined;
  keyword?: string | undefined;
  /** Set only for the curated entries: Dropfair's campaigns have no category and drop out. */
  category?: string | undefined;
  limit: number;
};

export type DropSource = {
  kind: DropKind;
  /** Whether the source has items of a category (Dropfair's own campaigns have none). */
  hasCategories: boolean;
  list(query: DropSourceQuery): Promise<{ items: DropItem[]; total: number }>;
};

/** The list's order: featured first, then the latest listed, then a stable tie-break. */
export function compareDrops(a: DropItem, b: DropItem): number {
  if (a.featured !== b.featured) return a.featured ? -1 : 1;
  if (a.listedAt !== b.listedAt) return a.listedAt < b.listedAt ? 1 : -1;
  if (a.kind !== b.kind) return a.kind < b.kind ? -1 : 1;
  return b.id - a.id;
}

export function newsEntrySource(db: Db): DropSource {
  return {
    kind: "news",
    hasCategories: true,
    async list(query) {
      const { rows, total } = await publishedEntries(db, {
        at: query.at,
        category: query.category,
        status: query.status,
        publishedSince: query.since,
        keyword: query.keyword,
        limit: query.limit,
      });
      return { items: rows.map((row) => newsItemOf(row, query.at)), total };
    },
  };
}

const summaryMaxLength = 280;

/** Dropfair's released airdrops, marked as on Dropfair. Airdrop statuses 1/2/3 are the list's 0/1/2. */
export function dropfairAirdropSource(db: Db): DropSource {
  return {
    kind: "airdrop",
    hasCategories: false,
    async list(query) {
      const { items, total } = await listReleasedAirdrops(db, {
        at: query.at,
        status: query.status === undefined ? undefined : query.status + 1,
        releasedSince: query.since,
        keyword: query.keyword,
        limit: query.limit,
      });
      return {
        total,
        items: items.map((airdrop) => ({
          kind: "airdrop" as const,
          id: airdrop.id,
          onDropfair: true,
          project: airdrop.tokenSymbol ?? shortAddress(airdrop.creator),
          logoUrl: airdrop.hasLogo ? `/api/bounty/airdrop/${airdrop.id}/logo` : null,
          title: airdrop.title,
          summary: airdrop.description.slice(0, summaryMaxLength),
          category: null,
          status: airdrop.status - 1,
          chainIds: airdrop.chainId === null ? [] : [airdrop.chainId],
          startAt: airdrop.startAt.toISOString(),
          endAt: airdrop.endAt.toISOString(),
          listedAt: airdrop.releasedAt.toISOString(),
          links: [],
          requirements: [],
          estimatedCost: null,
          estimatedReward: null,
          sourceName: null,
          sourceUrl: null,
          verifiedLinks: true,
          featured: false,
          isSample: false,
        })),
      };
    },
  };
}
