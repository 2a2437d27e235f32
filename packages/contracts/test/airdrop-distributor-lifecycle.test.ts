// An AirdropDistributor campaign's life on a local chain: claims only while it is in progress, deposits and
// refunds to the creator, campaigns' funds kept apart, fee-on-transfer tokens and ERC-721 rewards.
import { type Address, parseEventLogs, parseUnits } from "viem";
import { describe, expect, it } from "vitest";
import { testFeeTokenArtifact, testNftArtifact, testTokenArtifact } from "../src/artifacts.ts";
import {
  attempt,
  buildStandardTree,
  type CampaignParams,
  ClaimMode,
  claimedEvents,
  createCampaign,
  creator,
  deployment,
  deposit,
  distributor,
  distributorAbi,
  freshAddresses,
  getCampaign,
  latestTimestamp,
  mined,
  ProofKind,
  publicClient,
  RewardKind,
  send,
  signVoucher,
  stranger,
  tokenBalance,
  travelTo,
  useAirdropDistributor,
  type Voucher,
  walletOf,
} from "./airdrop-distributor-helper.ts";

useAirdropDistributor();

describe("campaign life cycle: claims only while in progress, the refund after the end", () => {
  it("accepts claims only while in progress and refunds exactly the remainder to the creator, once, after the end", async () => {
    const now = await latestTimestamp();
    const start = now + 1_000n;
    const end = start + 1_000n;
    const leaves = freshAddresses(3).map((account, index) => ({
      index: BigInt(index),
      account,
      amount: parseUnits(String(index + 1), 18),
    }));
    const tree = buildStandardTree(leaves);
    const { campaignId, receipt: created } = await createCampaign({
      proofKind: ProofKind.Merkle,
      mode: ClaimMode.All,
      merkleRoot: tree.root,
      start,
      end,
    });
    const [createdEvent] = parseEventLogs({
      abi: distributorAbi,
      logs: created.logs,
      eventName: "CampaignCreated",
    });
    expect(createdEvent?.args).toEqual({
      campaignId,
      creator: creator.address,
      token: deployment.testToken,
      kind: RewardKind.ERC20,
      proofKind: ProofKind.Merkle,
      mode: ClaimMode.All,
      merkleRoot: tree.root,
      shares: 0n,
      amountPerShare: 0n,
      start,
      end,
    });
    const depositAmount = parseUnits("100", 18);
    await expect(attempt(stranger.address, "deposit", [campaignId, 1n])).rejects.toThrow(/NotCreator/);
    const deposited = await deposit(campaignId, depositAmount);
    const [depositEvent] = parseEventLogs({
      abi: distributorAbi,
      logs: deposited.logs,
      eventName: "Deposited",
    });
    expect(depositEvent?.args).toEqual({ campaignId, from: creator.address, amount: depositAmount });

    const claimArgs = (position: number) => {
      const leaf = leaves[position]!;
      return [campaignId, leaf.index, leaf.account, leaf.amount, tree.proof(position)] as const;
    };
    await expect(attempt(stranger.address, "claim", claimArgs(0))).rejects.toThrow(/NotInProgress/);
    await travelTo(start);
    await send(stranger, {
      address: distributor,
      abi: distributorAbi,
      functionName: "claim",
      args: claimArgs(0),
    });
    await send(stranger, {
      address: distributor,
      abi: distributorAbi,
      functionName: "claim",
      args: claimArgs(1),
    });
    await expect(attempt(creator.address, "refund", [campaignId])).rejects.toThrow(/RefundWhileInProgress/);

    await travelTo(end + 10n);
    await expect(attempt(stranger.address, "claim", claimArgs(2))).rejects.toThrow(/NotInProgress/);
    await expect(attempt(creator.address, "deposit", [campaignId, 1n])).rejects.toThrow(/CampaignEnded/);
    await expect(attempt(stranger.address, "refund", [campaignId])).rejects.toThrow(/NotCreator/);
    await expect(attempt(creator.address, "refund", [campaignId + 1_000n])).rejects.toThrow(
      /CampaignNotFound/,
    );

    const remainder = depositAmount - leaves[0]!.amount - leaves[1]!.amount;
    const before = await tokenBalance(deployment.testToken, creator.address);
    const refunded = await send(creator, {
      address: distributor,
      abi: distributorAbi,
      functionName: "refund",
      args: [campaignId],
    });
    expect(await tokenBalance(deployment.testToken, creator.address)).toBe(before + remainder);
    const [refundEvent] = parseEventLogs({ abi: distributorAbi, logs: refunded.logs, eventName: "Refunded" });
    expect(refundEvent?.args).toEqual({ campaignId, creator: creator.address, amount: remainder });
    expect((await getCampaign(campaignId)).refunded).toBe(true);
    await expect(attempt(creator.address, "refund", [campaignId])).rejects.toThrow(/AlreadyRefunded/);
  });
});

