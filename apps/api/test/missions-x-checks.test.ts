// Every X mission kind through HTTP against the mounted X sandbox: success once the sandbox records the
// action, and each failure with its typeCode and exact message in English and Chinese.
import { typeCodes } from "@dropfair/schemas/envelope";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  buildMissionsApp,
  check,
  completionRows,
  createMission,
  expectFailure,
  headers,
  ledgerRows,
  type MissionsContext,
  player,
} from "./missions-helper.ts";

let context: MissionsContext;

beforeAll(async () => {
  context = await buildMissionsApp();
});
afterAll(async () => {
  await context?.close();
});

const world = () => context.sandbox.world;
const host = () => world().fixtures.users.host;
/** A post of the host nobody has touched yet. */
const freshPost = () => world().publishPost({ authorId: host().id, text: "Dropfair season two" }).id;

describe("before any mission exists", () => {
  it("the achievement list answers 'data not initialized' (en and cn)", async () => {
    for (const [language, message] of [
      ["en-us", "The data is not ready yet."],
      ["zh-cn", "数据尚未准备好。"],
    ]) {
      const response = await context.app.inject({
        url: "/api/bounty/missions/achievement",
        headers: { "accept-language": language as string },
      });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({
        content: null,
        typeCode: typeCodes.missionDataNotInitialized,
        message,
      });
    }
  });
});

describe("X retweet, like, quote and follow", () => {
  it("retweet: 'retweet missing' until the sandbox records it, then done with its EP once", async () => {
    const mission = await createMission(context, {
      kind: "x_retweet",
      parameters: { postId: freshPost() },
      rewardEp: 30,
      rewardTickets: 1,
    });
    const alice = await player(context, { x: true });
    await expectFailure(context, mission, alice, {
      status: 400,
      typeCode: typeCodes.missionRetweetMissing,
      en: "You have not retweeted the post yet.",
      cn: "您尚未转发该帖子。",
    });
    expect(await completionRows(context, mission.id)).toEqual([]);
    world().recordRetweet(mission.parameters.postId as string, alice.x!.id);
    const done = await check(context, mission, alice);
    expect(done.statusCode).toBe(200);
    expect(done.json().content).toMatchObject({
      newlyCompleted: true,
      mission: { id: mission.id, state: "done", rewardEp: 30 },
    });
    const again = await check(context, mission, alice);
    expect(again.json().content).toMatchObject({ newlyCompleted: false, mission: { state: "done" } });
    const rows = await completionRows(context, mission.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      provider: "x",
      accountId: alice.x!.id,
      rewardEp: 30,
      rewardTickets: 1,
      tweetId: null,
    });
    expect((await ledgerRows(context, mission.id)).map((row) => row.amount)).toEqual([30]);
    const list = await context.app.inject({
      url: "/api/bounty/missions/achievement",
      headers: headers(alice.walletToken),
    });
    expect(list.json().content.missions.find((item: { id: number }) => item.id === mission.id)).toMatchObject(
      { state: "done" },
    );
  });

  it("like: read with the user's own X token", async () => {
    const mission = await createMission(context, {
      kind: "x_like",
      parameters: { postId: freshPost() },
      rewardEp: 10,
    });
    const bob = await player(context, { x: true });
    await expectFailure(context, mission, bob, {
      status: 400,
      typeCode: typeCodes.missionLikeMissing,
      en: "You have not liked the post yet.",
      cn: "您尚未点赞该帖子。",
    });
    world().recordLike(mission.parameters.postId as string, bob.x!.id);
    expect((await check(context, mission, bob)).json().content.mission.state).toBe("done");
  });

  it("quote: a quote post by the user", async () => {
    const postId = freshPost();
    const mission = await createMission(context, { kind: "x_quote", parameters: { postId }, rewardEp: 10 });
    const carol = await player(context, { x: true });
    await expectFailure(context, mission, carol, {
      status: 400,
      typeCode: typeCodes.missionQuoteMissing,
      en: "You have not quoted the post yet.",
      cn: "您尚未引用该帖子。",
    });
    world().publishPost({ authorId: carol.x!.id, text: "this one", quoteOf: postId });
    expect((await check(context, mission, carol)).json().content.mission.state).toBe("done");
  });

  it("follow: the user's following list", async () => {
    const target = world().fixtures.users.newbie;
    const mission = await createMission(context, {
      kind: "x_follow",
      parameters: { userId: target.id, username: target.username },
    });
    const dave = await player(context, { x: true });
    await expectFailure(context, mission, dave, {
      status: 400,
      typeCode: typeCodes.missionNotFollowing,
      en: "You are not following the account yet.",
      cn: "您尚未关注该账号。",
    });
    world().recordFollow(dave.x!.id, target.id);
    expect((await check(context, mission, dave)).json().content.mission.state).toBe("done");
  });

  it("a mission whose post is gone: 'tweet missing'", async () => {
    const mission = await createMission(context, {
      kind: "x_retweet",
      parameters: { postId: world().fixtures.posts.deleted },
    });
    await expectFailure(context, mission, await player(context, { x: true }), {
      status: 400,
      typeCode: typeCodes.missionTweetMissing,
      en: "The tweet could not be found.",
      cn: "找不到该推文。",
    });
  });
});

