// AirdropDistributor on a local chain: the deployment and its owner's signer switch, campaign parameter checks,
// and both ways to claim, by Merkle proof against OpenZeppelin-built trees and by EIP-712 voucher, each with the
// forgeries and replays it must refuse.
import { type Address, type Hex, parseEventLogs, parseUnits, zeroHash } from "viem";
import { describe, expect, it } from "vitest";
import { airdropDistributorArtifact } from "../src/artifacts.ts";
import { defaultAirdropSigner } from "../src/deploy.ts";
import {
  type AirdropLeaf,
  airdropLeafHash,
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
  hashPair,
  latestTimestamp,
  mined,
  owner,
  ProofKind,
  processProof,
  publicClient,
  RewardKind,
  randomAmount,
  relayers,
  send,
  signer,
  signVoucher,
  stranger,
  tokenBalance,
  travelTo,
  useAirdropDistributor,
  type Voucher,
  walletOf,
} from "./airdrop-distributor-helper.ts";

useAirdropDistributor();

describe("AirdropDistributor deployment", () => {
  it("is deployed at nonce 3 of the deployer, owned by it, with Hardhat's account #1 as the voucher signer", async () => {
    expect(distributor).toBe("0xCf7Ed3AccA5a467e9e704C703E8D87F634fB0Fc9");
    expect(deployment.airdropSigner).toBe(defaultAirdropSigner);
    expect(signer.address).toBe(defaultAirdropSigner);
    const read = (functionName: "owner" | "platformSigner") =>
      publicClient.readContract({ address: distributor, abi: distributorAbi, functionName });
    expect(await read("owner")).toBe(owner.address);
    expect(await read("platformSigner")).toBe(signer.address);
  });

  it("lets only the owner change the platform signer", async () => {
    await expect(attempt(stranger.address, "setPlatformSigner", [stranger.address])).rejects.toThrow(
      /OwnableUnauthorizedAccount/,
    );
    const receipt = await send(owner, {
      address: distributor,
      abi: distributorAbi,
      functionName: "setPlatformSigner",
      args: [signer.address],
    });
    const [event] = parseEventLogs({
      abi: distributorAbi,
      logs: receipt.logs,
      eventName: "PlatformSignerChanged",
    });
    expect(event?.args).toEqual({ previousSigner: signer.address, newSigner: signer.address });
  });

  it("rejects inconsistent campaigns", async () => {
    const now = await latestTimestamp();
    const base: CampaignParams = {
      token: deployment.testToken,
      kind: RewardKind.ERC20,
      proofKind: ProofKind.Voucher,
      mode: ClaimMode.All,
      merkleRoot: zeroHash,
      shares: 0n,
      amountPerShare: 0n,
      start: now,
      end: now + 3_600n,
    };
    const create = (changes: Partial<CampaignParams>) =>
      attempt(creator.address, "createCampaign", [{ ...base, ...changes }]);
    await expect(create({})).resolves.toBeDefined();
    await expect(create({ token: "0x0000000000000000000000000000000000000000" })).rejects.toThrow(
      /ZeroAddress/,
    );
    await expect(create({ start: now + 10n, end: now + 10n })).rejects.toThrow(/InvalidTimes/);
    await expect(create({ start: now - 100n, end: now - 10n })).rejects.toThrow(/InvalidTimes/);
    await expect(create({ proofKind: ProofKind.Merkle })).rejects.toThrow(/InvalidCampaignParams/);
    await expect(create({ merkleRoot: `0x${"11".repeat(32)}` })).rejects.toThrow(/InvalidCampaignParams/);
    await expect(create({ mode: ClaimMode.Fcfs })).rejects.toThrow(/InvalidCampaignParams/);
    await expect(create({ shares: 5n })).rejects.toThrow(/InvalidCampaignParams/);
    await expect(
      create({ kind: RewardKind.ERC721, mode: ClaimMode.Fcfs, shares: 5n, amountPerShare: 2n }),
    ).rejects.toThrow(/InvalidCampaignParams/);
  });
});

