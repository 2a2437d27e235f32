// T15 on tips (docs/security.md): the two routes that take an Idempotency-Key, campaign create and the claim
// voucher. A retry with the same key gets the first answer, marked as replayed, and has one effect (one campaign,
// one claim); the same key sent many times at once gets that answer or the 409 of a key still in flight (typeCode
// 440) and still has one effect; the same key on another body or another campaign is that 409. The concurrency
// is real on PostgreSQL (TEST_DATABASE_URL); on PGlite the requests interleave in one connection.
import {
  and,
  eq,
  idempotencyKeys,
  missionCampaigns,
  tipsCampaigns,
  tipsClaims,
  tipsStandings,
} from "@dropfair/db";
import type { TipsCampaignDetail, TipsClaimVoucher } from "@dropfair/schemas/tips";
import { tipsStatuses } from "@dropfair/schemas/tips";
import type { LightMyRequestResponse } from "fastify";
import { describe, expect, it } from "vitest";
import { expectOneAnswer, expectReplay, inFlight, sentAtOnce } from "./idempotency-helper.ts";
import {
  alice,
  appNow,
  campaignBody,
  context,
  createCampaign,
  creatorToken,
  fund,
  join,
  moveTime,
  useTipsApi,
} from "./tips-helper.ts";

useTipsApi();

const db = () => context.database.db;
const earned = "3000000000000000000";

function post(
  url: string,
  token: string,
  key: string,
  body?: unknown,
): () => Promise<LightMyRequestResponse> {
  return () =>
    context.app.inject({
      method: "POST",
      url: `/api/bounty/tips${url}`,
      headers: { authorization: `Bearer ${token}`, "idempotency-key": key },
      ...(body === undefined ? {} : { payload: body as Record<string, unknown> }),
    });
}

function expectRefused(answer: LightMyRequestResponse) {
  expect({ status: answer.statusCode, body: answer.json() }).toEqual({ status: 409, body: inFlight });
}

/** The first answer: 200, not marked as replayed. */
function expectFirst(answer: LightMyRequestResponse) {
  expect(answer.statusCode, answer.body).toBe(200);
  expect(answer.headers["idempotent-replayed"]).toBeUndefined();
  return answer.json() as { content: unknown };
}

const campaignsTitled = (title: string) =>
  db().select().from(tipsCampaigns).where(eq(tipsCampaigns.title, title));
const missionCampaignsTitled = (title: string) =>
  db()
    .select()
    .from(missionCampaigns)
    .where(and(eq(missionCampaigns.kind, "tips"), eq(missionCampaigns.title, title)));
const claimsOf = (campaignId: number) =>
  db().select().from(tipsClaims).where(eq(tipsClaims.campaignId, campaignId));

/** The key's row: stored once for the route, with the first answer's status. */
async function expectKeyStored(key: string, route: string) {
  const rows = await db().select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key));
  expect(rows.map((row) => [row.route, row.statusCode])).toEqual([[`POST /api/bounty/tips${route}`, 200]]);
}

const createRoute = "/campaigns";
const claimRoute = "/campaigns/:id/claim";

/**
 * A funded campaign Alice joined, brought to a confirmed final leaderboard by rows (docs/tips.md: status 5, with
 * her standing earning `earned`): her claim is open.
 */
async function claimableCampaign(title: string): Promise<TipsCampaignDetail> {
  const campaign = await fund(await createCampaign({ title, totalPrize: "10" }));
  expect((await join(campaign.id, alice)).status).toBe(200);
  const position = {
    rank: 1,
    tweetsAsc: 1,
    tweetsDesc: 1,
    viewsAsc: 1,
    viewsDesc: 1,
    likesAsc: 1,
    likesDesc: 1,
    repliesAsc: 1,
    repliesDesc: 1,
    retweetsAsc: 1,
    retweetsDesc: 1,
    quotesAsc: 1,
    quotesDesc: 1,
    interactionsAsc: 1,
    interactionsDesc: 1,
  };
  await db()
    .insert(tipsStandings)
    .values({
      campaignId: campaign.id,
      xUserId: alice.xUserId,
      ...position,
      points: "10",
      tweets: 1,
      views: "100",
      likes: "10",
      replies: "0",
      retweets: "0",
      quotes: "0",
      interactions: "10",
      estimatedEarned: earned,
    });
  await db()
    .update(tipsCampaigns)
    .set({ status: tipsStatuses.ended, confirmedAt: appNow(), totalPoints: "10" })
    .where(eq(tipsCampaigns.id, campaign.id));
  return campaign;
}

