import { eq, missionCampaigns, missions, pointsLedger, sql, users } from "@dropfair/db";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { creditPoints } from "../src/modules/points/index.ts";
import { buildTestApp, newWallet, signIn, type TestContext } from "./helper.ts";

const adminWallet = newWallet();
let context: TestContext;
let adminToken: string;

beforeAll(async () => {
  context = await buildTestApp({ environment: { ADMIN_ADDRESSES: adminWallet.address } });
  adminToken = (await signIn(context.app, adminWallet)).token;
});
afterAll(async () => {
  await context.close();
});

function call(method: "GET" | "POST", url: string, token?: string, payload?: unknown, language?: string) {
  return context.app.inject({
    method,
    url,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(language ? { "accept-language": language } : {}),
    },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

async function signedInUser() {
  const session = await signIn(context.app);
  const [row] = await context.database.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.address, session.wallet.address));
  return { ...session, userId: row?.id ?? expect.unreachable("no user row") };
}

const credit = (userId: number, amount: number, sourceId: string, sourceKind = "mission") =>
  creditPoints(context.database.db, { userId, amount, reason: `test ${sourceId}`, sourceKind, sourceId });

describe("GET /api/bounty/points/me", () => {
  it("asks a visitor to sign in (401, en and cn)", async () => {
    const anonymous = await call("GET", "/api/bounty/points/me");
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({
      content: null,
      typeCode: 420,
      message: "Please connect your wallet and sign in first.",
    });
    const cn = await call("GET", "/api/bounty/points/me", undefined, undefined, "zh-cn");
    expect(cn.json().message).toBe("请先连接钱包并登录。");
  });

  it("answers the balance, level and progress, and the point name", async () => {
    const user = await signedInUser();
    const empty = await call("GET", "/api/bounty/points/me", user.token);
    expect(empty.json()).toEqual({
      content: {
        points: 0,
        level: 0,
        pointsIntoLevel: 0,
        pointsToNextLevel: 100,
        pointsPerLevel: 100,
        pointName: "EP",
      },
      typeCode: 1,
      message: "success",
    });
    await credit(user.userId, 230, "a");
    expect((await call("GET", "/api/bounty/points/me", user.token)).json().content).toEqual({
      points: 230,
      level: 2,
      pointsIntoLevel: 30,
      pointsToNextLevel: 70,
      pointsPerLevel: 100,
      pointName: "EP",
    });
  });
});