describe("campaign life cycle: funding in one transaction, and campaigns' funds kept apart", () => {
  it("opens and funds a campaign in one transaction, and lets the creator take it back before the start", async () => {
    const [participant] = freshAddresses(1) as [Address];
    const leaves = [{ index: 0n, account: participant, amount: parseUnits("5", 18) }];
    const tree = buildStandardTree(leaves);
    const now = await latestTimestamp();
    const params: CampaignParams = {
      token: deployment.testToken,
      kind: RewardKind.ERC20,
      proofKind: ProofKind.Merkle,
      mode: ClaimMode.All,
      merkleRoot: tree.root,
      shares: 0n,
      amountPerShare: 0n,
      start: now + 600n,
      end: now + 3_600n,
    };
    const amount = parseUnits("5", 18);
    await send(creator, {
      address: deployment.testToken,
      abi: testTokenArtifact.abi,
      functionName: "approve",
      args: [distributor, amount],
    });
    const receipt = await send(creator, {
      address: distributor,
      abi: distributorAbi,
      functionName: "createCampaignAndDeposit",
      args: [params, amount],
    });
    const [created] = parseEventLogs({
      abi: distributorAbi,
      logs: receipt.logs,
      eventName: "CampaignCreated",
    });
    const [deposited] = parseEventLogs({ abi: distributorAbi, logs: receipt.logs, eventName: "Deposited" });
    const campaignId = created!.args.campaignId;
    expect(deposited?.args).toEqual({ campaignId, from: creator.address, amount });
    expect((await getCampaign(campaignId)).deposited).toBe(amount);
    await expect(
      attempt(creator.address, "createCampaignAndDeposit", [{ ...params, kind: RewardKind.ERC721 }, 1n]),
    ).rejects.toThrow(/InvalidCampaignParams/);

    // Before the start the creator may take the prize back; the campaign is closed for good.
    await expect(attempt(stranger.address, "refund", [campaignId])).rejects.toThrow(/NotCreator/);
    const before = await tokenBalance(deployment.testToken, creator.address);
    await send(creator, {
      address: distributor,
      abi: distributorAbi,
      functionName: "refund",
      args: [campaignId],
    });
    expect(await tokenBalance(deployment.testToken, creator.address)).toBe(before + amount);
    await expect(attempt(creator.address, "deposit", [campaignId, 1n])).rejects.toThrow(/CampaignRefunded/);
    await travelTo(params.start);
    await expect(
      attempt(participant, "claim", [campaignId, 0n, participant, amount, tree.proof(0)]),
    ).rejects.toThrow(/CampaignRefunded/);
  });

  it("keeps campaigns' funds apart, even in the same token", async () => {
    const [rich, poor] = freshAddresses(2) as [Address, Address];
    const leaves = [{ index: 0n, account: rich, amount: parseUnits("50", 18) }];
    const tree = buildStandardTree(leaves);
    const { campaignId: small } = await createCampaign({
      proofKind: ProofKind.Merkle,
      mode: ClaimMode.All,
      merkleRoot: tree.root,
    });
    const { campaignId: big } = await createCampaign(
      { proofKind: ProofKind.Voucher, mode: ClaimMode.All },
      stranger,
    );
    await deposit(small, parseUnits("10", 18));
    await deposit(big, parseUnits("1000", 18), deployment.testToken, stranger);
    await expect(
      attempt(poor, "claim", [small, 0n, rich, parseUnits("50", 18), tree.proof(0)]),
    ).rejects.toThrow(/InsufficientCampaignBalance/);
    // The other campaign's creator cannot refund or fund this one either.
    await expect(attempt(stranger.address, "deposit", [small, 1n])).rejects.toThrow(/NotCreator/);
  });
});