describe("retries of tips routes with one Idempotency-Key (T15)", () => {
  it("POST /campaigns: one campaign, the same answer; the key with another body is refused", async () => {
    const body = campaignBody({ title: "Idempotent tips" });
    const send = post("/campaigns", creatorToken, "tips-create-1", body);
    const first = expectFirst(await send()) as { content: TipsCampaignDetail };
    expectReplay(await send(), first);
    expect((await campaignsTitled("Idempotent tips")).map((row) => row.id)).toEqual([first.content.id]);
    expect(await missionCampaignsTitled("Idempotent tips")).toHaveLength(1);
    await expectKeyStored("tips-create-1", createRoute);
    expectRefused(
      await post("/campaigns", creatorToken, "tips-create-1", { ...body, title: "Other tips" })(),
    );
    expect(await campaignsTitled("Other tips")).toEqual([]);
  });

  it("POST /campaigns/{id}/claim: one claim, the same voucher; the key on another campaign is refused", async () => {
    const campaign = await claimableCampaign("Claim once");
    const other = await claimableCampaign("Claim elsewhere");
    const key = `tips-claim-${campaign.id}`;
    const send = post(`/campaigns/${campaign.id}/claim`, alice.token, key);
    const first = expectFirst(await send()) as { content: TipsClaimVoucher };
    expect(first.content.voucher).toMatchObject({ recipient: alice.account.address, amount: earned });
    // A run of the handler again would sign a voucher with a later deadline: the retry must be the stored answer.
    await moveTime(5);
    expectReplay(await send(), first);
    const claims = await claimsOf(campaign.id);
    expect(claims.map((row) => [row.id, row.amount])).toEqual([[first.content.claimId, earned]]);
    await expectKeyStored(key, claimRoute);
    expectRefused(await post(`/campaigns/${other.id}/claim`, alice.token, key)());
    expect(await claimsOf(other.id)).toEqual([]);
  });
});

describe("concurrent retries of tips routes with one Idempotency-Key (T15)", () => {
  it("create one campaign: every answer is the first one's or the 409 of a key in flight", async () => {
    const send = post(
      "/campaigns",
      creatorToken,
      "tips-create-at-once",
      campaignBody({ title: "Tips at once" }),
    );
    const answers = await sentAtOnce(8, send);
    expect(answers).toHaveLength(8);
    const first = expectOneAnswer(answers) as { content: TipsCampaignDetail };
    expect((await campaignsTitled("Tips at once")).map((row) => row.id)).toEqual([first.content.id]);
    expect(await missionCampaignsTitled("Tips at once")).toHaveLength(1);
    await expectKeyStored("tips-create-at-once", createRoute);
    expectReplay(await send(), first);
    expect(await campaignsTitled("Tips at once")).toHaveLength(1);
  });

  it("sign one claim: every answer is the first voucher or the 409 of a key in flight", async () => {
    const campaign = await claimableCampaign("Claim at once");
    const key = `tips-claim-at-once-${campaign.id}`;
    const send = post(`/campaigns/${campaign.id}/claim`, alice.token, key);
    const answers = await sentAtOnce(8, send);
    expect(answers).toHaveLength(8);
    const first = expectOneAnswer(answers) as { content: TipsClaimVoucher };
    expect(first.content.voucher).toMatchObject({ recipient: alice.account.address, amount: earned });
    const claims = await claimsOf(campaign.id);
    expect(claims.map((row) => row.id)).toEqual([first.content.claimId]);
    await expectKeyStored(key, claimRoute);
    await moveTime(5);
    expectReplay(await send(), first);
  });
});
