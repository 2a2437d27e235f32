// Transactions an airdrop's books follow, against a real local chain: a refund before the start returns the
// airdrop to a draft, the event indexer links campaigns and counts claims nobody reported, and an NFT airdrop
// counts registered tokens as its deposit.

import { airdropDistributorAbi } from "@dropfair/chain/abis";
import { testNftArtifact, testTokenArtifact } from "@dropfair/contracts/artifacts";
import { campaignArgsOf } from "@dropfair/core/airdrop";
import type { AirdropClaim, AirdropDetail } from "@dropfair/schemas/airdrop";
import { describe, expect, it } from "vitest";
import {
  appNow,
  call,
  chain,
  claimOnChain,
  context,
  createDraft,
  creator,
  creatorToken,
  deployment,
  fund,
  mined,
  prepared,
  publicClient,
  refundOnChain,
  reportTransaction,
  useAirdropApi,
  walletOf,
} from "./airdrop-api-helper.ts";
import { minuteFloor } from "./builders.ts";
import { newWallet } from "./helper.ts";

useAirdropApi();

describe("taking a funded campaign back before the start", () => {
  it("returns the airdrop to an editable draft once the creator refunds", async () => {
    const start = new Date(minuteFloor(appNow()).getTime() + 10 * 60_000);
    const draft = await createDraft({
      startAt: start.toISOString(),
      endAt: new Date(start.getTime() + 3_600_000).toISOString(),
    });
    await call("PUT", `/${draft.id}/participants`, { token: creatorToken, text: newWallet().address });
    const funded = await fund(await prepared(draft.id));
    const released = await call<AirdropDetail>("POST", `/${draft.id}/release`, { token: creatorToken });
    expect(released.body.content.status).toBe(1);
    expect(
      (await call("PATCH", `/${draft.id}`, { token: creatorToken, body: { totalAmount: "5" } })).body
        .typeCode,
    ).toBe(201);
    const hash = await refundOnChain(funded);
    const reported = await reportTransaction(draft.id, hash, creatorToken);
    expect(reported.body.content).toMatchObject({
      status: 0,
      campaignId: null,
      deposited: "0",
      editable: true,
    });
    // The indexer (or a second tab) may report it again: the same answer, not "holds no event".
    const again = await reportTransaction(draft.id, hash, creatorToken);
    expect(again.status).toBe(200);
    expect(again.body.content).toMatchObject({ status: 0, campaignId: null, deposited: "0", editable: true });
    const edited = await call<AirdropDetail>("PATCH", `/${draft.id}`, {
      token: creatorToken,
      body: { totalAmount: "5" },
    });
    expect(edited.body.content).toMatchObject({ totalAmount: "5", prepared: false });
  });
});

describe("the event indexer", () => {
  it("links a campaign and counts claims that nobody reported, each once", async () => {
    const listed = [newWallet(), newWallet()];
    const draft = await createDraft({ title: "Indexed" });
    await call("PUT", `/${draft.id}/participants`, {
      token: creatorToken,
      text: listed.map((wallet) => wallet.address).join("\n"),
    });
    const detail = await prepared(draft.id);
    const service = context.app.airdrop;
    // Catch the cursor up first, so this pass only sees what follows.
    while ((await service.indexChain(chain.chainId))!.toBlock < (await publicClient.getBlockNumber())) {}
    const params = detail.campaignParams!;
    const amount = BigInt(detail.requiredDeposit!);
    const wallet = walletOf(creator);
    await mined(
      await wallet.writeContract({
        address: deployment.testToken,
        abi: testTokenArtifact.abi,
        functionName: "approve",
        args: [deployment.airdropDistributor, amount],
      }),
    );
    await mined(
      await wallet.writeContract({
        address: deployment.airdropDistributor,
        abi: airdropDistributorAbi,
        functionName: "createCampaignAndDeposit",
        args: [campaignArgsOf(params), amount],
      }),
    );
    await service.indexChain(chain.chainId);
    const linked = (await call<AirdropDetail>("GET", `/${draft.id}`, { token: creatorToken })).body.content;
    expect(linked.campaignId).not.toBeNull();
    expect(linked.deposited).toBe(detail.requiredDeposit);
    await call("POST", `/${draft.id}/release`, { token: creatorToken });
    const claim = (await call<AirdropClaim>("GET", `/${draft.id}/claim?account=${listed[1]!.address}`)).body
      .content;
    await claimOnChain(linked, claim, creator);
    await service.indexChain(chain.chainId);
    await service.indexChain(chain.chainId);
    const after = (await call<AirdropDetail>("GET", `/${draft.id}`, { token: creatorToken })).body.content;
    expect(after.claimCount).toBe(1);
    const participant = (await call<AirdropClaim>("GET", `/${draft.id}/claim?account=${listed[1]!.address}`))
      .body.content;
    expect(participant.claimState).toBe(1);
  });
});

