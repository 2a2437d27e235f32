// Sandbox mode starts with a few published sample entries, so the news pages have something to show. They are
// flagged `isSample`, and every page and the feed label them as samples.
import type { Db } from "@dropfair/db";
import { countSamples, insertEntry, lockSampleSeeding, type NewsEntryValues } from "./repository.ts";

const dayMs = 86_400_000;

function samplesAt(now: Date): NewsEntryValues[] {
  const daysFromNow = (days: number) => new Date(now.getTime() + days * dayMs);
  const common = { isSample: true, verifiedLinks: false, createdAt: now, updatedAt: now };
  return [
    {
      ...common,
      project: "Sample Swap",
      title: "Liquidity mining season",
      summary: "Provide liquidity to a sample pool and trade once a week to qualify.",
      category: "defi",
      chainIds: [1, 56],
      startAt: daysFromNow(-3),
      endAt: daysFromNow(20),
      links: [{ kind: "website", url: "https://example.com/sample-swap" }],
      requirements: [
        { action: "Add liquidity to the sample pool", url: "https://example.com/sample-swap/pool" },
        { action: "Follow the project on X", url: "https://x.com/example" },
      ],
      estimatedCost: "~$5 in gas",
      estimatedReward: "Points, converted at the end",
      sourceName: "Dropfair sandbox",
      featured: true,
      publishedAt: daysFromNow(-0.2),
    },
    {
      ...common,
      project: "Sample Rollup",
      title: "Testnet quests",
      summary: "Bridge test ETH, deploy a contract and mint the quest badge.",
      category: "l2",
      chainIds: [1],
      startAt: daysFromNow(-10),
      endAt: null,
      links: [{ kind: "docs", url: "https://example.com/sample-rollup/docs" }],
      requirements: [{ action: "Bridge test ETH", url: "https://example.com/sample-rollup/bridge" }],
      estimatedCost: "Free",
      sourceName: "Dropfair sandbox",
      publishedAt: daysFromNow(-4),
    },
    {
      ...common,
      project: "Sample Arena",
      title: "Play-to-earn beta",
      summary: "Join the closed beta and finish three matches.",
      category: "gamefi",
      chainIds: [56],
      startAt: daysFromNow(5),
      endAt: daysFromNow(35),
      links: [{ kind: "discord", url: "https://discord.com/invite/example" }],
      requirements: [{ action: "Register for the beta", url: "https://example.com/sample-arena/beta" }],
      sourceName: "Dropfair sandbox",
      publishedAt: daysFromNow(-1.5),
    },
    {
      ...common,
      project: "Sample Gallery",
      title: "Free mint for early supporters",
      summary: "Hold the early-supporter badge when the snapshot is taken.",
      category: "nft",
      chainIds: [1],
      startAt: daysFromNow(-40),
      endAt: daysFromNow(-12),
      links: [{ kind: "x", url: "https://x.com/example" }],
      requirements: [],
      estimatedReward: "1 NFT",
      sourceName: "Dropfair sandbox",
      publishedAt: daysFromNow(-20),
    },
  ];
}

/** Inserts the sample entries once: a database that has any sample keeps what it has. */
export async function seedNewsSamples(db: Db, now: Date = new Date()): Promise<number> {
  return db.transaction(async (tx) => {
    await lockSampleSeeding(tx);
    if ((await countSamples(tx)) > 0) return 0;
    const samples = samplesAt(now);
    for (const sample of samples) await insertEntry(tx, sample);
    return samples.length;
  });
}
