// Tips campaigns through the HTTP layer: creation and its validation (en and cn), the edit before the start and
// its refusals (T9), the list with its filters, the detail, funding on the AirdropDistributor (checked on chain),
// and joining with an X account once the join missions are done.
import { eq, tipsCampaigns } from "@dropfair/db";
import type { Mission } from "@dropfair/schemas/missions";
import type { TipsCampaignDetail, TipsCampaignList } from "@dropfair/schemas/tips";
import { describe, expect, it } from "vitest";
import {
  alice,
  bob,
  call,
  campaignBody,
  context,
  createCampaign,
  creatorToken,
  fund,
  join,
  moveTime,
  openDistributorCampaign,
  outcome,
  strangerToken,
  useTipsApi,
} from "./tips-helper.ts";

useTipsApi();

async function campaignRow(id: number) {
  const [row] = await context.database.db.select().from(tipsCampaigns).where(eq(tipsCampaigns.id, id));
  return row!;
}

describe("creating a campaign", () => {
  it("stores the prize in base units, the essential text with its # and @, the default formula", async () => {
    const created = await createCampaign({
      hashtag: "Dropfair",
      mention: "dropfair_host",
      totalPrize: "12.5",
    });
    expect(created).toMatchObject({
      status: 0,
      hashtag: "#Dropfair",
      mention: "@dropfair_host",
      slogan: "",
      totalPrize: "12500000000000000000",
      tokenDecimals: 18,
      funded: false,
      participants: 0,
      myEarned: null,
      formula: {
        algorithm: "dropfair-tips-v1",
        weights: { views: 1, likes: 1, replies: 2, retweets: 3, quotes: 4 },
        tweetCap: 1000,
        dailyTweets: 3,
      },
    });
    expect(new Date(created.claimableUntil).getTime() - new Date(created.endAt).getTime()).toBe(
      30 * 86_400_000,
    );
    expect(created.missionCampaignId).toEqual(expect.any(Number));
    const custom = await createCampaign({
      weights: { views: 2, quotes: 10 },
      tweetCap: 50,
      dailyTweets: 1,
      slogan: "fair drops",
    });
    expect(custom.formula).toMatchObject({
      weights: { views: 2, likes: 1, replies: 2, retweets: 3, quotes: 10 },
      tweetCap: 50,
      dailyTweets: 1,
    });
  });

  it("refuses what cannot be a campaign, with the message in the caller's language", async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [
        { hashtag: "", mention: "", slogan: "" },
        "Please input at least one of the hashtag, the mention and the slogan.",
        "请至少填写话题标签、提及账号和口号中的一项。",
      ],
      [{ totalPrize: "1.23456" }, "The amount can have up to 4 decimals.", ""],
      [{ title: "" }, "Please input title", ""],
      [{ hashtag: "#two words" }, "The hashtag may hold letters, digits and underscores only.", ""],
      [
        { mention: "@this_name_is_far_too_long" },
        "The mention must be an X username (up to 15 letters, digits or underscores).",
        "",
      ],
    ];
    for (const [overrides, english, chinese] of cases) {
      const response = await call("POST", "/campaigns", {
        token: creatorToken,
        body: campaignBody(overrides),
      });
      expect(response.status, JSON.stringify(overrides)).toBe(400);
      expect(response.body.message).toBe(english);
      if (chinese) {
        const cn = await context.app.inject({
          method: "POST",
          url: "/api/bounty/tips/campaigns",
          headers: { authorization: `Bearer ${creatorToken}`, "accept-language": "zh-cn" },
          payload: campaignBody(overrides),
        });
        expect(cn.json().message).toBe(chinese);
      }
    }
    const body = campaignBody();
    const reversed = await call("POST", "/campaigns", {
      token: creatorToken,
      body: { ...body, startAt: body.endAt, endAt: body.startAt },
    });
    expect(outcome(reversed)).toEqual({
      status: 400,
      typeCode: 400,
      message: "The start time cannot be later than the end time",
    });
    const notToken = await call("POST", "/campaigns", {
      token: creatorToken,
      body: campaignBody({ token: "0x000000000000000000000000000000000000dEaD" }),
    });
    expect(outcome(notToken)).toEqual({
      status: 400,
      typeCode: 762,
      message: "This address is not an ERC-20 token on the campaign's chain.",
    });
    const otherChain = await call("POST", "/campaigns", {
      token: creatorToken,
      body: campaignBody({ chainId: 1 }),
    });
    expect(outcome(otherChain)).toMatchObject({ status: 400, typeCode: 752 });
    const listed = await call<TipsCampaignList>("GET", "/campaigns?filter=mine", { token: strangerToken });
    expect(listed.body.content.total).toBe(0);
  });
});

