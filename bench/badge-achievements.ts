// The achievements page's API for a user with 500 badges (target: p99 under 50 ms): the real API in-process
// (Fastify `inject`), PGlite (or PostgreSQL with TEST_DATABASE_URL), one programme of 500 badges of every rule kind
// (points, level, missions, airdrops, list), 250 of them minted to the user, the user on 100 lists. Samples are
// taken one after the other after a warm-up. Run: `node --import tsx bench/badge-achievements.ts [samples]`;
// prints one JSON line.
import { loadavg } from "node:os";
import { badgeListEntries, badgeMints, badgeProgrammes, badges } from "@dropfair/db";
import { buildTestApp, newWallet, signIn } from "../apps/api/test/helper.ts";

const samples = Number(process.argv[2] ?? 300);
const badgeCount = 500;
const contract = "0x5FC8d32690cc91D4c39d9d3abcBD16989F875707" as const;
const admin = newWallet();
const context = await buildTestApp({
  environment: { ADMIN_ADDRESSES: admin.address, BADGE_ADDRESSES: `31337:${contract}` },
});
try {
  const { app, database } = context;
  const db = database.db;
  const adminToken = (await signIn(app, admin)).token;
  const player = await signIn(app);
  await app.inject({
    method: "POST",
    url: "/api/bounty/points/admin/grants",
    headers: { authorization: `Bearer ${adminToken}` },
    payload: { address: player.wallet.address, amount: 250, reason: "bench" },
  });
  const missionIds: number[] = [];
  for (let index = 0; index < 10; index++) {
    const created = await app.inject({
      method: "POST",
      url: "/api/bounty/missions/achievement/missions",
      headers: { authorization: `Bearer ${adminToken}` },
      payload: { kind: "x_follow", parameters: { userId: String(1000 + index), username: `bench${index}` } },
    });
    missionIds.push(created.json().content.id);
  }
  const [programme] = await db
    .insert(badgeProgrammes)
    .values({ code: "BENCH500", kind: "custom", title: "Bench" })
    .returning();
  const rules = [
    { kind: "points", points: 100 },
    { kind: "level", level: 3 },
    { kind: "missions", missionIds: missionIds.slice(0, 3) },
    { kind: "airdrop_create", count: 1 },
    { kind: "airdrop_claim", count: 1 },
    { kind: "list" },
  ];
  const rows = await db
    .insert(badges)
    .values(
      Array.from({ length: badgeCount }, (_, index) => {
        const rule = rules[index % rules.length]!;
        return {
          programmeId: programme!.id,
          position: index,
          name: `Badge ${index}`,
          image: "artwork:sbt",
          ruleKind: rule.kind,
          rule,
          period: index % 3 === 0 ? ("monthly" as const) : ("once" as const),
          kind: index % 2 === 0 ? ("sbt" as const) : ("nft" as const),
          chainId: 31337,
        };
      }),
    )
    .returning({ id: badges.id, period: badges.period, kind: badges.kind, ruleKind: badges.ruleKind });
  const now = new Date();
  const month = now.getUTCFullYear() * 100 + now.getUTCMonth() + 1;
  await db.insert(badgeMints).values(
    rows.slice(0, 250).map((row, index) => ({
      badgeId: row.id,
      address: player.wallet.address,
      period: row.period === "monthly" ? month : 0,
      kind: row.kind,
      chainId: 31337,
      contractAddress: contract,
      tokenId: String(index + 1),
      txHash: `0x${index.toString(16).padStart(64, "0")}`,
      blockNumber: index + 1,
      logIndex: 0,
    })),
  );
  await db.insert(badgeListEntries).values(
    rows
      .filter((row) => row.ruleKind === "list")
      .slice(0, 100)
      .map((row) => ({ badgeId: row.id, address: player.wallet.address })),
  );

  const request = () =>
    app.inject({
      method: "GET",
      url: "/api/bounty/badges/achievements?programme=BENCH500",
      headers: { authorization: `Bearer ${player.token}` },
    });
  const check = await request();
  const content = check.json().content;
  if (check.statusCode !== 200 || content.badges.length !== badgeCount)
    throw new Error(`unexpected answer: ${check.statusCode} ${check.body.slice(0, 200)}`);
  for (let warm = 0; warm < 20; warm++) await request();
  const loadAverageAtStart = loadavg()[0];
  const times: number[] = [];
  // The process's own CPU time per answer: what the answer costs whatever the machine's load.
  const cpu: number[] = [];
  for (let sample = 0; sample < samples; sample++) {
    const cpuBefore = process.cpuUsage();
    const started = performance.now();
    const response = await request();
    times.push(performance.now() - started);
    const used = process.cpuUsage(cpuBefore);
    cpu.push((used.user + used.system) / 1000);
    if (response.statusCode !== 200) throw new Error(`status ${response.statusCode}`);
  }
  times.sort((left, right) => left - right);
  cpu.sort((left, right) => left - right);
  const at = (quantile: number, values = times) =>
    values[Math.min(values.length - 1, Math.floor(quantile * values.length))]!;
  console.log(
    JSON.stringify({
      badges: badgeCount,
      loadAverageAtStart,
      minted: content.balance,
      mintable: content.mintable,
      bytes: check.body.length,
      samples,
      database: database.kind,
      p50: at(0.5),
      p99: at(0.99),
      max: times.at(-1),
      cpuP50: at(0.5, cpu),
      loadAverage: loadavg()[0],
    }),
  );
} finally {
  await context.close();
}