describe("campaign life cycle: fee-on-transfer tokens and ERC-721 rewards", () => {
  it("credits only what a fee-on-transfer token delivers", async () => {
    const feeToken = (
      await mined(
        await walletOf(creator).deployContract({
          abi: testFeeTokenArtifact.abi,
          bytecode: testFeeTokenArtifact.bytecode,
          args: [],
        }),
      )
    ).contractAddress!;
    await send(creator, {
      address: feeToken,
      abi: testFeeTokenArtifact.abi,
      functionName: "mint",
      args: [creator.address, 10_000n],
    });
    const { campaignId } = await createCampaign({
      token: feeToken,
      proofKind: ProofKind.Voucher,
      mode: ClaimMode.All,
    });
    const receipt = await deposit(campaignId, 1_000n, feeToken);
    const [event] = parseEventLogs({ abi: distributorAbi, logs: receipt.logs, eventName: "Deposited" });
    expect(event?.args.amount).toBe(990n);
    expect((await getCampaign(campaignId)).deposited).toBe(990n);
    // A voucher for the full 1,000 cannot be paid from 990.
    const voucher: Voucher = {
      campaignId,
      recipient: stranger.address,
      amount: 1_000n,
      nonce: 1n,
      deadline: (await latestTimestamp()) + 600n,
    };
    await expect(
      attempt(stranger.address, "claimWithVoucher", [voucher, await signVoucher(voucher)]),
    ).rejects.toThrow(/InsufficientCampaignBalance/);
  });

  it("pays one registered ERC-721 token per claim and refunds the unclaimed ones", async () => {
    const nft = (
      await mined(
        await walletOf(creator).deployContract({
          abi: testNftArtifact.abi,
          bytecode: testNftArtifact.bytecode,
          args: [],
        }),
      )
    ).contractAddress!;
    const tokenIds = [11n, 12n, 13n];
    for (const tokenId of tokenIds) {
      await send(creator, {
        address: nft,
        abi: testNftArtifact.abi,
        functionName: "mint",
        args: [creator.address, tokenId],
      });
    }
    await send(creator, {
      address: nft,
      abi: testNftArtifact.abi,
      functionName: "setApprovalForAll",
      args: [distributor, true],
    });
    const now = await latestTimestamp();
    const end = now + 1_000n;
    const { campaignId } = await createCampaign({
      token: nft,
      kind: RewardKind.ERC721,
      proofKind: ProofKind.Voucher,
      mode: ClaimMode.Fcfs,
      shares: 2n,
      amountPerShare: 1n,
      end,
    });
    await expect(attempt(creator.address, "deposit", [campaignId, 1n])).rejects.toThrow(/WrongRewardKind/);
    const registered = await send(creator, {
      address: distributor,
      abi: distributorAbi,
      functionName: "registerNft",
      args: [campaignId, tokenIds],
    });
    const [registeredEvent] = parseEventLogs({
      abi: distributorAbi,
      logs: registered.logs,
      eventName: "NftRegistered",
    });
    expect(registeredEvent?.args.tokenIds).toEqual(tokenIds);

    const winner = freshAddresses(1)[0]!;
    const voucher: Voucher = { campaignId, recipient: winner, amount: 1n, nonce: 7n, deadline: end };
    const receipt = await send(stranger, {
      address: distributor,
      abi: distributorAbi,
      functionName: "claimWithVoucher",
      args: [voucher, await signVoucher(voucher)],
    });
    const [nftEvent] = parseEventLogs({ abi: distributorAbi, logs: receipt.logs, eventName: "NftClaimed" });
    expect(nftEvent?.args).toEqual({ campaignId, claimId: 7n, account: winner, tokenId: 13n });
    expect(claimedEvents(receipt)).toEqual([{ campaignId, claimId: 7n, account: winner, amount: 1n }]);
    const ownerOf = (tokenId: bigint) =>
      publicClient.readContract({
        address: nft,
        abi: testNftArtifact.abi,
        functionName: "ownerOf",
        args: [tokenId],
      });
    expect(await ownerOf(13n)).toBe(winner);

    await travelTo(end + 1n);
    const refunded = await send(creator, {
      address: distributor,
      abi: distributorAbi,
      functionName: "refund",
      args: [campaignId],
    });
    const [refundEvent] = parseEventLogs({ abi: distributorAbi, logs: refunded.logs, eventName: "Refunded" });
    expect(refundEvent?.args.amount).toBe(2n);
    expect([await ownerOf(11n), await ownerOf(12n)]).toEqual([creator.address, creator.address]);
    expect(
      await publicClient.readContract({
        address: distributor,
        abi: distributorAbi,
        functionName: "nftIdsOf",
        args: [campaignId],
      }),
    ).toEqual([]);
  });
});
