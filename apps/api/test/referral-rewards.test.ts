import { and, eq, pointsLedger, referralLinks, referralRewards } from "@dropfair/db";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, type TestContext } from "./helper.ts";
import {
  bindSocial,
  codeOf,
  finishMission,
  referralCall,
  signInWithParent,
  unbindSocial,
  userIdOf,
} from "./referral-helper.ts";

let context: TestContext;
beforeAll(async () => {
  context = await buildTestApp({
    environment: { REFERRAL_REWARD_EP: "50", REFERRAL_MONTHLY_CAP_EP: "100" },
  });
});
afterAll(async () => {
  await context.close();
});

let accountCounter = 0;
function freshAccount() {
  accountCounter += 1;
  return `9${Date.now()}${accountCounter}`;
}

/** A referrer and a referee signed in with the referrer's code. */
async function referralPair() {
  const referrer = await signInWithParent(context.app);
  const referee = await signInWithParent(context.app, await codeOf(context.app, referrer.token));
  return {
    referrer: { ...referrer, id: await userIdOf(context, referrer.wallet) },
    referee: { ...referee, id: await userIdOf(context, referee.wallet) },
  };
}

async function referralLedgerRows(referrerId: number) {
  return context.database.db
    .select()
    .from(pointsLedger)
    .where(and(eq(pointsLedger.userId, referrerId), eq(pointsLedger.sourceKind, "referral")));
}

