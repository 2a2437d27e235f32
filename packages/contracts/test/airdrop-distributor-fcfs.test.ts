// AirdropDistributor's first-come-first-served campaigns on a local chain: of many claims sent at once, exactly
// as many as there are shares go through, by Merkle proof and by voucher.
import { BaseError, type Hash, parseUnits, type TransactionReceipt } from "viem";
import { generatePrivateKey, type PrivateKeyAccount, privateKeyToAccount } from "viem/accounts";
import { describe, expect, it } from "vitest";
import {
  attempt,
  buildStandardTree,
  ClaimMode,
  claimedEvents,
  createCampaign,
  deployment,
  deposit,
  distributor,
  distributorAbi,
  getCampaign,
  latestTimestamp,
  ProofKind,
  publicClient,
  signVoucher,
  stranger,
  testClient,
  tokenBalance,
  useAirdropDistributor,
  type Voucher,
  walletOf,
} from "./airdrop-distributor-helper.ts";

useAirdropDistributor();

describe("FCFS (T18)", () => {
  /**
   * Hardhat's automine answers `eth_sendRawTransaction` of a transaction that reverted with an error, though it did
   * mine it; the error carries the hash.
   */
  function minedButReverted(error: unknown): Hash {
    const withHash =
      error instanceof BaseError
        ? error.walk((cause) => typeof (cause as { data?: { txHash?: unknown } }).data?.txHash === "string")
        : undefined;
    const hash = (withHash as { data?: { txHash?: Hash } } | undefined)?.data?.txHash;
    if (!hash) throw error;
    return hash;
  }

  /** `count` new accounts with gas money, as many participants claiming for themselves. */
  async function claimants(count: number): Promise<PrivateKeyAccount[]> {
    const accounts = Array.from({ length: count }, () => privateKeyToAccount(generatePrivateKey()));
    await Promise.all(
      accounts.map((account) =>
        testClient.setBalance({ address: account.address, value: parseUnits("1", 18) }),
      ),
    );
    return accounts;
  }

  /**
   * Each claimant sends its claim at once, nobody waits for anyone (explicit nonce and gas, so nothing is estimated
   * against a state that changes meanwhile); then every receipt is awaited. Hardhat cannot queue transactions of
   * one sender while automining, hence one sender per claim.
   */
  async function race(
    claims: {
      from: PrivateKeyAccount;
      functionName: "claim" | "claimWithVoucher";
      args: readonly unknown[];
    }[],
  ): Promise<TransactionReceipt[]> {
    const hashes = await Promise.all(
      claims.map((claim) =>
        walletOf(claim.from)
          .writeContract({
            address: distributor,
            abi: distributorAbi,
            functionName: claim.functionName,
            // biome-ignore lint/suspicious/noExplicitAny: both claim functions
            args: claim.args as any,
            nonce: 0,
            gas: 400_000n,
          })
          .catch(minedButReverted),
      ),
    );
    return Promise.all(hashes.map((hash) => publicClient.waitForTransactionReceipt({ hash })));
  }

  it("lets exactly 10 of 100 concurrent Merkle claims through for 10 shares", async () => {
    const perShare = parseUnits("5", 18);
    const participants = await claimants(100);
    const leaves = participants.map(({ address }, index) => ({
      index: BigInt(index),
      account: address,
      amount: perShare,
    }));
    const tree = buildStandardTree(leaves);
    const { campaignId } = await createCampaign({
      proofKind: ProofKind.Merkle,
      mode: ClaimMode.Fcfs,
      merkleRoot: tree.root,
      shares: 10n,
      amountPerShare: perShare,
    });
    // More than the shares need: the share counter, not the balance, must stop the claims.
    await deposit(campaignId, perShare * 15n);
    const receipts = await race(
      leaves.map((leaf, position) => ({
        from: participants[position]!,
        functionName: "claim",
        args: [campaignId, leaf.index, leaf.account, leaf.amount, tree.proof(position)],
      })),
    );
    const succeeded = receipts.filter((receipt) => receipt.status === "success");
    expect(succeeded).toHaveLength(10);
    expect(receipts.filter((receipt) => receipt.status === "reverted")).toHaveLength(90);
    const events = succeeded.flatMap(claimedEvents);
    expect(events).toHaveLength(10);
    expect(new Set(events.map((event) => event.account)).size).toBe(10);
    for (const event of events)
      expect(await tokenBalance(deployment.testToken, event.account)).toBe(perShare);
    const campaign = await getCampaign(campaignId);
    expect([campaign.sharesClaimed, campaign.claimed]).toEqual([10n, perShare * 10n]);
    await expect(
      attempt(stranger.address, "claim", [campaignId, 99n, leaves[99]!.account, perShare, tree.proof(99)]),
    ).rejects.toThrow(/SharesExhausted|AlreadyClaimed/);
  });

  it("lets exactly 10 of 100 concurrent voucher claims through, each for the share amount", async () => {
    const perShare = parseUnits("2", 18);
    const { campaignId } = await createCampaign({
      proofKind: ProofKind.Voucher,
      mode: ClaimMode.Fcfs,
      shares: 10n,
      amountPerShare: perShare,
    });
    await deposit(campaignId, perShare * 10n);
    const deadline = (await latestTimestamp()) + 3_000n;
    // A voucher for another amount than the share is refused, even when signed.
    const odd: Voucher = {
      campaignId,
      recipient: stranger.address,
      amount: perShare + 1n,
      nonce: 10_000n,
      deadline,
    };
    await expect(
      attempt(stranger.address, "claimWithVoucher", [odd, await signVoucher(odd)]),
    ).rejects.toThrow(/WrongAmount/);
    const participants = await claimants(100);
    const vouchers = participants.map(
      ({ address: recipient }, index): Voucher => ({
        campaignId,
        recipient,
        amount: perShare,
        nonce: BigInt(index),
        deadline,
      }),
    );
    const signatures = await Promise.all(vouchers.map((voucher) => signVoucher(voucher)));
    const receipts = await race(
      vouchers.map((voucher, index) => ({
        from: participants[index]!,
        functionName: "claimWithVoucher",
        args: [voucher, signatures[index]],
      })),
    );
    expect(receipts.filter((receipt) => receipt.status === "success")).toHaveLength(10);
    expect(receipts.filter((receipt) => receipt.status === "reverted")).toHaveLength(90);
    const campaign = await getCampaign(campaignId);
    expect([campaign.sharesClaimed, campaign.claimed, campaign.deposited]).toEqual([
      10n,
      perShare * 10n,
      perShare * 10n,
    ]);
  });
});
