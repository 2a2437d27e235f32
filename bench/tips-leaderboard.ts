// Seeds the tips leaderboard benchmark (bench/tips-leaderboard.mjs runs it): one running tips campaign with
// `participants` participants, each with `tweetsEach` tweets over its two weeks (texts with and without the
// essential text, metrics of every size, one participant in 997 banned), generated server-side with
// generate_series into an empty PostgreSQL database; then the leaderboard computed through the tips module's own
// recompute path (the snapshot, `computeTipsLeaderboard`, the standings written in one transaction).
// The participant `pinned` (1-based) belongs to the wallet `address`, which the bench signs in with.
// Run: `BENCH_DATABASE_URL=… node --import tsx bench/tips-leaderboard.ts participants tweetsEach pinned address`;
// prints one JSON line.
import { defaultDailyTweets, defaultTipsWeights, defaultTweetCap } from "@dropfair/core/tips";
import { migrateDatabase, openDatabase, sql, tipsCampaigns } from "@dropfair/db";
import { tipsStatuses } from "@dropfair/schemas/tips";
import {
  createTipsService,
  type RecomputeStep,
  type TipsDependencies,
} from "../apps/api/src/modules/tips/index.ts";

const participants = Number(process.argv[2] ?? 100_000);
const tweetsEach = Number(process.argv[3] ?? 10);
const pinned = Number(process.argv[4] ?? 1);
const address = process.argv[5];
const recomputes = Number(process.argv[6] ?? 1);
const databaseUrl = process.env.BENCH_DATABASE_URL;
if (!databaseUrl) throw new Error("BENCH_DATABASE_URL must name an empty PostgreSQL database");
if (!address) throw new Error("the pinned participant's wallet address is the 4th argument");

const database = await openDatabase({ databaseUrl, poolSize: 2 });
await migrateDatabase(database);
const { db } = database;
const rowsOf = <Row>(result: unknown) => (result as { rows: Row[] }).rows;
const start = new Date("2026-03-01T00:00:00.000Z");
const dayMs = 86_400_000;

const seedStarted = performance.now();
// User 1 is the creator; user 1 + p is participant p, and the pinned one signs in with `address`.
await db.execute(sql`
  insert into users (address)
  select case when g = ${pinned + 1} then lower(${address}) else '0x' || lpad(to_hex(g), 40, '0') end
  from generate_series(1, ${participants + 1}) g`);
const [campaign] = await db
  .insert(tipsCampaigns)
  .values({
    creatorUserId: 1,
    title: "Tips leaderboard benchmark",
    hashtag: "#dropfair",
    mention: "@dropfair_xyz",
    startsAt: start,
    endsAt: new Date(start.getTime() + 14 * dayMs),
    chainId: 31337,
    tokenAddress: "0x00000000000000000000000000000000000000aa",
    tokenSymbol: "TIP",
    tokenDecimals: 18,
    totalPrize: "100000000000000000000000",
    weightViews: defaultTipsWeights.views,
    weightLikes: defaultTipsWeights.likes,
    weightReplies: defaultTipsWeights.replies,
    weightRetweets: defaultTipsWeights.retweets,
    weightQuotes: defaultTipsWeights.quotes,
    tweetCap: defaultTweetCap,
    dailyTweets: defaultDailyTweets,
    status: tipsStatuses.running,
    fundedAt: start,
    participantCount: participants,
  })
  .returning({ id: tipsCampaigns.id });
const campaignId = campaign!.id;
await db.execute(sql`
  insert into tips_participants (campaign_id, x_user_id, user_id, username, name, avatar_url, joined_at, banned_at, ban_reason)
  select ${campaignId}, (1000000 + p)::text, 1 + p, 'tipper' || p, 'Tipper ' || p,
    'https://pbs.twimg.com/profile_images/' || p || '/avatar_normal.jpg', ${start}::timestamptz,
    case when p % 997 = 0 and p <> ${pinned} then ${start}::timestamptz end,
    case when p % 997 = 0 and p <> ${pinned} then 'Bench ban' end
  from generate_series(1, ${participants}) p`);
// The same mix as bench/tips-recompute.mjs's campaign, computed in SQL.
await db.execute(sql`
  insert into tips_tweets (campaign_id, tweet_id, x_user_id, created_at, text, views, likes, replies, retweets, quotes, refreshed_at)
  select ${campaignId}, (1860000000000000000 + p * 100 + t)::text, (1000000 + p)::text,
    ${start}::timestamptz + (mix % ${14 * dayMs}) * interval '1 millisecond',
    (array['gm #Dropfair @dropfair_xyz, fair drops for all', '#DROPFAIR is live @Dropfair_XYZ',
      'just a tweet about lunch', '#dropfair without the mention'])[1 + mix % 4],
    mix % 250000, mix % 900, mix % 60, mix % 120, mix % 25, ${start}::timestamptz
  from generate_series(1, ${participants}) p, generate_series(1, ${tweetsEach}) t,
    lateral (select p::bigint * 2654435761 + t::bigint * 40503 as mix) m`);
for (const table of ["users", "tips_participants", "tips_tweets"])
  await db.execute(sql.raw(`vacuum analyze ${table}`));
const seedMs = performance.now() - seedStarted;

// Only the database and the clock take part in a recomputation.
const tips = createTipsService({ db, now: () => new Date() } as TipsDependencies);
// The first recomputation fills the empty standings; the later ones (`recomputes` in all) replace them, as the jobs do.
const runs: { totalMs: number; steps: Partial<Record<RecomputeStep, number>> }[] = [];
let board: Awaited<ReturnType<typeof tips.recompute>> | undefined;
for (let run = 0; run < recomputes; run++) {
  const steps: Partial<Record<RecomputeStep, number>> = {};
  const recomputeStarted = performance.now();
  board = await tips.recompute(campaignId, { onStep: (step, ms) => (steps[step] = ms) });
  runs.push({ totalMs: performance.now() - recomputeStarted, steps });
}
const recomputeMs = runs[0]!.totalMs;
await db.execute(sql`vacuum analyze tips_standings`);

const [pinnedRow] = rowsOf<{ rank: number }>(
  await db.execute(
    sql`select rank from tips_standings where campaign_id = ${campaignId} and x_user_id = ${String(1_000_000 + pinned)}`,
  ),
);
const [tweets] = rowsOf<{ count: string }>(
  await db.execute(sql`select count(*) from tips_tweets where campaign_id = ${campaignId}`),
);
const server = rowsOf<{ server_version: string }>(await db.execute(sql`show server_version`))[0];
await database.close();
console.log(
  JSON.stringify({
    campaignId,
    participants,
    tweets: Number(tweets?.count),
    ranked: board!.participants,
    pinnedRank: pinnedRow?.rank ?? null,
    seedSeconds: seedMs / 1000,
    recomputeSeconds: recomputeMs / 1000,
    recomputes: runs.map((run) => ({
      totalMs: Math.round(run.totalMs),
      ...Object.fromEntries(Object.entries(run.steps).map(([step, ms]) => [step, Math.round(ms)])),
    })),
    postgres: server?.server_version,
  }),
);
