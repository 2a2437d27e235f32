// Each badge rule read against what other modules recorded (missions finished, airdrops created and claimed, wheel
// prizes won, the level from the points ledger), the periods a mint falls in, seasons, mint windows and the drops list.
import {
  airdropParticipants,
  airdrops,
  badges,
  eq,
  missionCampaigns,
  missionCompletions,
  users,
  wheelGames,
  wheelSpins,
} from "@dropfair/db";
import type { Achievements, BadgeDetail, Drop, MintVoucher, Programme } from "@dropfair/schemas/badges";
import { typeCodes } from "@dropfair/schemas/envelope";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, createAirdropDraft, newWallet, signIn, type TestContext } from "./helper.ts";

const badgeContract = "0x5FC8d32690cc91D4c39d9d3abcBD16989F875707";
const localChain = 31337;
const admin = newWallet();
const clock = { now: new Date("2026-07-31T23:00:00Z") };
let context: TestContext;
let adminToken: string;
let code: string;

beforeAll(async () => {
  context = await buildTestApp({
    environment: {
      ADMIN_ADDRESSES: admin.address,
      BADGE_ADDRESSES: `${localChain}:${badgeContract}`,
      AIRDROP_SIGNER_KEY: `0x${"42".repeat(32)}`,
    },
    now: () => clock.now,
  });
  adminToken = (await signIn(context.app, admin)).token;
  code = (
    await request<Programme>("POST", "/programmes", {
      token: adminToken,
      body: { code: "RULES", title: "Rules" },
    })
  ).body.content.code;
});
afterAll(async () => {
  await context.close();
});

async function request<T>(
  method: "GET" | "POST" | "PATCH",
  url: string,
  options: { token?: string; body?: unknown } = {},
) {
  const response = await context.app.inject({
    method,
    url: `/api/bounty/badges${url}`,
    headers: options.token ? { authorization: `Bearer ${options.token}` } : {},
    ...(options.body !== undefined ? { payload: options.body as Record<string, unknown> } : {}),
  });
  return {
    status: response.statusCode,
    body: response.json() as { content: T; typeCode: number; message: string },
  };
}

async function addBadge(fields: Record<string, unknown>): Promise<number> {
  const created = await request<BadgeDetail>("POST", `/programmes/${code}/badges`, {
    token: adminToken,
    body: { name: "Badge", period: "once", kind: "sbt", chainId: localChain, ...fields },
  });
  expect(created.status).toBe(200);
  return created.body.content.badge.id;
}

async function stateFor(token: string | undefined, badgeId: number) {
  const detail = await request<BadgeDetail>("GET", `/badges/${badgeId}`, { token });
  return detail.body.content.badge;
}

async function userIdOf(address: string): Promise<number> {
  const [row] = await context.database.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.address, address as `0x${string}`));
  return row?.id ?? expect.unreachable("no user");
}

