// Mission checks per second against the sandbox with its rate limits off: the real API in-process (Fastify
// `inject`), PGlite or PostgreSQL (`TEST_DATABASE_URL`), N wallets each signed in with their own sandbox X
// account, 8 missions (follow, retweet, like and quote, two of each, on fresh posts), and every wallet has done
// every mission on X. So each check of the first pass is a new completion: the X sandbox asked through the real
// client, then the completion, its EP credit and the referral hook written in one transaction. The repeat pass
// asks again: each answers "done" from the database.
// Besides wall time and latencies it measures the CPU each check costs this process (process.cpuUsage) and,
// on PostgreSQL, the database's server processes (/proc of the pool's backends), since the machine is shared
// and throughput alone says more about the other tenants than about the code.
// Run: `node --import tsx bench/mission-checks.ts [wallets] [concurrency]`; prints one JSON line.

import { readFileSync } from "node:fs";
import { cpus, loadavg, totalmem } from "node:os";
import { count, eq, missionCompletions, pointsLedger, sql } from "@dropfair/db";
import { newWallet, signIn } from "../apps/api/test/helper.ts";
import { buildTestAppWithX, signInWithX } from "../apps/api/test/x-helper.ts";

const walletCount = Number(process.argv[2] ?? 100);
const concurrency = Number(process.argv[3] ?? 50);

const admin = newWallet();
const context = await buildTestAppWithX({
  environment: {
    ADMIN_ADDRESSES: admin.address,
    MISSION_CHECK_RATE_LIMIT_PER_MINUTE: "1000000",
    MISSION_CHECK_IP_RATE_LIMIT_PER_MINUTE: "1000000",
  },
});
const { app, sandbox, database } = context;
const world = sandbox.world;
const { token: adminToken } = await signIn(app, admin);

type Mission = { id: number; kind: string; parameters: Record<string, string> };
async function createMission(body: Record<string, unknown>): Promise<Mission> {
  const response = await app.inject({
    method: "POST",
    url: "/api/bounty/missions/achievement/missions",
    headers: { authorization: `Bearer ${adminToken}` },
    payload: body,
  });
  if (response.statusCode !== 200) throw new Error(response.body);
  return response.json().content as Mission;
}

const host = world.fixtures.users.host;
const missions: Mission[] = [];
for (let round = 0; round < 2; round++) {
  const post = () => world.publishPost({ authorId: host.id, text: `bench ${round}` }).id;
  const target = world.fixtures.users[round === 0 ? "newbie" : "carol"];
  missions.push(
    await createMission({
      kind: "x_follow",
      parameters: { userId: target.id, username: target.username },
      rewardEp: 5,
    }),
  );
  missions.push(await createMission({ kind: "x_retweet", parameters: { postId: post() }, rewardEp: 5 }));
  missions.push(await createMission({ kind: "x_like", parameters: { postId: post() }, rewardEp: 5 }));
  missions.push(await createMission({ kind: "x_quote", parameters: { postId: post() }, rewardEp: 5 }));
}

const accounts = world
  .signInAccounts(walletCount + 40)
  .filter((user) => user.kind === "regular" && user.id !== world.fixtures.users.carol.id)
  .slice(0, walletCount);
if (accounts.length < walletCount) throw new Error(`only ${accounts.length} sandbox accounts offered`);
const players = [];
for (const account of accounts) {
  const { token } = await signIn(app);
  const xToken = await signInWithX(context, account.username);
  players.push({ token, xToken });
  // Every wallet has done every mission on X: each first check is a new completion.
  for (const mission of missions) {
    if (mission.kind === "x_follow") world.recordFollow(account.id, mission.parameters.userId as string);
    if (mission.kind === "x_retweet") world.recordRetweet(mission.parameters.postId as string, account.id);
    if (mission.kind === "x_like") world.recordLike(mission.parameters.postId as string, account.id);
    if (mission.kind === "x_quote")
      world.publishPost({
        authorId: account.id,
        text: "quoting",
        quoteOf: mission.parameters.postId as string,
      });
  }
}

const jobs = players.flatMap((player) => missions.map((mission) => ({ player, mission })));

/** CPU seconds the PostgreSQL backends serving this database have used so far (Linux /proc). */
async function serverCpuSeconds(): Promise<number | null> {
  if (database.kind !== "postgres") return null;
  const result = await database.pool.query<{ pid: number }>(
    "select pid from pg_stat_activity where datname = current_database()",
  );
  const ticksPerSecond = 100;
  let ticks = 0;
  for (const { pid } of result.rows) {
    try {
      const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
      // utime and stime: fields 14 and 15 of stat, 12 and 13 after "pid (comm) ".
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      return null;
    }
  }
  return ticks / ticksPerSecond;
}

async function runAll() {
  const statuses = new Map<number, number>();
  const latencies: number[] = [];
  let next = 0;
  const loadBefore = loadavg()[0]!;
  const serverBefore = await serverCpuSeconds();
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < jobs.length) {
        const job = jobs[next++]!;
        const begun = performance.now();
        const response = await app.inject({
          method: "POST",
          url: `/api/bounty/missions/${job.mission.id}/check`,
          headers: { authorization: `Bearer ${job.player.token}`, "x-twitter-token": job.player.xToken },
          payload: {},
        });
        latencies.push(performance.now() - begun);
        statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuBefore);
  const serverAfter = await serverCpuSeconds();
  latencies.sort((a, b) => a - b);
  const at = (share: number) =>
    latencies[Math.min(latencies.length - 1, Math.floor(share * latencies.length))] ?? 0;
  const processCpuMs = (cpu.user + cpu.system) / 1000;
  const serverCpuMs =
    serverBefore === null || serverAfter === null ? null : (serverAfter - serverBefore) * 1000;
  return {
    checks: jobs.length,
    seconds,
    checksPerSecond: jobs.length / seconds,
    p50: at(0.5),
    p99: at(0.99),
    statuses: Object.fromEntries(statuses),
    cpuMsPerCheck: processCpuMs / jobs.length,
    serverCpuMsPerCheck: serverCpuMs === null ? null : serverCpuMs / jobs.length,
    // The share of one core this process got while the pass ran.
    cpuShare: processCpuMs / 1000 / seconds,
    load: [loadBefore, loadavg()[0]!],
  };
}

// No warm-up: the first pass is the cold one users see.
const first = await runAll();
// Each completion credited exactly once.
const [completions] = await database.db.select({ total: count() }).from(missionCompletions);
const [credits] = await database.db
  .select({ total: count() })
  .from(pointsLedger)
  .where(eq(pointsLedger.sourceKind, "mission"));
if (
  Number(completions?.total) !== jobs.length ||
  Number(credits?.total) !== jobs.length ||
  first.statuses[200] !== jobs.length
)
  throw new Error(
    `first pass: ${JSON.stringify(first.statuses)}, ${completions?.total} completions, ${credits?.total} credits`,
  );
const repeat = await runAll();
const serverVersion =
  database.kind === "postgres"
    ? (
        (await database.db.execute(sql`show server_version`)) as unknown as {
          rows: { server_version: string }[];
        }
      ).rows[0]?.server_version
    : undefined;
await context.close();
console.log(
  JSON.stringify({
    database: database.kind === "postgres" ? `PostgreSQL ${serverVersion}` : "PGlite",
    wallets: walletCount,
    missions: missions.length,
    concurrency,
    first,
    repeat,
    completions: Number(completions?.total),
    missionCredits: Number(credits?.total),
    machine: `${cpus().length} × ${cpus()[0]?.model.trim() ?? "CPU"}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}`,
    date: new Date().toISOString(),
  }),
);