describe("editing and listing", () => {
  it("PATCH: an edit carrying a field it may not set is refused whole (status, creator, funding, counts)", async () => {
    const campaign = await createCampaign();
    for (const extra of [
      { status: 1 },
      { creatorUserId: 1 },
      { distributorCampaignId: "1" },
      { participantCount: 99 },
      { totalPoints: "5" },
      { computedAt: new Date().toISOString() },
    ]) {
      const response = await call("PATCH", `/campaigns/${campaign.id}`, {
        token: creatorToken,
        body: { title: "Renamed", ...extra },
      });
      expect(response.status, JSON.stringify(extra)).toBe(400);
    }
    const row = await campaignRow(campaign.id);
    expect(row).toMatchObject({
      title: "Post about Dropfair",
      status: 0,
      participantCount: 0,
      fundedAt: null,
    });
  });

  it("PATCH before the start: the whole campaign is checked again; once funded the money and times are fixed", async () => {
    const campaign = await createCampaign();
    const url = `/campaigns/${campaign.id}`;
    const cleared = await call("PATCH", url, { token: creatorToken, body: { hashtag: "", mention: "" } });
    expect(outcome(cleared)).toMatchObject({ status: 400, typeCode: 400 });
    const reversed = await call("PATCH", url, { token: creatorToken, body: { endAt: campaign.startAt } });
    expect(reversed.body.message).toBe("The start time cannot be later than the end time");
    const edited = await call<TipsCampaignDetail>("PATCH", url, {
      token: creatorToken,
      body: { totalPrize: "2000", weights: { likes: 5 }, slogan: "fair" },
    });
    expect(edited.body.content).toMatchObject({
      totalPrize: "2000000000000000000000",
      slogan: "fair",
      formula: { weights: { likes: 5, views: 1 } },
    });
    const funded = await fund(edited.body.content);
    expect(funded.funded).toBe(true);
    const afterFunding = await call("PATCH", url, { token: creatorToken, body: { totalPrize: "1" } });
    expect(outcome(afterFunding)).toEqual({
      status: 409,
      typeCode: 751,
      message: "The prize is already funded: its token, amount and times can no longer change.",
    });
    expect((await call("PATCH", url, { token: creatorToken, body: { title: "Still fine" } })).status).toBe(
      200,
    );
    await moveTime(5 * 60);
    const started = await call("PATCH", url, { token: creatorToken, body: { title: "Too late" } });
    expect(outcome(started)).toEqual({
      status: 409,
      typeCode: 751,
      message: "This campaign has already started.",
    });
    expect((await campaignRow(campaign.id)).title).toBe("Still fine");
  });

  it("lists upcoming, mine and joined campaigns with the caller's earnings", async () => {
    const campaign = await createCampaign({}, strangerToken);
    await join(campaign.id, bob);
    const mine = await call<TipsCampaignList>("GET", "/campaigns?filter=mine", { token: strangerToken });
    expect(mine.body.content.rows.map((row) => row.id)).toEqual([campaign.id]);
    const joined = await call<TipsCampaignList>("GET", "/campaigns?filter=joined", { token: bob.token });
    expect(joined.body.content.rows.find((row) => row.id === campaign.id)).toMatchObject({
      participants: 1,
      myEarned: "0",
    });
    const upcoming = await call<TipsCampaignList>("GET", "/campaigns?filter=upcoming");
    expect(upcoming.body.content.rows.map((row) => row.id)).toContain(campaign.id);
    expect(outcome(await call("GET", "/campaigns?filter=mine"))).toMatchObject({ status: 401 });
    expect((await call("GET", "/campaigns/999999")).status).toBe(404);
  });
});

