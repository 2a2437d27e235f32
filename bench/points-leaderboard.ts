// The EP leaderboard at scale: 1,000,000 users and 10,000,000 ledger rows seeded server-side (generate_series)
// into a scratch PostgreSQL database, then live credits through creditPoints (left unfolded), then the module's
// own reads timed: the top 100, and one user's rank (their balance and 1 + the number of larger balances, from
// the per-balance counts), for random users. The materialised totals and the per-balance counts are built from
// the ledger and checked equal to it afterwards. Run: `BENCH_DATABASE_URL=… node --import tsx bench/points-leaderboard.ts
// [users] [rows]` on an empty database; prints one JSON line.
import { loadavg } from "node:os";
import { migrateDatabase, openDatabase, sql } from "@dropfair/db";
import {
  createPointsService,
  creditPoints,
  foldBalanceCounts,
} from "../apps/api/src/modules/points/index.ts";
import type { Session } from "../apps/api/src/platform/auth.ts";

const userCount = Number(process.argv[2] ?? 1_000_000);
const rowCount = Number(process.argv[3] ?? 10_000_000);
const samples = Number(process.env.BENCH_SAMPLES ?? 300);
const databaseUrl = process.env.BENCH_DATABASE_URL;
if (!databaseUrl) throw new Error("BENCH_DATABASE_URL must name an empty PostgreSQL database");

const database = await openDatabase({ databaseUrl, poolSize: 2 });
await migrateDatabase(database);
const { db } = database;
const rowsOf = <Row>(result: unknown) => (result as { rows: Row[] }).rows;

async function timed(work: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await work();
  return performance.now() - started;
}

async function seed() {
  await db.execute(sql`select setseed(0.42)`);
  await db.execute(sql`
    insert into users (address)
    select '0x' || lpad(to_hex(g), 40, '0') from generate_series(1, ${userCount}) g`);
  // Load the ledger without its secondary indexes, then build them with their migration definitions.
  const indexes = rowsOf<{ indexname: string; indexdef: string }>(
    await db.execute(sql`select indexname, indexdef from pg_indexes
      where tablename = 'points_ledger' and indexname <> 'points_ledger_pkey'`),
  );
  for (const index of indexes) await db.execute(sql.raw(`drop index ${index.indexname}`));
  // Every user earns at least once; the rest of the rows go mostly to a few (random()^3 skews towards low ids),
  // amounts 1-200 with a few revocations, as missions, referrals and grants would.
  await db.execute(sql`
    insert into points_ledger (user_id, amount, reason, source_kind, source_id, created_at)
    select
      case when g <= ${userCount} then g else 1 + floor(random() ^ 3 * ${userCount})::bigint end,
      1 + floor(random() * 200)::bigint,
      'Mission completed',
      (array['mission', 'referral', 'admin'])[1 + g % 3],
      g::text,
      now() - random() * interval '365 days'
    from generate_series(1, ${rowCount}) g`);
  for (const index of indexes) await db.execute(sql.raw(index.indexdef));
  await db.execute(sql`
    insert into points_totals (user_id, points, updated_at)
    select user_id, sum(amount), now() from points_ledger group by user_id`);
  await db.execute(sql`
    insert into points_balance_counts (points, users)
    select points, count(*) from points_totals where points > 0 group by points`);
  await db.execute(sql`vacuum analyze users`);
  await db.execute(sql`vacuum analyze points_ledger`);
  await db.execute(sql`vacuum analyze points_totals`);
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;

function summary(times: number[]) {
  const sorted = [...times].sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p99: percentile(sorted, 99), max: sorted.at(-1) ?? 0 };
}

// BENCH_REUSE=1 measures again on a database an earlier run seeded (and did not drop).
const [seeded] = rowsOf<{ users: string }>(await db.execute(sql`select count(*) as users from users`));
const reuse = process.env.BENCH_REUSE === "1" && Number(seeded?.users) >= userCount;
const seedStarted = performance.now();
if (!reuse) await seed();
const seedMs = performance.now() - seedStarted;
// As the fold job does every minute: the running counts a rank reads.
const foldStarted = performance.now();
await foldBalanceCounts(db);
const foldMs = performance.now() - foldStarted;

const service = createPointsService({
  db,
  settings: { startLevel: 0, pointsPerLevel: 100, pointName: "EP" },
});
const viewer = (userId: number): Session => ({
  sessionId: 0,
  userId,
  address: `0x${userId.toString(16).padStart(40, "0")}`,
  project: "DROPFAIR",
  expiresAt: new Date(Date.now() + 3_600_000),
  signedInAt: new Date(),
});
const randomUser = () => 1 + Math.floor(Math.random() * userCount);

// Live credits through the module, left unfolded (as between two runs of the fold job): ranks read them too.
const credits: number[] = [];
for (let n = 0; n < samples * 5; n++) {
  const credit = {
    userId: randomUser(),
    amount: 1 + (n % 50),
    reason: "Bench",
    sourceKind: "bench",
    sourceId: String(n),
  };
  credits.push(await timed(() => creditPoints(db, credit)));
}

// Warm the caches the way a running server has them.
for (let n = 0; n < 20; n++) await service.leaderboard(100, viewer(randomUser()));

const top: number[] = [];
const rank: number[] = [];
const both: number[] = [];
for (let n = 0; n < samples; n++) {
  top.push(await timed(() => service.leaderboard(100, null)));
  const userId = randomUser();
  rank.push(
    await timed(async () => {
      const standing = await service.standing(userId);
      if (standing.rank === null) throw new Error(`user ${userId} has no rank`);
    }),
  );
  both.push(await timed(() => service.leaderboard(100, viewer(randomUser()))));
}
// The last-placed user counts (almost) every balance above theirs: the worst case of the rank query.
const [last] = rowsOf<{ user_id: string }>(
  await db.execute(sql`select user_id from points_totals order by points asc, user_id desc limit 1`),
);
const worst: number[] = [];
for (let n = 0; n < 50; n++)
  worst.push(await timed(() => service.leaderboard(1, viewer(Number(last?.user_id)))));

const [histogram] = rowsOf<{ mismatched: string }>(
  await db.execute(sql`
    select count(*) as mismatched from (
      select points, count(*) as users from points_totals where points > 0 group by points
    ) totals full join (
      select points, sum(users) as users from (
        select points, users from points_balance_counts union all select points, delta from points_balance_deltas
      ) counted group by points having sum(users) <> 0
    ) counts using (points) where totals.users is distinct from counts.users`),
);
const [check] = rowsOf<{ mismatched: string; users: string; rows: string }>(
  await db.execute(sql`
    select
      (select count(*) from points_totals) as users,
      (select count(*) from points_ledger) as rows,
      (select count(*) from (select user_id, sum(amount) as points from points_ledger group by user_id) ledger
        full join points_totals t using (user_id) where t.points is distinct from ledger.points) as mismatched`),
);
const server = rowsOf<{ server_version: string }>(await db.execute(sql`show server_version`))[0];
await database.close();

console.log(
  JSON.stringify({
    users: Number(check?.users),
    rows: Number(check?.rows),
    totalsMismatched: Number(check?.mismatched),
    balanceCountsMismatched: Number(histogram?.mismatched),
    unfoldedCredits: credits.length,
    credit: summary(credits),
    seedSeconds: seedMs / 1000,
    reused: reuse,
    foldMs,
    samples,
    top100: summary(top),
    oneUserRank: summary(rank),
    top100WithOwnRank: summary(both),
    lastPlacedRank: summary(worst),
    postgres: server?.server_version,
    loadAverage: loadavg()[0],
  }),
);
