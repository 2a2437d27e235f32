// A wallet-list airdrop through the HTTP layer from draft to refund, against a real local chain with our
// AirdropDistributor: the draft kept from others, the list as text, amounts by weight and the Merkle root,
// funding read from the receipt, release, a claim by proof, My Wins and the refund of the remainder.
import { buildClaimsTree, parseClaimsList } from "@dropfair/core/airdrop";
import type { AirdropClaim, AirdropDetail, ParticipantReport } from "@dropfair/schemas/airdrop";
import { describe, expect, it } from "vitest";
import {
  bearer,
  call,
  claimOnChain,
  context,
  createDraft,
  creator,
  creatorToken,
  fund,
  lastCampaignTx,
  moveChainTime,
  prepared,
  refundOnChain,
  reportTransaction,
  stranger,
  strangerAddress,
  useAirdropApi,
} from "./airdrop-api-helper.ts";
import { newWallet, signIn } from "./helper.ts";

useAirdropApi();

// One airdrop goes through the whole life cycle across the two describes below, in file order.
const participants = [newWallet(), newWallet(), newWallet()];
let draft: AirdropDetail;

describe("wallet list, weighted 'all' airdrop: the draft, the list and the preparation", () => {
  it("creates a draft, reads the token from the chain and keeps it from everyone but the creator (T8)", async () => {
    draft = await createDraft();
    expect(draft).toMatchObject({
      status: 0,
      tokenSymbol: expect.any(String),
      tokenDecimals: 18,
      isCreator: true,
    });
    const asStranger = await call("GET", `/${draft.id}`, { token: stranger.token });
    expect(asStranger.status).toBe(404);
    expect(asStranger.body).toEqual({ content: null, typeCode: 10, message: expect.any(String) });
    expect((await call("GET", `/${draft.id}`)).status).toBe(404);
    const mine = await call<{ items: { id: number }[] }>("GET", "/?filter=mine", { token: creatorToken });
    expect(mine.body.content.items.map((item) => item.id)).toContain(draft.id);
    const all = await call<{ items: { id: number }[] }>("GET", "/");
    expect(all.body.content.items.map((item) => item.id)).not.toContain(draft.id);
  });

  it("takes the list as text, reporting wrong and duplicate lines by number and keeping the good ones", async () => {
    const [first, second, third] = participants.map((wallet) => wallet.address);
    const text = [
      `${first},5`,
      "0x12345",
      `${second!.toLowerCase()}`,
      `${first!.toLowerCase()},2`,
      "",
      `${third},2`,
    ].join("\n");
    const response = await call<ParticipantReport>("PUT", `/${draft.id}/participants`, {
      token: creatorToken,
      text,
    });
    expect(response.body.content).toMatchObject({
      accepted: 3,
      totalWeight: 8,
      wrongLines: [2],
      duplicateLines: [4],
      wrongCount: 1,
      duplicateCount: 1,
    });
    const page = await call<{ items: { index: number; account: string; weight: number }[]; total: number }>(
      "GET",
      `/${draft.id}/participants`,
      { token: creatorToken },
    );
    expect(page.body.content.total).toBe(3);
    expect(page.body.content.items.map((item) => [item.index, item.account, item.weight])).toEqual([
      [0, first, 5],
      [1, second, 1],
      [2, third, 2],
    ]);
  });

  it("prepares amounts by weight and a Merkle root anyone can recompute from the claims list", async () => {
    draft = await prepared(draft.id);
    expect(draft.prepared).toBe(true);
    // 1000 tokens by weights 5, 1, 2 of 8: 625, 125, 250.
    expect(draft.requiredDeposit).toBe((1000n * 10n ** 18n).toString());
    expect(draft.undistributed).toBe("0");
    expect(draft.campaignParams).toMatchObject({
      proofKind: 0,
      mode: 0,
      kind: 0,
      merkleRoot: draft.merkleRoot,
    });
    const list = await context.app.inject({
      url: `/api/bounty/airdrop/${draft.id}/claims-list`,
      headers: bearer(creatorToken),
    });
    expect(list.headers["content-disposition"]).toContain(`airdrop-${draft.id}-claims.csv`);
    const claims = parseClaimsList(list.body);
    expect(claims.map((claim) => claim.amount)).toEqual(
      [625n, 125n, 250n].map((value) => value * 10n ** 18n),
    );
    expect(buildClaimsTree(claims).root).toBe(draft.merkleRoot);
  });

  it("tells the creator what rounding leaves out of the deposit: the shares are whole base units", async () => {
    const split = await createDraft({ title: "Thirds", totalAmount: "1" });
    const wallets = [newWallet(), newWallet(), newWallet()];
    await call("PUT", `/${split.id}/participants`, {
      token: creatorToken,
      text: wallets.map((wallet) => wallet.address).join("\n"),
    });
    const detail = await prepared(split.id);
    // 10^18 base units in three equal shares of 333…333: one base unit is left over and stays with the creator.
    expect(detail.requiredDeposit).toBe("999999999999999999");
    expect(detail.undistributed).toBe("1");
  });

  it("refuses to release before the deposit ('Need Deposit.'), in English and Chinese (T12)", async () => {
    const english = await call("POST", `/${draft.id}/release`, { token: creatorToken });
    expect(english.body).toMatchObject({ typeCode: 202, message: "Need Deposit." });
    const chinese = await call("POST", `/${draft.id}/release`, {
      token: creatorToken,
      headers: { "accept-language": "zh-cn" },
    });
    expect(chinese.body.message).toBe("请先充值。");
  });
});