describe("funding", () => {
  it("refuses a distributor campaign that does not fit: another creator, too small a deposit, a short claim window", async () => {
    const campaign = await createCampaign();
    const url = `/campaigns/${campaign.id}/funding`;
    const tryFunding = async (distributorCampaignId: bigint) =>
      call("POST", url, { token: creatorToken, body: { campaignId: distributorCampaignId.toString() } });
    const small = await openDistributorCampaign(campaign, { deposit: 1n });
    expect((await tryFunding(small)).body.message).toBe(
      "This campaign cannot fund the prize: its deposit does not match.",
    );
    const late = await openDistributorCampaign(campaign, { startOffset: 60 });
    expect((await tryFunding(late)).body.message).toBe(
      "This campaign cannot fund the prize: its start does not match.",
    );
    const short = await openDistributorCampaign(campaign, {
      end: BigInt(Math.floor(new Date(campaign.endAt).getTime() / 1000) + 86_400),
    });
    expect((await tryFunding(short)).body.message).toBe(
      "This campaign cannot fund the prize: its end does not match.",
    );
    const others = await openDistributorCampaign(campaign, { account: alice.account });
    expect((await tryFunding(others)).body.message).toBe(
      "This campaign cannot fund the prize: its creator does not match.",
    );
    expect((await campaignRow(campaign.id)).fundedAt).toBeNull();
    const good = await openDistributorCampaign(campaign);
    const funded = await tryFunding(good);
    expect((funded.body.content as TipsCampaignDetail).distributorCampaignId).toBe(good.toString());
    // One distributor campaign funds one tips campaign.
    const second = await createCampaign();
    const reused = await call("POST", `/campaigns/${second.id}/funding`, {
      token: creatorToken,
      body: { campaignId: good.toString() },
    });
    expect(reused.body.message).toBe("This campaign cannot fund the prize: its campaign does not match.");
  });
});

describe("joining", () => {
  it("needs the join missions done, then binds the X account of the session to the wallet", async () => {
    const campaign = await createCampaign();
    const host = context.sandbox.world.fixtures.users.host;
    const added = await call<Mission>("POST", `/campaigns/${campaign.id}/missions`, {
      token: creatorToken,
      body: {
        kind: "x_follow",
        title: "Follow the host",
        parameters: { userId: host.id, username: host.username },
        rewardEp: 0,
      },
    });
    expect(added.body.message).toBe("success");
    const refused = await join(campaign.id, alice);
    expect(outcome(refused)).toEqual({
      status: 403,
      typeCode: 758,
      message: "Finish the campaign's missions before joining.",
    });
    context.sandbox.world.recordFollow(alice.xUserId, host.id);
    const check = await context.app.inject({
      method: "POST",
      url: `/api/bounty/missions/${added.body.content.id}/check`,
      headers: { authorization: `Bearer ${alice.token}`, "x-twitter-token": alice.xToken },
      payload: {},
    });
    expect(check.json().message).toBe("success");
    const joined = await join(campaign.id, alice);
    expect(joined.body.content.me.joined).toBe(true);
    // Once bound, the wallet joins other campaigns without an X session.
    const other = await createCampaign();
    const again = await call<TipsCampaignDetail>("POST", `/campaigns/${other.id}/join`, {
      token: alice.token,
    });
    expect(again.body.content.me.xUserId).toBe(alice.xUserId);
  });
});