describe("a referrer's reward", () => {
  it("is paid once the referee finished a mission and bound two social accounts, and shows in the results", async () => {
    const { referrer, referee } = await referralPair();
    await bindSocial(context, referee.id, "discord", freshAccount());
    expect(await finishMission(context, referee.id)).toEqual({
      outcome: "refused",
      reason: "notEnoughSocialAccounts",
    });
    expect(await referralLedgerRows(referrer.id)).toEqual([]);

    await bindSocial(context, referee.id, "telegram", freshAccount());
    expect(await finishMission(context, referee.id)).toEqual({
      outcome: "rewarded",
      referrerUserId: referrer.id,
      amountEp: 50,
    });
    const ledger = await referralLedgerRows(referrer.id);
    expect(ledger.map((row) => [row.amount, row.sourceId])).toEqual([[50, String(referee.id)]]);

    const results = await referralCall(context.app, { url: "/me/results", token: referrer.token });
    expect(results.status).toBe(200);
    expect(results.body.content).toEqual({
      rows: [
        {
          account: `${referee.wallet.address.slice(0, 5)}…${referee.wallet.address.slice(-4)}`,
          level: 0,
          missionsFinished: 2,
          rewardEp: 50,
          joinedAt: expect.any(String),
        },
      ],
      totals: { referees: 1, rewardedReferees: 1, rewardEp: 50 },
      page: 1,
      pageSize: 10,
    });
    const me = await referralCall(context.app, { url: "/me", token: referrer.token });
    expect(me.body.content.totals).toEqual({ referees: 1, rewardedReferees: 1, rewardEp: 50 });
    expect(me.body.content.earnedThisMonthEp).toBe(50);
    // A further mission earns the referrer nothing more.
    expect(await finishMission(context, referee.id)).toEqual({ outcome: "alreadyRewarded" });
    expect(await referralLedgerRows(referrer.id)).toHaveLength(1);
  });

  it("is nothing before any mission was finished", async () => {
    const { referee } = await referralPair();
    await bindSocial(context, referee.id, "discord", freshAccount());
    await bindSocial(context, referee.id, "telegram", freshAccount());
    expect(await context.app.referral.evaluateReward(referee.id)).toEqual({
      outcome: "refused",
      reason: "noMissionFinished",
    });
  });

  it("is nothing for a user nobody referred", async () => {
    const loner = await signInWithParent(context.app);
    expect(await finishMission(context, await userIdOf(context, loner.wallet))).toEqual({
      outcome: "notReferred",
    });
  });

  it.each(["x", "discord", "telegram"] as const)(
    "is nothing for a self-referral: the same %s account on both sides, even moved from the referrer to the referee",
    async (provider) => {
      const { referrer, referee } = await referralPair();
      const shared = freshAccount();
      await bindSocial(context, referrer.id, provider, shared);
      // The referrer's account is seen on them (a binding or any reward check records it), then moved.
      await context.app.referral.onSocialAccountLinked(referrer.id);
      await unbindSocial(context, referrer.id, provider);
      await bindSocial(context, referee.id, provider, shared);
      const other = provider === "telegram" ? "discord" : "telegram";
      await bindSocial(context, referee.id, other, freshAccount());
      expect(await finishMission(context, referee.id)).toEqual({
        outcome: "refused",
        reason: "selfReferral",
      });
      expect(await referralLedgerRows(referrer.id)).toEqual([]);
      const results = await referralCall(context.app, { url: "/me/results", token: referrer.token });
      expect(results.body.content.rows[0].rewardEp).toBe(0);
      expect(results.body.content.totals).toEqual({ referees: 1, rewardedReferees: 0, rewardEp: 0 });
    },
  );

  it("is nothing through a cycle (the referee is among the referrer's own referrers)", async () => {
    const { referrer, referee } = await referralPair();
    // Binding at the first sign-in cannot make a cycle; one written into the table must still pay nothing.
    await context.database.db
      .insert(referralLinks)
      .values({ refereeUserId: referrer.id, referrerUserId: referee.id, code: "cycle-test" });
    await bindSocial(context, referee.id, "discord", freshAccount());
    await bindSocial(context, referee.id, "telegram", freshAccount());
    expect(await finishMission(context, referee.id)).toEqual({ outcome: "refused", reason: "cycle" });
    await bindSocial(context, referrer.id, "discord", freshAccount());
    await bindSocial(context, referrer.id, "telegram", freshAccount());
    expect(await finishMission(context, referrer.id)).toEqual({ outcome: "refused", reason: "cycle" });
    expect(await referralLedgerRows(referrer.id)).toEqual([]);
    expect(await referralLedgerRows(referee.id)).toEqual([]);
  });

  it("stops at the monthly cap: with 50 EP a referee and a cap of 100, the third referee earns nothing", async () => {
    const referrer = await signInWithParent(context.app);
    const referrerId = await userIdOf(context, referrer.wallet);
    const code = await codeOf(context.app, referrer.token);
    const outcomes = [];
    for (let index = 0; index < 3; index += 1) {
      const referee = await signInWithParent(context.app, code);
      const refereeId = await userIdOf(context, referee.wallet);
      await bindSocial(context, refereeId, "discord", freshAccount());
      await bindSocial(context, refereeId, "telegram", freshAccount());
      outcomes.push(await finishMission(context, refereeId));
    }
    expect(outcomes.map((outcome) => outcome?.outcome)).toEqual(["rewarded", "rewarded", "refused"]);
    expect(outcomes[2]).toEqual({ outcome: "refused", reason: "monthlyCapReached" });
    const ledger = await referralLedgerRows(referrerId);
    expect(ledger.reduce((sum, row) => sum + row.amount, 0)).toBe(100);
  });

  it("is credited once when 50 triggers race for the same referee", async () => {
    const { referrer, referee } = await referralPair();
    await bindSocial(context, referee.id, "discord", freshAccount());
    await bindSocial(context, referee.id, "telegram", freshAccount());
    await finishMission(context, referee.id, { trigger: false });
    const outcomes = await Promise.all(
      Array.from({ length: 50 }, () => context.app.referral.evaluateReward(referee.id)),
    );
    expect(outcomes.filter((outcome) => outcome.outcome === "rewarded")).toHaveLength(1);
    expect(outcomes.filter((outcome) => outcome.outcome !== "rewarded")).toEqual(
      Array.from({ length: 49 }, () => ({ outcome: "alreadyRewarded" })),
    );
    expect(await referralLedgerRows(referrer.id)).toHaveLength(1);
    const rewards = await context.database.db
      .select()
      .from(referralRewards)
      .where(eq(referralRewards.refereeUserId, referee.id));
    expect(rewards).toHaveLength(1);
  });
});