describe("Merkle claims (T17)", () => {
  it("verifies JS-built proofs on chain for random trees of odd sizes and pays each account once", async () => {
    for (const size of [1, 3, 5, 7, 13, 31]) {
      const leaves: AirdropLeaf[] = freshAddresses(size).map((account, position) => ({
        index: BigInt(position * 3 + 1),
        account,
        amount: randomAmount(),
      }));
      const tree = buildStandardTree(leaves);
      const total = leaves.reduce((sum, leaf) => sum + leaf.amount, 0n);
      const { campaignId } = await createCampaign({
        proofKind: ProofKind.Merkle,
        mode: ClaimMode.All,
        merkleRoot: tree.root,
      });
      await deposit(campaignId, total);
      for (const [position, leaf] of leaves.entries()) {
        const proof = tree.proof(position);
        expect(processProof(airdropLeafHash(leaf), proof)).toBe(tree.root);
        // Anyone may submit the claim; the listed account is paid.
        const receipt = await send(relayers[position % relayers.length]!, {
          address: distributor,
          abi: distributorAbi,
          functionName: "claim",
          args: [campaignId, leaf.index, leaf.account, leaf.amount, proof],
        });
        expect(claimedEvents(receipt)).toEqual([
          { campaignId, claimId: leaf.index, account: leaf.account, amount: leaf.amount },
        ]);
        expect(await tokenBalance(deployment.testToken, leaf.account)).toBe(leaf.amount);
      }
      const campaign = await getCampaign(campaignId);
      expect([campaign.deposited, campaign.claimed]).toEqual([total, total]);
      for (const leaf of leaves) {
        expect(
          await publicClient.readContract({
            address: distributor,
            abi: distributorAbi,
            functionName: "isClaimed",
            args: [campaignId, leaf.index],
          }),
        ).toBe(true);
      }
    }
  });

  it("reverts the same index twice, another account's proof and an internal node posing as a leaf", async () => {
    const leaves: AirdropLeaf[] = freshAddresses(9).map((account, index) => ({
      index: BigInt(index),
      account,
      amount: randomAmount(),
    }));
    const tree = buildStandardTree(leaves);
    const { campaignId } = await createCampaign({
      proofKind: ProofKind.Merkle,
      mode: ClaimMode.All,
      merkleRoot: tree.root,
    });
    await deposit(campaignId, leaves.reduce((sum, leaf) => sum + leaf.amount, 0n) * 2n);
    const [first, second] = leaves as [AirdropLeaf, AirdropLeaf];
    const claimArgs = (leaf: AirdropLeaf, proof: Hex[]) => [
      campaignId,
      leaf.index,
      leaf.account,
      leaf.amount,
      proof,
    ];

    // Another account's proof: the second leaf's proof for the first leaf, or the first leaf's proof redirected to
    // someone else (the relayer itself) or for a bigger amount.
    await expect(attempt(stranger.address, "claim", claimArgs(first, tree.proof(1)))).rejects.toThrow(
      /InvalidProof/,
    );
    await expect(
      attempt(stranger.address, "claim", claimArgs({ ...first, account: stranger.address }, tree.proof(0))),
    ).rejects.toThrow(/InvalidProof/);
    await expect(
      attempt(stranger.address, "claim", claimArgs({ ...first, amount: first.amount + 1n }, tree.proof(0))),
    ).rejects.toThrow(/InvalidProof/);
    await expect(
      attempt(stranger.address, "claim", claimArgs({ ...second, index: first.index }, tree.proof(1))),
    ).rejects.toThrow(/InvalidProof/);

    // A 64-byte internal node "leaf": node 1's preimage is its two children, and its proof leads to the root,
    // yet no (index, account, amount) double-hashes to it.
    const [left, right] = [tree.tree[3]!, tree.tree[4]!];
    expect(hashPair(left, right)).toBe(tree.tree[1]);
    // Node 1 sits just below the root, so its proof is its sibling, node 2.
    const nodeProof = [tree.tree[2]!];
    expect(processProof(tree.tree[1]!, nodeProof)).toBe(tree.root);
    for (const [index, amount] of [
      [BigInt(left), BigInt(right)],
      [BigInt(right), BigInt(left)],
    ] as const) {
      await expect(
        attempt(stranger.address, "claim", [campaignId, index, stranger.address, amount, nodeProof]),
      ).rejects.toThrow(/InvalidProof/);
    }
    // And with an empty proof against the root itself.
    await expect(
      attempt(stranger.address, "claim", [
        campaignId,
        BigInt(tree.tree[1]!),
        stranger.address,
        BigInt(tree.tree[2]!),
        [],
      ]),
    ).rejects.toThrow(/InvalidProof/);

    // The intended claim works once; the same index again reverts, whoever submits it.
    await send(stranger, {
      address: distributor,
      abi: distributorAbi,
      functionName: "claim",
      args: claimArgs(first, tree.proof(0)),
    });
    await expect(attempt(relayers[0]!.address, "claim", claimArgs(first, tree.proof(0)))).rejects.toThrow(
      /AlreadyClaimed/,
    );
    expect(await tokenBalance(deployment.testToken, first.account)).toBe(first.amount);
    // Vouchers are not accepted by a Merkle campaign.
    const voucher = {
      campaignId,
      recipient: first.account,
      amount: first.amount,
      nonce: 1n,
      deadline: 2n ** 40n,
    };
    await expect(
      attempt(stranger.address, "claimWithVoucher", [voucher, await signVoucher(voucher)]),
    ).rejects.toThrow(/WrongProofKind/);
  });
});

