// Released airdrops as other modules may list them (the news list shows Dropfair's own airdrops).
import type { DbWriter } from "@dropfair/db";
import { type ReleasedAirdropFilter, releasedAirdrops } from "./list-repository.ts";

export type ReleasedAirdropListing = {
  id: number;
  title: string;
  description: string;
  creator: string;
  /** 1 not started, 2 in progress, 3 ended. */
  status: 1 | 2 | 3;
  chainId: number | null;
  tokenSymbol: string | null;
  hasLogo: boolean;
  startAt: Date;
  endAt: Date;
  releasedAt: Date;
};

/** A page of released airdrops (latest release first) and how many match; drafts and deleted ones never. */
export async function listReleasedAirdrops(
  db: DbWriter,
  filter: ReleasedAirdropFilter,
): Promise<{ items: ReleasedAirdropListing[]; total: number }> {
  const { rows, total } = await releasedAirdrops(db, filter);
  const at = filter.at.getTime();
  return {
    total,
    items: rows.map((row) => ({
      id: row.id,
      title: row.title,
      description: row.description,
      creator: row.creatorAddress,
      status: at < row.startAt.getTime() ? 1 : at < row.endAt.getTime() ? 2 : 3,
      chainId: row.chainId,
      tokenSymbol: row.tokenSymbol,
      hasLogo: row.tokenLogoType !== null,
      startAt: row.startAt,
      endAt: row.endAt,
      releasedAt: row.releasedAt ?? row.updatedAt,
    })),
  };
}

export type { ReleasedAirdropFilter };