describe("GET /api/bounty/referral/me/results", () => {
  it("pages the referees newest first, with the totals over all of them", async () => {
    const referrer = await signInWithParent(context.app);
    const code = await codeOf(context.app, referrer.token);
    const referees = [];
    for (let index = 0; index < 3; index += 1) referees.push(await signInWithParent(context.app, code));
    const short = (address: string) => `${address.slice(0, 5)}…${address.slice(-4)}`;
    const first = await referralCall(context.app, {
      url: "/me/results?page=1&pageSize=2",
      token: referrer.token,
    });
    expect(first.body.content.rows.map((row: { account: string }) => row.account)).toEqual([
      short(referees[2]!.wallet.address),
      short(referees[1]!.wallet.address),
    ]);
    expect(first.body.content.totals).toEqual({ referees: 3, rewardedReferees: 0, rewardEp: 0 });
    const second = await referralCall(context.app, {
      url: "/me/results?page=2&pageSize=2",
      token: referrer.token,
    });
    expect(second.body.content.rows.map((row: { account: string }) => row.account)).toEqual([
      short(referees[0]!.wallet.address),
    ]);
    const beyond = await referralCall(context.app, {
      url: "/me/results?page=9&pageSize=2",
      token: referrer.token,
    });
    expect(beyond.body.content.rows).toEqual([]);
  });

  it("shows another user's referees to nobody else: a stranger sees their own empty list", async () => {
    const { referrer } = await referralPair();
    const stranger = await signInWithParent(context.app);
    const theirs = await referralCall(context.app, { url: "/me/results", token: stranger.token });
    expect(theirs.body.content).toEqual({
      rows: [],
      totals: { referees: 0, rewardedReferees: 0, rewardEp: 0 },
      page: 1,
      pageSize: 10,
    });
    const owner = await referralCall(context.app, { url: "/me/results", token: referrer.token });
    expect(owner.body.content.rows).toHaveLength(1);
  });

  it("answers 400, never 500, for bad paging", async () => {
    const { token } = await signInWithParent(context.app);
    for (const query of ["page=0", "page=-1", "pageSize=51", "page=abc", "pageSize=1.5", "page=%00"]) {
      const answer = await referralCall(context.app, { url: `/me/results?${query}`, token });
      expect(answer.status, query).toBe(400);
    }
  });
});

describe("looking up codes (T14: enumeration)", () => {
  it("answers 429 after 10 unknown codes from one address, in en and cn, and keeps answering others", async () => {
    const { token } = await signInWithParent(context.app);
    const known = await codeOf(context.app, token);
    const prober = "203.0.113.7";
    for (let guess = 0; guess < 10; guess += 1) {
      const answer = await referralCall(context.app, { url: `/codes/guess-${guess}`, remoteAddress: prober });
      expect(answer.status).toBe(200);
      expect(answer.body.content).toEqual({ exists: false, inviter: null });
    }
    for (const [language, text] of [
      ["en", /^Too many look-ups of codes that do not exist\. Please try again in \d+ seconds\.$/],
      ["cn", /^查询不存在的邀请码次数过多，请在 \d+ 秒后重试。$/],
    ] as const) {
      const refused = await referralCall(context.app, {
        url: "/codes/guess-11",
        remoteAddress: prober,
        language,
      });
      expect(refused.status).toBe(429);
      expect(refused.body.typeCode).toBe(643);
      expect(refused.body.content).toBeNull();
      expect(refused.body.message).toMatch(text);
      expect(Number(refused.headers["retry-after"])).toBeGreaterThan(800);
    }
    // Past the limit even a code that exists is refused to that address: guessing gains nothing.
    const known429 = await referralCall(context.app, { url: `/codes/${known}`, remoteAddress: prober });
    expect(known429.status).toBe(429);
    const other = await referralCall(context.app, { url: `/codes/${known}`, remoteAddress: "198.51.100.4" });
    expect(other.status).toBe(200);
    expect(other.body.content.exists).toBe(true);
  });
});