describe("rules", () => {
  it("counts the given missions the user finished", async () => {
    const missionIds: number[] = [];
    for (const username of ["alpha", "beta"]) {
      const created = await context.app.inject({
        method: "POST",
        url: "/api/bounty/missions/achievement/missions",
        headers: { authorization: `Bearer ${adminToken}` },
        payload: {
          kind: "x_follow",
          parameters: { userId: "12345", username },
          rewardEp: 0,
          rewardTickets: 0,
        },
      });
      expect(created.statusCode).toBe(200);
      missionIds.push(created.json().content.id);
    }
    const badgeId = await addBadge({ rule: { kind: "missions", missionIds } });
    const player = await signIn(context.app);
    expect(await stateFor(player.token, badgeId)).toMatchObject({
      state: "locked",
      progress: { current: 0, target: 2 },
    });
    const userId = await userIdOf(player.wallet.address);
    const [campaign] = await context.database.db.select().from(missionCampaigns).limit(1);
    for (const [index, missionId] of missionIds.entries()) {
      await context.database.db.insert(missionCompletions).values({
        userId,
        missionId,
        campaignId: campaign!.id,
        provider: "x",
        accountId: "777",
        rewardEp: 0,
        rewardTickets: 0,
      });
      const expected = index === 0 ? { state: "locked", current: 1 } : { state: "mintable", current: 2 };
      expect(await stateFor(player.token, badgeId)).toMatchObject({
        state: expected.state,
        progress: { current: expected.current, target: 2 },
      });
    }
  });

  it("counts released airdrops the user created and claims paid to the wallet", async () => {
    const createBadgeId = await addBadge({ rule: { kind: "airdrop_create", count: 1 } });
    const claimBadgeId = await addBadge({ rule: { kind: "airdrop_claim", count: 1 }, kind: "nft" });
    const creator = await signIn(context.app);
    const draft = await createAirdropDraft(context.app, creator.token);
    // A draft is not an airdrop anyone can join yet.
    expect((await stateFor(creator.token, createBadgeId)).state).toBe("locked");
    await context.database.db
      .update(airdrops)
      .set({ releasedAt: clock.now })
      .where(eq(airdrops.id, draft.id));
    expect((await stateFor(creator.token, createBadgeId)).state).toBe("mintable");

    const claimer = await signIn(context.app);
    expect((await stateFor(claimer.token, claimBadgeId)).state).toBe("locked");
    await context.database.db.insert(airdropParticipants).values({
      airdropId: draft.id,
      position: 0,
      account: claimer.wallet.address.toLowerCase(),
      label: claimer.wallet.address,
      claimedAt: clock.now,
      claimedBy: claimer.wallet.address,
    });
    expect((await stateFor(claimer.token, claimBadgeId)).state).toBe("mintable");
    expect((await stateFor(claimer.token, createBadgeId)).state).toBe("locked");
  });

  it("counts the prizes the user won on the lucky wheel (spins that drew nothing do not count)", async () => {
    const badgeId = await addBadge({ rule: { kind: "wheel_prize", count: 1 } });
    const player = await signIn(context.app);
    const userId = await userIdOf(player.wallet.address);
    const [game] = await context.database.db
      .insert(wheelGames)
      .values({
        creatorUserId: userId,
        title: "Wheel",
        chainId: localChain,
        contractAddress: badgeContract,
        fromBlock: 0n,
        startsAt: clock.now,
        endsAt: new Date(clock.now.getTime() + 3_600_000),
        salt: "0x00",
        saltHash: "0x00",
      })
      .returning();
    const spin = (prizeId: string | null) => ({
      gameId: game!.id,
      userId,
      account: player.wallet.address,
      stage: "completed" as const,
      voucherDeadline: clock.now,
      prizeId,
    });
    await context.database.db.insert(wheelSpins).values(spin(null));
    expect(await stateFor(player.token, badgeId)).toMatchObject({
      state: "locked",
      progress: { current: 0 },
    });
    await context.database.db.insert(wheelSpins).values(spin("gold"));
    expect(await stateFor(player.token, badgeId)).toMatchObject({
      state: "mintable",
      progress: { current: 1 },
    });
  });

  it("reads the level from the points ledger with the configured levels", async () => {
    const badgeId = await addBadge({ rule: { kind: "level", level: 2 } });
    const player = await signIn(context.app);
    const grant = (amount: number) =>
      context.app.inject({
        method: "POST",
        url: "/api/bounty/points/admin/grants",
        headers: { authorization: `Bearer ${adminToken}` },
        payload: { address: player.wallet.address, amount, reason: "level test" },
      });
    await grant(199);
    expect(await stateFor(player.token, badgeId)).toMatchObject({
      state: "locked",
      progress: { current: 1, target: 2 },
    });
    await grant(1);
    expect(await stateFor(player.token, badgeId)).toMatchObject({
      state: "mintable",
      progress: { current: 2 },
    });
  });

  it("shows an anonymous visitor every badge locked, with nothing achieved", async () => {
    const page = await request<Achievements>("GET", "/achievements");
    expect(page.status).toBe(200);
    expect(page.body.content).toMatchObject({ signedIn: false, points: 0, mintable: 0, balance: 0 });
    expect(new Set(page.body.content.badges.map((badge) => badge.state))).toEqual(new Set(["locked"]));
    // The seeded programmes are there, with our artwork.
    const programmes = await request<Programme[]>("GET", "/programmes");
    expect(programmes.body.content.map((programme) => programme.code)).toEqual(
      expect.arrayContaining(["TMRZYR", "6QVAX5", "RULES"]),
    );
  });
});

