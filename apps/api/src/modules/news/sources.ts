// Where the drops list comes from: the curated news entries and Dropfair's own campaigns (released airdrops,
// upcoming and running tips campaigns and wheel games). Each source answers its best `limit` items in the list's
// order and how many it has; the list merges them and cuts the page, so a new kind of campaign is one more source.
import { shortAddress } from "@dropfair/core/address";
import type { DropStatus } from "@dropfair/core/news";
import type { Db } from "@dropfair/db";
import type { DropItem, DropKind } from "@dropfair/schemas/news";
import { listReleasedAirdrops } from "../airdrop/index.ts";
import { listLiveCampaigns } from "../tips/index.ts";
import { listLiveGames } from "../wheel/index.ts";
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
        items: items.map((airdrop) =>
          campaignItem("airdrop", {
            ...airdrop,
            project: airdrop.tokenSymbol ?? shortAddress(airdrop.creator),
            logoUrl: airdrop.hasLogo ? `/api/bounty/airdrop/${airdrop.id}/logo` : null,
            status: airdrop.status - 1,
            chainIds: airdrop.chainId === null ? [] : [airdrop.chainId],
            listedAt: airdrop.releasedAt,
          }),
        ),
      };
    },
  };
}

/** What the list shows of one of Dropfair's own campaigns: no category, links or estimates; the card links to it. */
function campaignItem(
  kind: Exclude<DropKind, "news">,
  campaign: {
    id: number;
    project: string;
    logoUrl: string | null;
    title: string;
    description: string;
    status: number;
    chainIds: number[];
    startAt: Date;
    endAt: Date;
    listedAt: Date;
  },
): DropItem {
  return {
    kind,
    id: campaign.id,
    onDropfair: true,
    project: campaign.project,
    logoUrl: campaign.logoUrl,
    title: campaign.title,
    summary: campaign.description.slice(0, summaryMaxLength),
    category: null,
    status: campaign.status,
    chainIds: campaign.chainIds,
    startAt: campaign.startAt.toISOString(),
    endAt: campaign.endAt.toISOString(),
    listedAt: campaign.listedAt.toISOString(),
    links: [],
    requirements: [],
    estimatedCost: null,
    estimatedReward: null,
    sourceName: null,
    sourceUrl: null,
    verifiedLinks: true,
    featured: false,
    isSample: false,
  };
}

function liveFilter(query: DropSourceQuery) {
  return {
    at: query.at,
    status: query.status,
    listedSince: query.since,
    keyword: query.keyword,
    limit: query.limit,
  };
}

/** Funded tips campaigns that have not ended (upcoming or running), listed from their funding. */
export function tipsCampaignSource(db: Db): DropSource {
  return {
    kind: "tips",
    hasCategories: false,
    async list(query) {
      const { items, total } = await listLiveCampaigns(db, liveFilter(query));
      return {
        total,
        items: items.map((campaign) =>
          campaignItem("tips", {
            ...campaign,
            project: campaign.tokenSymbol,
            logoUrl: null,
            chainIds: [campaign.chainId],
            startAt: campaign.startsAt,
            endAt: campaign.endsAt,
          }),
        ),
      };
    },
  };
}

/** Wheel games with every prize funded that are neither closed, in error nor over, listed from their creation. */
export function wheelGameSource(db: Db): DropSource {
  return {
    kind: "wheel",
    hasCategories: false,
    async list(query) {
      const { items, total } = await listLiveGames(db, liveFilter(query));
      return {
        total,
        items: items.map((game) =>
          campaignItem("wheel", {
            ...game,
            project: game.partnerSlug ?? "Dropfair",
            logoUrl: null,
            chainIds: [game.chainId],
            startAt: game.startsAt,
            endAt: game.endsAt,
          }),
        ),
      };
    },
  };
}
