// A tips campaign from start to payout through the HTTP layer and the jobs, against the X sandbox and the local
// chain: the advance job starts the funded campaign; the collection job reads participants' tweets (recent search
// and timelines) with their public metrics and the leaderboard is recomputed; the downloaded snapshot recomputes to
// the same leaderboard with `dropfair verify-tips`; a deleted tweet stops counting at the next round; the reload
// limit by server time; the end, the final snapshot, the creator's confirmation and a claim on chain; the 30-day
// claim window.

import { gunzipSync } from "node:zlib";
import { airdropDistributorAbi } from "@dropfair/chain/abis";
import { type CliEnvironment, main as cli } from "@dropfair/cli";
import { recomputeTipsSnapshot } from "@dropfair/core/tips";
import { eq, tipsSnapshots, tipsStandings } from "@dropfair/db";
import type {
  TipsCampaignDetail,
  TipsClaim,
  TipsClaimVoucher,
  TipsLeaderboard,
  TipsReload,
} from "@dropfair/schemas/tips";
import { type Address, erc20Abi, type Hex } from "viem";
import { describe, expect, it } from "vitest";
import {
  advanceCampaigns,
  handleCollect,
  handleRecompute,
  type TipsJobDependencies,
} from "../src/modules/tips/index.ts";
import { signIn } from "./helper.ts";
import {
  alice,
  appNow,
  bob,
  call,
  context,
  createCampaign,
  creator,
  creatorToken,
  deployment,
  fund,
  join,
  mined,
  moveTime,
  outcome,
  publicClient,
  strangerToken,
  useTipsApi,
  walletOf,
} from "./tips-helper.ts";

useTipsApi();

const collected: number[] = [];
const queue = { collect: async (campaignId: number) => void collected.push(campaignId) };

function jobs(): TipsJobDependencies {
  return {
    db: context.database.db,
    x: context.app.x,
    chainClient: () => publicClient,
    distributors: { [publicClient.chain!.id]: deployment.airdropDistributor },
    refreshMinutes: 15,
    requestsPerRun: 200,
    now: appNow,
  };
}

/** Runs collection parts until the round is done, as the queue would. */
async function collectRound(campaignId: number) {
  for (let part = 0; part < 20; part++) {
    const result = await handleCollect(jobs(), { data: { campaignId } }, queue);
    if (result.outcome !== "continued") return result;
  }
  throw new Error("the collection round did not finish");
}

/** The CLI with its fetch answered by the app (no port is opened). */
function cliAgainstApp() {
  const out: string[] = [];
  const environment: CliEnvironment = {
    stdout: (text) => void out.push(text),
    stderr: (text) => void out.push(text),
    readFile: async () => {
      throw new Error("no files");
    },
    fetch: async (input) => {
      const url = new URL(String(input));
      const response = await context.app.inject({ url: `${url.pathname}${url.search}` });
      return new Response(response.body, {
        status: response.statusCode,
        headers: { "content-type": String(response.headers["content-type"] ?? "application/json") },
      });
    },
  };
  return { environment, out: () => out.join("") };
}

function post(author: string, text: string, createdAt: Date, metrics: Record<string, number>) {
  return context.sandbox.world.publishPost({
    authorId: author,
    text,
    createdAt: createdAt.toISOString(),
    publicMetrics: metrics,
  });
}