describe("periods, seasons and windows", () => {
  it("keys a monthly badge by month in UTC and a seasonal one by the programme's season", async () => {
    const monthly = await addBadge({ rule: { kind: "points", points: 1 }, period: "monthly" });
    const seasonal = await addBadge({ rule: { kind: "points", points: 1 }, period: "season" });
    const player = await signIn(context.app);
    await context.app.inject({
      method: "POST",
      url: "/api/bounty/points/admin/grants",
      headers: { authorization: `Bearer ${adminToken}` },
      payload: { address: player.wallet.address, amount: 5, reason: "period test" },
    });
    expect(await stateFor(player.token, monthly)).toMatchObject({
      currentPeriod: 202607,
      closesAt: "2026-08-01T00:00:00.000Z",
    });
    expect((await stateFor(player.token, seasonal)).currentPeriod).toBe(1);
    const moved = await request<Programme>("PATCH", `/programmes/${code}`, {
      token: adminToken,
      body: { season: 4 },
    });
    expect(moved.body.content.season).toBe(4);
    expect((await stateFor(player.token, seasonal)).currentPeriod).toBe(4);
    const later = clock.now;
    clock.now = new Date("2026-08-01T00:00:00Z");
    try {
      expect((await stateFor(player.token, monthly)).currentPeriod).toBe(202608);
    } finally {
      clock.now = later;
    }
  });

  it("opens minting only inside the window, and lists open badges as drops, the soonest to close first", async () => {
    const upcoming = await addBadge({
      rule: { kind: "points", points: 1 },
      mintStart: "2026-08-05T00:00:00Z",
    });
    const closing = await addBadge({
      name: "Closing soon",
      rule: { kind: "points", points: 1 },
      mintEnd: "2026-07-31T23:30:00Z",
    });
    const closed = await addBadge({ rule: { kind: "points", points: 1 }, mintEnd: "2026-07-01T00:00:00Z" });
    const player = await signIn(context.app);
    await context.app.inject({
      method: "POST",
      url: "/api/bounty/points/admin/grants",
      headers: { authorization: `Bearer ${adminToken}` },
      payload: { address: player.wallet.address, amount: 5, reason: "window test" },
    });
    expect((await stateFor(player.token, upcoming)).state).toBe("upcoming");
    expect((await stateFor(player.token, closed)).state).toBe("closed");
    expect((await stateFor(player.token, closing)).state).toBe("mintable");
    const refused = await request<MintVoucher>("POST", `/badges/${closed}/voucher`, { token: player.token });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      typeCode: typeCodes.badgeMintClosed,
      message: "This badge is not open for minting now.",
    });
    const drops = await request<Drop[]>("GET", "/drops");
    const ids = drops.body.content.map((drop) => drop.id);
    expect(ids[0]).toBe(closing);
    expect(drops.body.content[0]).toMatchObject({
      programmeTitle: "Rules",
      programmeSeed: null,
      closesAt: "2026-07-31T23:30:00.000Z",
    });
    expect(ids).not.toContain(upcoming);
    expect(ids).not.toContain(closed);
  });
});

describe("the catalogue each process keeps", () => {
  it("sees another process's mints and edits once its check interval has passed, and its own at once", async () => {
    const badgeId = await addBadge({ name: "Kept", rule: { kind: "points", points: 1 } });
    const shown = async () => {
      const page = await request<Achievements>("GET", `/achievements?programme=${code}`);
      return page.body.content.badges.find((badge) => badge.id === badgeId) ?? expect.unreachable("no badge");
    };
    expect(await shown()).toMatchObject({ name: "Kept", holders: 0 });
    // Another process records mints and edits the badge: the database moves, this process's copy does not yet.
    const db = context.database.db;
    await db.update(badges).set({ mintCount: 3 }).where(eq(badges.id, badgeId));
    expect((await shown()).holders).toBe(0);
    clock.now = new Date(clock.now.getTime() + 6_000);
    expect(await shown()).toMatchObject({ name: "Kept", holders: 3 });
    await db
      .update(badges)
      .set({ name: "Edited elsewhere", updatedAt: new Date(clock.now.getTime() + 1_000) })
      .where(eq(badges.id, badgeId));
    expect((await shown()).name).toBe("Kept");
    clock.now = new Date(clock.now.getTime() + 6_000);
    expect((await shown()).name).toBe("Edited elsewhere");
    // An edit through this process shows at once.
    const edited = await request<BadgeDetail>("PATCH", `/badges/${badgeId}`, {
      token: adminToken,
      body: { name: "Edited here" },
    });
    expect(edited.status).toBe(200);
    expect((await shown()).name).toBe("Edited here");
  });
});