describe("GET /api/bounty/points/me/history", () => {
  it("refuses a visitor and pages the caller's own rows, newest first", async () => {
    expect((await call("GET", "/api/bounty/points/me/history")).statusCode).toBe(401);
    const user = await signedInUser();
    const other = await signedInUser();
    for (let n = 1; n <= 5; n++) await credit(user.userId, n * 10, `h${n}`);
    await credit(other.userId, 999, "not-yours");
    // Distinct times, so the order is the time order.
    await context.database.db.execute(
      sql`update ${pointsLedger} set created_at = now() - (interval '1 minute' * (10 - amount / 10)) where user_id = ${user.userId}`,
    );
    const first = (await call("GET", "/api/bounty/points/me/history?pageSize=2", user.token)).json().content;
    expect(first.total).toBe(5);
    expect(first.page).toBe(1);
    expect(first.rows.map((row: { amount: number }) => row.amount)).toEqual([50, 40]);
    expect(first.rows[0]).toEqual({
      amount: 50,
      reason: "test h5",
      sourceKind: "mission",
      sourceId: "h5",
      params: {},
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    const third = (await call("GET", "/api/bounty/points/me/history?pageSize=2&page=3", user.token)).json()
      .content;
    expect(third.rows.map((row: { amount: number }) => row.amount)).toEqual([10]);
    const beyond = (await call("GET", "/api/bounty/points/me/history?pageSize=2&page=4", user.token)).json()
      .content;
    expect(beyond.rows).toEqual([]);
    const bad = await call("GET", "/api/bounty/points/me/history?pageSize=1000", user.token);
    expect(bad.statusCode).toBe(400);
  });
});

async function insertMission(title: string) {
  const db = context.database.db;
  const [campaign] = await db
    .insert(missionCampaigns)
    .values({ kind: "achievement", referenceId: `history-${Math.random()}` })
    .returning();
  const [mission] = await db
    .insert(missions)
    .values({
      campaignId: campaign!.id,
      position: 0,
      kind: "discord_join",
      parameters: {},
      title,
      rewardEp: 5,
    })
    .returning();
  return mission!.id;
}

describe("GET /api/bounty/points/me/history: what each row is worded from", () => {
  it("carries the source kind and id with the mission title, the referee's wallet, the administrator's reason", async () => {
    const user = await signedInUser();
    const referee = await signedInUser();
    const titled = await insertMission("Join our Discord");
    const untitled = await insertMission("");
    const pointsCredit = (amount: number, reason: string, sourceKind: string, sourceId: string) =>
      creditPoints(context.database.db, { userId: user.userId, amount, reason, sourceKind, sourceId });
    await pointsCredit(5, "Join our Discord", "mission", String(titled));
    await pointsCredit(5, `mission ${untitled}`, "mission", String(untitled));
    await pointsCredit(50, "Referral reward: 0x…", "referral", String(referee.userId));
    await pointsCredit(1, "kept as stored", "badge", "b1");
    const granted = await call("POST", "/api/bounty/points/admin/grants", adminToken, {
      address: user.wallet.address,
      amount: -7,
      reason: "Duplicate <b>account</b>",
    });
    expect(granted.statusCode).toBe(200);
    const history = (await call("GET", "/api/bounty/points/me/history?pageSize=10", user.token)).json()
      .content;
    const byKind = (kind: string, id?: string) =>
      history.rows.find(
        (row: { sourceKind: string; sourceId: string }) =>
          row.sourceKind === kind && (id === undefined || row.sourceId === id),
      );
    expect(history.total).toBe(5);
    expect(byKind("mission", String(titled))).toMatchObject({
      reason: "Join our Discord",
      params: { title: "Join our Discord" },
    });
    expect(byKind("mission", String(untitled))).toMatchObject({ reason: `mission ${untitled}`, params: {} });
    expect(byKind("referral")).toMatchObject({
      sourceId: String(referee.userId),
      reason: "Referral reward: 0x…",
      params: { address: referee.wallet.address },
    });
    expect(byKind("admin")).toMatchObject({
      amount: -7,
      sourceId: granted.json().content.id,
      reason: "Duplicate <b>account</b>",
      params: { note: "Duplicate <b>account</b>" },
    });
    expect(byKind("badge")).toMatchObject({ reason: "kept as stored", params: {} });
  });
});

describe("GET /api/bounty/points/leaderboard", () => {
  it("ranks balances equal to the ledger sums after credits and revocations; own rank when signed in", async () => {
    const [a, b, c] = [await signedInUser(), await signedInUser(), await signedInUser()];
    await credit(a.userId, 5000, "l1");
    await credit(a.userId, -1500, "l2", "admin");
    await credit(b.userId, 4000, "l3");
    await credit(b.userId, -500, "l4", "admin");
    await credit(c.userId, 3000, "l5");
    await credit(c.userId, 3000, "l5"); // a retry: counted once
    const board = (await call("GET", "/api/bounty/points/leaderboard?limit=3")).json().content;
    expect(board.pointName).toBe("EP");
    expect(board.me).toBeNull();
    // a and b tie at 3,500 and share rank 1.
    expect(board.rows).toEqual([
      { rank: 1, address: a.wallet.address, points: 3500, level: 35 },
      { rank: 1, address: b.wallet.address, points: 3500, level: 35 },
      { rank: 3, address: c.wallet.address, points: 3000, level: 30 },
    ]);
    const full = (await call("GET", "/api/bounty/points/leaderboard?limit=100")).json().content;
    const sums = await context.database.db.execute(
      sql`select u.address, sum(l.amount)::bigint as points from ${pointsLedger} l join ${users} u on u.id = l.user_id group by u.address having sum(l.amount) > 0`,
    );
    const ledger = new Map(
      (sums as unknown as { rows: { address: string; points: string }[] }).rows.map((row) => [
        row.address,
        Number(row.points),
      ]),
    );
    expect(full.rows).toHaveLength(ledger.size);
    for (const row of full.rows) expect(row.points).toBe(ledger.get(row.address.toLowerCase()));

    const mine = (await call("GET", "/api/bounty/points/leaderboard?limit=1", c.token)).json().content;
    expect(mine.me).toEqual({ rank: 3, address: c.wallet.address, points: 3000, level: 30 });
    const nobody = await signedInUser();
    const unranked = (await call("GET", "/api/bounty/points/leaderboard?limit=1", nobody.token)).json()
      .content;
    expect(unranked.me).toEqual({ rank: null, address: nobody.wallet.address, points: 0, level: 0 });
  });

  it("refuses a limit outside 1-100 with 400", async () => {
    for (const limit of ["0", "101", "abc", "1.5"])
      expect((await call("GET", `/api/bounty/points/leaderboard?limit=${limit}`)).statusCode).toBe(400);
  });
});