describe("X tweet missions", () => {
  const rule = { hashtag: "Dropfair", mention: "dropfair_host", minViews: 100, minLikes: 5 };
  const post = (authorId: string, text: string, views: number, likes: number) =>
    world().publishPost({ authorId, text, publicMetrics: { impression_count: views, like_count: likes } }).id;

  it("walks through every failure, then succeeds; the tweet then serves no other mission", async () => {
    const mission = await createMission(context, {
      kind: "x_tweet",
      parameters: rule,
      rewardEp: 50,
      rewardTickets: 2,
    });
    const erin = await player(context, { x: true });
    const me = erin.x!.id;
    const fail = (typeCode: number, en: string, cn: string, tweetId?: string) =>
      expectFailure(
        context,
        mission,
        erin,
        { status: 400, typeCode, en, cn },
        tweetId === undefined ? {} : { tweetId },
      );

    await fail(typeCodes.missionTweetIdRequired, "Please input the tweet id.", "请输入推文 ID。");
    await fail(typeCodes.missionTweetIdRequired, "Please input the tweet id.", "请输入推文 ID。", "   ");
    await fail(typeCodes.missionTweetNotFound, "The tweet was not found.", "未找到该推文。", "123");
    await fail(typeCodes.missionTweetNotFound, "The tweet was not found.", "未找到该推文。", "not a tweet");
    await fail(
      typeCodes.missionNotYourTweet,
      "This is not your tweet.",
      "这不是您的推文。",
      post(host().id, "#Dropfair @dropfair_host", 500, 50),
    );
    await fail(
      typeCodes.missionContentInvalid,
      "The tweet content does not meet the requirements.",
      "推文内容不符合要求。",
      post(me, "gm @dropfair_host", 500, 50),
    );
    await fail(
      typeCodes.missionMetricsInvalidViews,
      "The tweet does not have enough views yet.",
      "推文浏览量不足。",
      post(me, "#dropfair gm @DROPFAIR_HOST", 99, 50),
    );
    const tweetId = post(me, "#Dropfair gm @dropfair_host", 100, 4);
    await fail(
      typeCodes.missionMetricsInvalidEngagement,
      "The tweet does not have enough likes or retweets yet.",
      "推文点赞或转发数不足。",
      tweetId,
    );

    world().setPostMetrics(tweetId, { like_count: 5 });
    const done = await check(context, mission, erin, {
      tweetId: `https://x.com/${erin.x!.username}/status/${tweetId}`,
    });
    expect(done.statusCode).toBe(200);
    expect((await completionRows(context, mission.id))[0]).toMatchObject({
      tweetId,
      accountId: me,
      rewardTickets: 2,
    });

    const second = await createMission(context, { kind: "x_tweet", parameters: rule, rewardEp: 50 });
    await expectFailure(
      context,
      second,
      erin,
      {
        status: 409,
        typeCode: typeCodes.missionTweetAlreadyUsed,
        en: "This tweet has already been used.",
        cn: "该推文已被使用。",
      },
      { tweetId },
    );
  });
});

describe("generic failures", () => {
  it("login required, bind X first, no data (en and cn)", async () => {
    const mission = await createMission(context, { kind: "x_like", parameters: { postId: freshPost() } });
    await expectFailure(context, mission, undefined, {
      status: 401,
      typeCode: typeCodes.unauthorized,
      en: "Please log in first.",
      cn: "请先登录。",
    });
    const walletOnly = await player(context);
    await expectFailure(context, mission, walletOnly, {
      status: 400,
      typeCode: typeCodes.missionBindXFirst,
      en: "Please bind your X account first.",
      cn: "请先绑定您的 X 账号。",
    });
    await expectFailure(context, { id: 987654321 }, walletOnly, {
      status: 404,
      typeCode: typeCodes.notFound,
      en: "No data.",
      cn: "暂无数据。",
    });
  });

  it("an X account serves one wallet, and a wallet one X account", async () => {
    const mission = await createMission(context, { kind: "x_retweet", parameters: { postId: freshPost() } });
    const first = await player(context, { x: true });
    await check(context, mission, first);
    const second = await player(context);
    const sameX = { walletToken: second.walletToken, xToken: first.xToken! };
    const taken = await check(context, mission, sameX);
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({
      content: null,
      typeCode: typeCodes.socialAccountTaken,
      message: "This X account is already bound to another wallet.",
    });
    const other = await player(context, { x: true });
    const otherX = await check(context, mission, { walletToken: first.walletToken, xToken: other.xToken! });
    expect(otherX.statusCode).toBe(409);
    expect(otherX.json().message).toBe(
      `This wallet is already bound to another X account (@${first.x!.username}). Sign in with that X account.`,
    );
  });
});