describe("an NFT airdrop", () => {
  it("checks the contract is an ERC-721, counts registered tokens as the deposit and pays one per claim", async () => {
    const wallet = walletOf(creator);
    const deployed = await publicClient.waitForTransactionReceipt({
      hash: await wallet.deployContract({ abi: testNftArtifact.abi, bytecode: testNftArtifact.bytecode }),
    });
    const nft = deployed.contractAddress!;
    for (const tokenId of [1n, 2n]) {
      await mined(
        await wallet.writeContract({
          address: nft,
          abi: testNftArtifact.abi,
          functionName: "mint",
          args: [creator.address, tokenId],
        }),
      );
    }
    // An ERC-20 is not an NFT contract.
    const wrong = await call("POST", "/", {
      token: creatorToken,
      body: {
        title: "NFT drop",
        startAt: minuteFloor(appNow()).toISOString(),
        endAt: new Date(minuteFloor(appNow()).getTime() + 3_600_000).toISOString(),
        rewardType: "nft",
        chainId: chain.chainId,
        tokenAddress: deployment.testToken,
      },
    });
    expect(wrong.body.message).toBe("Token address not valid");

    const listed = [newWallet(), newWallet()];
    const draft = await createDraft({ rewardType: "nft", tokenAddress: nft, totalAmount: null });
    expect(draft).toMatchObject({ tokenSymbol: "DFNFT", tokenDecimals: 0 });
    await call("PUT", `/${draft.id}/participants`, {
      token: creatorToken,
      text: listed.map((participant) => participant.address).join("\n"),
    });
    const detail = await prepared(draft.id);
    expect(detail).toMatchObject({ requiredDeposit: "2", campaignParams: { kind: 1, mode: 0 } });
    const params = detail.campaignParams!;
    const created = await mined(
      await wallet.writeContract({
        address: deployment.airdropDistributor,
        abi: airdropDistributorAbi,
        functionName: "createCampaign",
        args: [campaignArgsOf(params)],
      }),
    );
    const linked = await reportTransaction(draft.id, created, creatorToken);
    await mined(
      await wallet.writeContract({
        address: nft,
        abi: testNftArtifact.abi,
        functionName: "setApprovalForAll",
        args: [deployment.airdropDistributor, true],
      }),
    );
    const registered = await mined(
      await wallet.writeContract({
        address: deployment.airdropDistributor,
        abi: airdropDistributorAbi,
        functionName: "registerNft",
        args: [BigInt(linked.body.content.campaignId!), [1n, 2n]],
      }),
    );
    const funded = await reportTransaction(draft.id, registered, creatorToken);
    expect(funded.body.content.deposited).toBe("2");
    expect(
      (await call<AirdropDetail>("POST", `/${draft.id}/release`, { token: creatorToken })).body.content
        .status,
    ).toBe(2);
    const claim = (await call<AirdropClaim>("GET", `/${draft.id}/claim?account=${listed[0]!.address}`)).body
      .content;
    expect(claim.amount).toBe("1");
    const hash = await claimOnChain(funded.body.content, claim, creator);
    await call("POST", `/${draft.id}/transactions`, { token: creatorToken, body: { txHash: hash } });
    const owner = await publicClient.readContract({
      address: nft,
      abi: testNftArtifact.abi,
      functionName: "balanceOf",
      args: [listed[0]!.address],
    });
    expect(owner).toBe(1n);
    const after = (await call<AirdropDetail>("GET", `/${draft.id}`)).body.content;
    expect(after).toMatchObject({ claimCount: 1, claimableAmount: "1" });
  });
});