describe("voucher claims (T16)", () => {
  it("accepts only the intended claim: no reuse, other chain, other deployment, expiry, swapped recipient or wrong signer", async () => {
    const { campaignId } = await createCampaign({ proofKind: ProofKind.Voucher, mode: ClaimMode.All });
    await deposit(campaignId, parseUnits("1000", 18));
    const [recipient, swapped] = freshAddresses(2) as [Address, Address];
    const now = await latestTimestamp();
    const voucher: Voucher = {
      campaignId,
      recipient,
      amount: parseUnits("12.5", 18),
      nonce: 0xdeadbeefn,
      deadline: now + 600n,
    };
    const signature = await signVoucher(voucher);
    const claimWith = (v: Voucher, s: Hex) => attempt(stranger.address, "claimWithVoucher", [v, s]);

    // Another chain id in the domain.
    await expect(claimWith(voucher, await signVoucher(voucher, { chainId: 1 }))).rejects.toThrow(
      /InvalidSignature/,
    );
    // Another deployment: a second distributor with the same signer; its voucher does not work here, nor ours there.
    const secondHash = await walletOf(owner).deployContract({
      abi: distributorAbi,
      bytecode: airdropDistributorArtifact.bytecode,
      args: [owner.address, signer.address],
    });
    const second = (await mined(secondHash)).contractAddress!;
    let secondCampaignId = 0n;
    while (secondCampaignId < campaignId) {
      ({ campaignId: secondCampaignId } = await createCampaign(
        { proofKind: ProofKind.Voucher, mode: ClaimMode.All },
        creator,
        second,
      ));
    }
    expect(secondCampaignId).toBe(campaignId);
    await expect(
      claimWith(voucher, await signVoucher(voucher, { verifyingContract: second })),
    ).rejects.toThrow(/InvalidSignature/);
    await expect(attempt(stranger.address, "claimWithVoucher", [voucher, signature], second)).rejects.toThrow(
      /InvalidSignature/,
    );
    // A swapped recipient, a changed amount or campaign, and a voucher from someone else than the platform signer.
    await expect(claimWith({ ...voucher, recipient: swapped }, signature)).rejects.toThrow(
      /InvalidSignature/,
    );
    await expect(claimWith({ ...voucher, amount: voucher.amount * 2n }, signature)).rejects.toThrow(
      /InvalidSignature/,
    );
    await expect(claimWith({ ...voucher, deadline: voucher.deadline + 1n }, signature)).rejects.toThrow(
      /InvalidSignature/,
    );
    await expect(claimWith(voucher, await signVoucher(voucher, { by: stranger }))).rejects.toThrow(
      /InvalidSignature/,
    );
    await expect(claimWith(voucher, "0x1234")).rejects.toThrow(/InvalidSignature/);

    // The intended claim, submitted by anyone, pays the recipient; then the same voucher reverts.
    expect(
      await publicClient.readContract({
        address: distributor,
        abi: distributorAbi,
        functionName: "voucherDigest",
        args: [voucher],
      }),
    ).toMatch(/^0x[0-9a-f]{64}$/);
    const receipt = await send(stranger, {
      address: distributor,
      abi: distributorAbi,
      functionName: "claimWithVoucher",
      args: [voucher, signature],
    });
    expect(claimedEvents(receipt)).toEqual([
      { campaignId, claimId: voucher.nonce, account: recipient, amount: voucher.amount },
    ]);
    expect(await tokenBalance(deployment.testToken, recipient)).toBe(voucher.amount);
    await expect(claimWith(voucher, signature)).rejects.toThrow(/VoucherUsed/);
    // The single-use id stays used even for a freshly signed voucher to another recipient.
    const again = { ...voucher, recipient: swapped };
    await expect(claimWith(again, await signVoucher(again))).rejects.toThrow(/VoucherUsed/);
    expect(
      await publicClient.readContract({
        address: distributor,
        abi: distributorAbi,
        functionName: "isNonceUsed",
        args: [campaignId, voucher.nonce],
      }),
    ).toBe(true);

    // After expiry.
    const late: Voucher = { ...voucher, nonce: 2n, deadline: (await latestTimestamp()) + 60n };
    const lateSignature = await signVoucher(late);
    await travelTo(late.deadline + 60n);
    await expect(claimWith(late, lateSignature)).rejects.toThrow(/VoucherExpired/);
  });
});