describe("a tips campaign from start to payout", () => {
  let campaign: TipsCampaignDetail;
  let deletedTweet: string;

  it("starts when funded, collects participants' tweets with their metrics and ranks them", async () => {
    campaign = await fund(await createCampaign({ totalPrize: "300" }));
    expect((await join(campaign.id, alice)).body.message).toBe("success");
    expect((await join(campaign.id, bob)).body.message).toBe("success");
    await moveTime(3 * 60);
    expect(await advanceCampaigns(jobs(), queue)).toMatchObject({ [campaign.id]: "started" });
    const start = new Date(campaign.startAt);
    const at = (minutes: number) => new Date(start.getTime() + minutes * 60_000);
    post(alice.xUserId, "Loving #Dropfair by @dropfair_host", at(0.5), {
      impression_count: 12_345,
      like_count: 40,
      reply_count: 5,
      retweet_count: 7,
      quote_count: 2,
    });
    deletedTweet = post(alice.xUserId, "#DROPFAIR again @DropFair_Host", at(1), { like_count: 30 }).id;
    post(alice.xUserId, "no hashtag here @dropfair_host", at(1), { like_count: 999 });
    post(bob.xUserId, "@dropfair_host #dropfair is fair", at(1.5), {
      impression_count: 999,
      like_count: 10,
      reply_count: 1,
    });
    // Before the start, and by someone who did not join: neither counts.
    post(bob.xUserId, "#Dropfair @dropfair_host early", new Date(start.getTime() - 60_000), {
      like_count: 500,
    });
    post(context.sandbox.world.fixtures.users.host.id, "#Dropfair @dropfair_host", at(1), {
      like_count: 500,
    });
    await moveTime(60);
    expect(await collectRound(campaign.id)).toMatchObject({ outcome: "recomputed" });
    const board = await call<TipsLeaderboard>("GET", `/campaigns/${campaign.id}/leaderboard`, {
      token: bob.token,
    });
    expect(
      board.body.content.rows.map((row) => [row.xUserId, row.points, row.tweets, row.estimatedEarned]),
    ).toEqual([
      [alice.xUserId, "232", 2, "275098814229249011857"],
      [bob.xUserId, "21", 1, "24901185770750988142"],
    ]);
    expect(board.body.content.me?.xUserId).toBe(bob.xUserId);
    expect(board.body.content.formula.weights).toEqual({
      views: 1,
      likes: 1,
      replies: 2,
      retweets: 3,
      quotes: 4,
    });
    const byViews = await call<TipsLeaderboard>(
      "GET",
      `/campaigns/${campaign.id}/leaderboard?sort=views&order=asc`,
    );
    expect(byViews.body.content.rows.map((row) => row.views)).toEqual(["999", "12345"]);
  });

  it("publishes a snapshot that recomputes to the leaderboard shown, with dropfair verify-tips", async () => {
    const download = await context.app.inject({ url: `/api/bounty/tips/campaigns/${campaign.id}/snapshot` });
    expect(download.statusCode).toBe(200);
    expect(download.headers["content-disposition"]).toContain(`tips-${campaign.id}-snapshot.json`);
    expect(download.headers["content-encoding"]).toBeUndefined();
    const recomputed = recomputeTipsSnapshot(download.body);
    // Stored gzip-compressed, the file goes out so to a client that takes gzip: the same bytes once unpacked.
    const compressed = await context.app.inject({
      url: `/api/bounty/tips/campaigns/${campaign.id}/snapshot`,
      headers: { "accept-encoding": "gzip, deflate, br" },
    });
    expect(compressed.statusCode).toBe(200);
    expect(compressed.headers["content-encoding"]).toBe("gzip");
    expect(compressed.headers.vary).toContain("accept-encoding");
    expect(gunzipSync(compressed.rawPayload).toString("utf8")).toBe(download.body);
    // A file stored as plain text (before the files were compressed) downloads the same, either way.
    const ofCampaign = eq(tipsSnapshots.campaignId, campaign.id);
    await context.database.db
      .update(tipsSnapshots)
      .set({ body: download.body, bodyGzip: null })
      .where(ofCampaign);
    const snapshotUrl = `/api/bounty/tips/campaigns/${campaign.id}/snapshot`;
    expect((await context.app.inject({ url: snapshotUrl })).body).toBe(download.body);
    const legacy = await context.app.inject({ url: snapshotUrl, headers: { "accept-encoding": "gzip" } });
    expect(gunzipSync(legacy.rawPayload).toString("utf8")).toBe(download.body);
    const board = await call<TipsLeaderboard>("GET", `/campaigns/${campaign.id}/leaderboard`);
    expect(
      recomputed.standings.map((row) => [row.userId, row.rank, row.points, row.estimatedEarned]),
    ).toEqual(board.body.content.rows.map((row) => [row.xUserId, row.rank, row.points, row.estimatedEarned]));
    const run = cliAgainstApp();
    const status = await cli(
      ["verify-tips", String(campaign.id), "--server", "http://dropfair.test", "--json"],
      run.environment,
    );
    expect(JSON.parse(run.out())).toMatchObject({ differences: [] });
    expect(status).toBe(0);
    // The CLI as users run it: Node's own fetch over HTTP, which asks for gzip and unpacks it.
    const address = await context.app.listen({ port: 0, host: "127.0.0.1" });
    const overHttp = cliAgainstApp();
    expect(
      await cli(["verify-tips", String(campaign.id), "--server", address, "--json"], {
        ...overHttp.environment,
        fetch: globalThis.fetch,
      }),
    ).toBe(0);
    expect(JSON.parse(overHttp.out())).toMatchObject({ differences: [] });
    // A published leaderboard that disagrees with its snapshot is caught (exit 2).
    await context.database.db
      .update(tipsStandings)
      .set({ estimatedEarned: "1" })
      .where(eq(tipsStandings.xUserId, alice.xUserId));
    const tampered = cliAgainstApp();
    expect(
      await cli(
        ["verify-tips", String(campaign.id), "--server", "http://dropfair.test"],
        tampered.environment,
      ),
    ).toBe(2);
    expect(tampered.out()).toContain(`${alice.xUserId}: estimatedEarned published 1`);
    await handleRecompute(jobs(), { data: { campaignId: campaign.id } });
  });

  it("stops counting a deleted tweet at the next round", async () => {
    context.sandbox.world.deletePost(deletedTweet);
    await moveTime(60);
    await collectRound(campaign.id);
    const board = await call<TipsLeaderboard>("GET", `/campaigns/${campaign.id}/leaderboard`);
    expect(board.body.content.rows.map((row) => [row.xUserId, row.points, row.tweets])).toEqual([
      [alice.xUserId, "202", 1],
      [bob.xUserId, "21", 1],
    ]);
  });

  it("lets a participant reload their own metrics once per 3 hours, by the server's clock", async () => {
    const url = `/campaigns/${campaign.id}/reload`;
    expect(outcome(await call("POST", url))).toMatchObject({ status: 401 });
    expect(outcome(await call("POST", url, { token: strangerToken }))).toMatchObject({
      status: 404,
      typeCode: 761,
    });
    const first = await call<TipsReload>("POST", url, { token: bob.token });
    expect(first.body.message).toBe("success");
    expect(first.body.content.tweets).toBe(1);
    await moveTime(60);
    const again = await call("POST", url, { token: bob.token });
    expect(outcome(again)).toEqual({
      status: 429,
      typeCode: 757,
      message: "Tips reload is allowed once per 3 hours. Try again in 2 h 59 min.",
    });
    expect(again.response.headers["retry-after"]).toBe(String(3 * 3600 - 60));
    const cn = await context.app.inject({
      method: "POST",
      url: `/api/bounty/tips${url}`,
      headers: { authorization: `Bearer ${bob.token}`, "accept-language": "zh-cn" },
    });
    expect(cn.json().message).toBe("打赏排行榜每 3 小时只能刷新一次，请在 2 小时 59 分钟后再试。");
    await moveTime(3 * 3600 - 60);
    expect((await call("POST", url, { token: bob.token })).body.message).toBe("success");
  });

  it("ends with a final snapshot the creator confirms; a banned participant is dropped; earnings are claimed on chain", async () => {
    await moveTime(86_400);
    expect(await advanceCampaigns(jobs(), queue)).toMatchObject({ [campaign.id]: "processing" });
    expect(await collectRound(campaign.id)).toMatchObject({ outcome: "final" });
    const awaiting = await call<TipsCampaignDetail>("GET", `/campaigns/${campaign.id}`);
    expect(awaiting.body.content.status).toBe(7);
    // Organizers may still ban before confirming: the final snapshot is computed again without the participant.
    await call("POST", `/campaigns/${campaign.id}/bans`, {
      token: creatorToken,
      body: { xUserId: bob.xUserId, reason: "bought likes" },
    });
    await handleRecompute(jobs(), { data: { campaignId: campaign.id } });
    const url = `/campaigns/${campaign.id}/confirm`;
    expect(outcome(await call("POST", url))).toMatchObject({ status: 401 });
    expect(outcome(await call("POST", url, { token: alice.token }))).toMatchObject({
      status: 403,
      typeCode: 750,
    });
    const confirmed = await call<TipsCampaignDetail>("POST", url, { token: creatorToken });
    expect(confirmed.body.content.status).toBe(5);
    expect(outcome(await call("POST", url, { token: creatorToken }))).toMatchObject({
      status: 409,
      typeCode: 751,
    });

    const bobClaim = await call("POST", `/campaigns/${campaign.id}/claim`, { token: bob.token });
    expect(outcome(bobClaim)).toMatchObject({ status: 403, typeCode: 760 });
    const state = await call<TipsClaim>("GET", `/campaigns/${campaign.id}/claim`, { token: alice.token });
    expect(state.body.content).toMatchObject({ state: "claimable", amount: "300000000000000000000" });
    const voucher = await call<TipsClaimVoucher>("POST", `/campaigns/${campaign.id}/claim`, {
      token: alice.token,
    });
    expect(voucher.body.content.voucher).toMatchObject({
      recipient: alice.account.address,
      amount: "300000000000000000000",
    });
    const before = await publicClient.readContract({
      address: deployment.testToken,
      abi: erc20Abi,
      functionName: "balanceOf",
      args: [alice.account.address],
    });
    const { voucher: signed } = voucher.body.content;
    const txHash = await walletOf(alice.account).writeContract({
      address: voucher.body.content.distributor as Address,
      abi: airdropDistributorAbi,
      functionName: "claimWithVoucher",
      args: [
        {
          campaignId: BigInt(signed.campaignId),
          recipient: signed.recipient as Address,
          amount: BigInt(signed.amount),
          nonce: BigInt(signed.nonce),
          deadline: BigInt(signed.deadline),
        },
        voucher.body.content.signature as Hex,
      ],
    });
    await mined(txHash);
    const after = await publicClient.readContract({
      address: deployment.testToken,
      abi: erc20Abi,
      functionName: "balanceOf",
      args: [alice.account.address],
    });
    expect(after - before).toBe(300_000_000_000_000_000_000n);
    const reportUrl = `/campaigns/${campaign.id}/claims/${voucher.body.content.claimId}/transaction`;
    expect(outcome(await call("POST", reportUrl, { token: bob.token, body: { txHash } }))).toMatchObject({
      status: 403,
    });
    const reported = await call<TipsClaim>("POST", reportUrl, { token: alice.token, body: { txHash } });
    expect(reported.body.content).toMatchObject({ state: "claimed", txHash });
    expect(
      outcome(await call("POST", `/campaigns/${campaign.id}/claim`, { token: alice.token })),
    ).toMatchObject({
      status: 404,
      typeCode: 756,
    });
  });

  it("closes claims 30 days after the end", async () => {
    const other = await fund(await createCampaign({ totalPrize: "10" }));
    await join(other.id, alice);
    await moveTime(3 * 60);
    await advanceCampaigns(jobs(), queue);
    post(alice.xUserId, "#Dropfair @dropfair_host", new Date(new Date(other.startAt).getTime() + 30_000), {
      like_count: 3,
    });
    await moveTime(86_400);
    await advanceCampaigns(jobs(), queue);
    await collectRound(other.id);
    await call("POST", `/campaigns/${other.id}/confirm`, { token: creatorToken });
    await moveTime(30 * 86_400);
    // Sessions last less than that: Alice signs in again.
    const token = (await signIn(context.app, alice.account)).token;
    const late = await call("POST", `/campaigns/${other.id}/claim`, { token });
    expect(outcome(late)).toEqual({
      status: 409,
      typeCode: 763,
      message: "Rewards could be claimed within 30 days after the end; that time is over.",
    });
    const state = await call<TipsClaim>("GET", `/campaigns/${other.id}/claim`, { token });
    expect(state.body.content).toMatchObject({ state: "expired", amount: "10000000000000000000" });
  });

  it("does not start a campaign never funded, and stops it with the reason at its end (10), off the upcoming list", async () => {
    // The last test moved the clock past the sessions' life: the creator signs in again.
    const token = (await signIn(context.app, creator)).token;
    const unfunded = await createCampaign({ totalPrize: "10" }, token);
    await moveTime(3 * 60);
    expect(await advanceCampaigns(jobs(), queue)).not.toHaveProperty(String(unfunded.id));
    const waiting = await call<TipsCampaignDetail>("GET", `/campaigns/${unfunded.id}`);
    expect(waiting.body.content).toMatchObject({ status: 0, errorReason: null });
    await moveTime(86_400);
    expect(await advanceCampaigns(jobs(), queue)).toMatchObject({ [unfunded.id]: "not funded" });
    const stopped = await call<TipsCampaignDetail>("GET", `/campaigns/${unfunded.id}`);
    expect(stopped.body.content).toMatchObject({ status: 10, errorReason: "not funded before the end" });
    const upcoming = await call<{ rows: { id: number }[] }>("GET", "/campaigns?filter=upcoming&pageSize=100");
    expect(upcoming.body.content.rows.map((row) => row.id)).not.toContain(unfunded.id);
    // Once stopped it is left alone.
    expect(await advanceCampaigns(jobs(), queue)).not.toHaveProperty(String(unfunded.id));
  });
});