describe("wallet list, weighted 'all' airdrop: funding, release, claims and the refund", () => {
  it("reads the campaign and deposit from the receipt, counts a reported transaction once (T15) and releases", async () => {
    const funded = await fund(draft);
    expect(funded.campaignId).not.toBeNull();
    expect(funded.deposited).toBe(draft.requiredDeposit);
    const again = await call<AirdropDetail>("POST", `/${draft.id}/transactions`, {
      token: creatorToken,
      body: { txHash: await lastCampaignTx(draft.id) },
    });
    expect(again.body.content.deposited).toBe(draft.requiredDeposit);
    const released = await call<AirdropDetail>("POST", `/${draft.id}/release`, { token: creatorToken });
    expect(released.body.content.status).toBe(2);
    draft = released.body.content;
    const all = await call<{ items: { id: number }[] }>("GET", "/");
    expect(all.body.content.items.map((item) => item.id)).toContain(draft.id);
  });

  it("refuses list and reward changes while the campaign holds the prize ('Charged prize must be refunded first')", async () => {
    const patch = await call("PATCH", `/${draft.id}`, { token: creatorToken, body: { totalAmount: "2000" } });
    expect(patch.body).toMatchObject({ typeCode: 201, message: "Charged prize must be refunded first." });
    const upload = await call("PUT", `/${draft.id}/participants`, {
      token: creatorToken,
      text: newWallet().address,
    });
    expect(upload.body.typeCode).toBe(201);
    const remove = await call("DELETE", `/${draft.id}`, { token: creatorToken });
    expect(remove.body.typeCode).toBe(201);
    const title = await call<AirdropDetail>("PATCH", `/${draft.id}`, {
      token: creatorToken,
      body: { title: "Season 1 drop (extended)" },
    });
    expect(title.body.content.title).toBe("Season 1 drop (extended)");
  });

  it("serves a participant's proof by an indexed read; the claim lands on chain and in the books, once", async () => {
    const participant = participants[0]!;
    const claim = await call<AirdropClaim>("GET", `/${draft.id}/claim?account=${participant.address}`);
    expect(claim.body.content).toMatchObject({ eligible: true, claimState: 0, index: 0 });
    const hash = await claimOnChain(draft, claim.body.content, creator);
    const reported = await reportTransaction(draft.id, hash, stranger.token);
    expect(reported.body.content.claimCount).toBe(1);
    expect(reported.body.content.claimedAmount).toBe((625n * 10n ** 18n).toString());
    const after = await call<AirdropClaim>("GET", `/${draft.id}/claim?account=${participant.address}`);
    expect(after.body.content).toMatchObject({ eligible: true, claimState: 1, proof: null });
    // A second claim is refused on chain, and the books do not move.
    await expect(claimOnChain(draft, claim.body.content, creator)).rejects.toThrow(/AlreadyClaimed/);
    const notListed = await call<AirdropClaim>("GET", `/${draft.id}/claim?account=${strangerAddress}`);
    expect(notListed.body.content.eligible).toBe(false);
  });

  it("lists the airdrop under My Wins for a listed wallet only", async () => {
    const winner = await signIn(context.app, participants[1]!);
    const wins = await call<{ items: { id: number }[] }>("GET", "/?filter=wins", { token: winner.token });
    expect(wins.body.content.items.map((item) => item.id)).toContain(draft.id);
    const notWins = await call<{ items: { id: number }[] }>("GET", "/?filter=wins", {
      token: stranger.token,
    });
    expect(notWins.body.content.items.map((item) => item.id)).not.toContain(draft.id);
    expect((await call("GET", "/?filter=wins")).status).toBe(401);
  });

  it("lets the creator refund exactly the remainder after the end; the airdrop is ended", async () => {
    await moveChainTime(31 * 60);
    const hash = await refundOnChain(draft);
    const reported = await reportTransaction(draft.id, hash, creatorToken);
    expect(reported.body.content).toMatchObject({
      status: 3,
      refundedAmount: (375n * 10n ** 18n).toString(),
      claimableAmount: "0",
    });
  });
});
