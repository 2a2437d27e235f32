// The creator's refund of what is left after the 30-day claim window, against the local chain: refused before the
// window ends, the creator sends the distributor's `refund` and reports its transaction; the Refunded event of the
// receipt is recorded on the campaign once. Who may report it (T8): anonymous 401, another wallet and an
// administrator refused (the tips module lets administrators ban, not move the prize), the creator recorded.
import { airdropDistributorAbi } from "@dropfair/chain/abis";
import { eq, tipsCampaigns } from "@dropfair/db";
import type { TipsCampaignDetail } from "@dropfair/schemas/tips";
import { erc20Abi, type Hex } from "viem";
import { describe, expect, it } from "vitest";
import { signIn } from "./helper.ts";
import {
  admin,
  alice,
  call,
  context,
  createCampaign,
  creator,
  creatorToken,
  deployment,
  fund,
  mined,
  moveTime,
  outcome,
  publicClient,
  useTipsApi,
  walletOf,
} from "./tips-helper.ts";

useTipsApi();

const notCreator = { status: 403, typeCode: 750, message: "You Are Not The Creator" };

async function campaignRow(id: number) {
  const [row] = await context.database.db.select().from(tipsCampaigns).where(eq(tipsCampaigns.id, id));
  return row!;
}

const balanceOfCreator = () =>
  publicClient.readContract({
    address: deployment.testToken,
    abi: erc20Abi,
    functionName: "balanceOf",
    args: [creator.address],
  });

describe("the creator's refund after the claim window", () => {
  it("refuses a campaign whose prize was never funded", async () => {
    const campaign = await createCampaign();
    const response = await call("POST", `/campaigns/${campaign.id}/refund`, {
      token: creatorToken,
      body: { txHash: `0x${"cd".repeat(32)}` },
    });
    expect(outcome(response)).toEqual({
      status: 409,
      typeCode: 751,
      message: "This campaign's prize was never funded: there is nothing to refund.",
    });
  });

  it("is refused before the window ends, then recorded once from the Refunded event of its transaction", async () => {
    const campaign = await fund(await createCampaign({ totalPrize: "10" }));
    const url = `/campaigns/${campaign.id}/refund`;
    const unrelated = `0x${"ab".repeat(32)}` as Hex;
    expect(outcome(await call("POST", url, { body: { txHash: unrelated } }))).toMatchObject({
      status: 401,
      typeCode: 420,
    });
    expect(outcome(await call("POST", url, { token: creatorToken, body: { txHash: "0x12" } }))).toMatchObject(
      {
        status: 400,
      },
    );
    expect(outcome(await call("POST", url, { token: creatorToken, body: { txHash: unrelated } }))).toEqual({
      status: 409,
      typeCode: 751,
      message: "What is left of the prize can be refunded only after the 30-day claim window.",
    });
    const cn = await context.app.inject({
      method: "POST",
      url: `/api/bounty/tips${url}`,
      headers: { authorization: `Bearer ${creatorToken}`, "accept-language": "zh-cn" },
      payload: { txHash: unrelated },
    });
    expect(cn.json().message).toBe("剩余奖励只能在 30 天领取期结束后退回。");

    // The distributor campaign ends an hour after the claim window; sessions do not last that long.
    await moveTime(32 * 86_400);
    const creatorSession = (await signIn(context.app, creator)).token;
    const adminSession = (await signIn(context.app, admin)).token;
    const aliceSession = (await signIn(context.app, alice.account)).token;

    // A mined transaction with no Refunded event of this campaign is refused.
    const approval = await walletOf(creator).writeContract({
      address: deployment.testToken,
      abi: erc20Abi,
      functionName: "approve",
      args: [deployment.airdropDistributor, 0n],
    });
    await mined(approval);
    expect(outcome(await call("POST", url, { token: creatorSession, body: { txHash: approval } }))).toEqual({
      status: 422,
      typeCode: 755,
      message: "The transaction holds no refund of this campaign.",
    });

    const before = await balanceOfCreator();
    const txHash = await walletOf(creator).writeContract({
      address: deployment.airdropDistributor,
      abi: airdropDistributorAbi,
      functionName: "refund",
      args: [BigInt(campaign.distributorCampaignId!)],
    });
    await mined(txHash);
    expect((await balanceOfCreator()) - before).toBe(10_000_000_000_000_000_000n);

    expect(outcome(await call("POST", url, { body: { txHash } }))).toMatchObject({
      status: 401,
      typeCode: 420,
    });
    expect(outcome(await call("POST", url, { token: aliceSession, body: { txHash } }))).toEqual(notCreator);
    expect(outcome(await call("POST", url, { token: adminSession, body: { txHash } }))).toEqual(notCreator);
    expect((await campaignRow(campaign.id)).refundedAt).toBeNull();

    const recorded = await call<TipsCampaignDetail>("POST", url, { token: creatorSession, body: { txHash } });
    expect(recorded.status).toBe(200);
    expect(recorded.body.content.refund).toEqual({
      amount: "10000000000000000000",
      txHash,
      refundedAt: expect.any(String),
    });
    const row = await campaignRow(campaign.id);
    expect([row.refundedAmount, row.refundTxHash]).toEqual(["10000000000000000000", txHash]);
    const shown = await call<TipsCampaignDetail>("GET", `/campaigns/${campaign.id}`);
    expect(shown.body.content.refund).toEqual(recorded.body.content.refund);

    expect(outcome(await call("POST", url, { token: creatorSession, body: { txHash } }))).toEqual({
      status: 409,
      typeCode: 751,
      message: "What was left of the prize has already been refunded.",
    });
  });
});
