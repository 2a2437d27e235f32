// Mission checks per second against the sandbox with its rate limits off: the real API in-process (Fastify
// `inject`), PGlite, 50 wallets each signed in with their own sandbox X account, 8 missions (follow, retweet,
// like and quote, two of each, on fresh posts), the X sandbox holding half the actions. Every first check asks
// the X sandbox through the real client and then records a completion (with its EP credit) or a failure.
// Run: `node --import tsx bench/mission-checks.ts [wallets] [concurrency]`; prints one JSON line.

import { newWallet, signIn } from "../apps/api/test/helper.ts";
import { buildTestAppWithX, signInWithX } from "../apps/api/test/x-helper.ts";

const walletCount = Number(process.argv[2] ?? 50);
const concurrency = Number(process.argv[3] ?? 50);

const admin = newWallet();
const context = await buildTestAppWithX({
  environment: {
    ADMIN_ADDRESSES: admin.address,
    MISSION_CHECK_RATE_LIMIT_PER_MINUTE: "1000000",
    MISSION_CHECK_IP_RATE_LIMIT_PER_MINUTE: "1000000",
  },
});
const { app, sandbox } = context;
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
  .signInAccounts(walletCount + 20)
  .filter((user) => user.kind === "regular")
  .slice(0, walletCount);
if (accounts.length < walletCount) throw new Error(`only ${accounts.length} sandbox accounts offered`);
const players = [];
for (const [index, account] of accounts.entries()) {
  const { token } = await signIn(app);
  const xToken = await signInWithX(context, account.username);
  players.push({ token, xToken });
  // Every other wallet has done every mission on X.
  if (index % 2 === 0) {
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
}

const jobs = players.flatMap((player) => missions.map((mission) => ({ player, mission })));

async function runAll() {
  const statuses = new Map<number, number>();
  const latencies: number[] = [];
  let next = 0;
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
  latencies.sort((a, b) => a - b);
  const at = (share: number) =>
    latencies[Math.min(latencies.length - 1, Math.floor(share * latencies.length))] ?? 0;
  return {
    checks: jobs.length,
    seconds,
    checksPerSecond: jobs.length / seconds,
    p50: at(0.5),
    p99: at(0.99),
    statuses: Object.fromEntries(statuses),
  };
}

// No warm-up: the first pass is the cold one users see.
const first = await runAll();
const repeat = await runAll();
await context.close();
const database = process.env.TEST_DATABASE_URL ? "PostgreSQL" : "PGlite";
console.log(
  JSON.stringify({ database, wallets: walletCount, missions: missions.length, concurrency, first, repeat }),
);
