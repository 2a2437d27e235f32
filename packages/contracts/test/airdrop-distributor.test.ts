import {
  type Abi,
  type Address,
  BaseError,
  type Chain,
  createPublicClient,
  createTestClient,
  createWalletClient,
  defineChain,
  type Hash,
  type Hex,
  http,
  type PublicClient,
  parseEventLogs,
  parseUnits,
  type TestClient,
  type TransactionReceipt,
  zeroHash,
} from "viem";
import { generatePrivateKey, type PrivateKeyAccount, privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  airdropDistributorArtifact,
  testFeeTokenArtifact,
  testNftArtifact,
  testTokenArtifact,
} from "../src/artifacts.ts";
import { defaultAirdropSigner, deployLocalContracts, type LocalDeployment } from "../src/deploy.ts";
import { type LocalChain, startLocalChain } from "../src/local-chain.ts";
import {
  type AirdropLeaf,
  airdropLeafHash,
  buildAirdropMerkleTree,
  hashPair,
  processProof,
} from "../src/merkle.ts";

const distributorAbi = airdropDistributorArtifact.abi;
/** The distributor's errors and the tokens', so reverts from either are decoded by name. */
const revertAbi = [
  ...distributorAbi,
  ...testTokenArtifact.abi,
  ...testNftArtifact.abi.filter((item) => item.type === "error"),
] as Abi;

const RewardKind = { ERC20: 0, ERC721: 1 } as const;
const ProofKind = { Merkle: 0, Voucher: 1 } as const;
const ClaimMode = { All: 0, Fcfs: 1 } as const;

const voucherTypes = {
  Voucher: [
    { name: "campaignId", type: "uint256" },
    { name: "recipient", type: "address" },
    { name: "amount", type: "uint256" },
    { name: "nonce", type: "uint256" },
    { name: "deadline", type: "uint256" },
  ],
} as const;

interface Voucher {
  campaignId: bigint;
  recipient: Address;
  amount: bigint;
  nonce: bigint;
  deadline: bigint;
}

interface CampaignParams {
  token: Address;
  kind: number;
  proofKind: number;
  mode: number;
  merkleRoot: Hex;
  shares: bigint;
  amountPerShare: bigint;
  start: bigint;
  end: bigint;
}

let chain: LocalChain;
let deployment: LocalDeployment;
let localChain: Chain;
let publicClient: PublicClient;
let testClient: TestClient;
let distributor: Address;
let owner: PrivateKeyAccount;
let signer: PrivateKeyAccount;
let creator: PrivateKeyAccount;
let stranger: PrivateKeyAccount;
let relayers: PrivateKeyAccount[];

const transport = () => http(chain.rpcUrl, { retryCount: 0 });
const walletOf = (account: PrivateKeyAccount) =>
  createWalletClient({ account, chain: localChain, transport: transport(), cacheTime: 0 });
const freshAddresses = (count: number): Address[] =>
  Array.from({ length: count }, () => privateKeyToAccount(generatePrivateKey()).address);
const randomAmount = () => BigInt(1 + Math.floor(Math.random() * 1_000_000)) * 10n ** 12n;

async function mined(hash: Hash): Promise<TransactionReceipt> {
  const receipt = await publicClient.waitForTransactionReceipt({ hash });
  expect(receipt.status).toBe("success");
  return receipt;
}

/** Sends a transaction and waits for a successful receipt. */
async function send(
  from: PrivateKeyAccount,
  request: { address: Address; abi: Abi; functionName: string; args: readonly unknown[] },
): Promise<TransactionReceipt> {
  // biome-ignore lint/suspicious/noExplicitAny: generic helper over several ABIs
  return mined(await walletOf(from).writeContract(request as any));
}

/** Simulates a call from `from` on the latest block: rejects with the decoded custom error. */
function attempt(from: Address, functionName: string, args: readonly unknown[], address = distributor) {
  return publicClient.simulateContract({ account: from, address, abi: revertAbi, functionName, args });
}

async function latestTimestamp(): Promise<bigint> {
  return (await publicClient.getBlock()).timestamp;
}

/** Moves the chain's clock to `timestamp` (at least) and mines a block there. */
async function travelTo(timestamp: bigint): Promise<void> {
  const now = await latestTimestamp();
  if (timestamp > now) await testClient.increaseTime({ seconds: Number(timestamp - now) });
  await testClient.mine({ blocks: 1 });
}

const tokenBalance = (token: Address, account: Address) =>
  publicClient.readContract({
    address: token,
    abi: testTokenArtifact.abi,
    functionName: "balanceOf",
    args: [account],
  });

const getCampaign = (campaignId: bigint, address = distributor) =>
  publicClient.readContract({
    address,
    abi: distributorAbi,
    functionName: "getCampaign",
    args: [campaignId],
  });

async function createCampaign(
  params: Partial<CampaignParams> & Pick<CampaignParams, "proofKind" | "mode">,
  from = creator,
  address = distributor,
): Promise<{ campaignId: bigint; params: CampaignParams; receipt: TransactionReceipt }> {
  const now = await latestTimestamp();
  const full: CampaignParams = {
    token: deployment.testToken,
    kind: RewardKind.ERC20,
    merkleRoot: zeroHash,
    shares: 0n,
    amountPerShare: 0n,
    start: now,
    end: now + 3_600n,
    ...params,
  };
  const receipt = await send(from, {
    address,
    abi: distributorAbi,
    functionName: "createCampaign",
    args: [full],
  });
  const [event] = parseEventLogs({ abi: distributorAbi, logs: receipt.logs, eventName: "CampaignCreated" });
  return { campaignId: event!.args.campaignId, params: full, receipt };
}

async function deposit(campaignId: bigint, amount: bigint, token = deployment.testToken, from = creator) {
  await send(from, {
    address: token,
    abi: testTokenArtifact.abi,
    functionName: "approve",
    args: [distributor, amount],
  });
  return send(from, {
    address: distributor,
    abi: distributorAbi,
    functionName: "deposit",
    args: [campaignId, amount],
  });
}

function signVoucher(
  voucher: Voucher,
  { by = signer, chainId = chain.chainId, verifyingContract = distributor } = {},
): Promise<Hex> {
  return by.signTypedData({
    domain: { name: "Dropfair Airdrop", version: "1", chainId, verifyingContract },
    types: voucherTypes,
    primaryType: "Voucher",
    message: voucher,
  });
}

const claimedEvents = (receipt: TransactionReceipt) =>
  parseEventLogs({ abi: distributorAbi, logs: receipt.logs, eventName: "Claimed" }).map(
    (event) => event.args,
  );

beforeAll(async () => {
  chain = await startLocalChain({ port: 0 });
  deployment = await deployLocalContracts({
    rpcUrl: chain.rpcUrl,
    chainId: chain.chainId,
    deployerPrivateKey: chain.accounts[0]!.privateKey,
  });
  distributor = deployment.airdropDistributor;
  localChain = defineChain({
    id: chain.chainId,
    name: "local",
    nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
    rpcUrls: { default: { http: [chain.rpcUrl] } },
  });
  publicClient = createPublicClient({
    chain: localChain,
    transport: transport(),
    cacheTime: 0,
    pollingInterval: 50,
  });
  testClient = createTestClient({ chain: localChain, mode: "hardhat", transport: transport() });
  const accounts = chain.accounts.map((account) => privateKeyToAccount(account.privateKey));
  [owner, signer, creator, stranger] = accounts as [
    PrivateKeyAccount,
    PrivateKeyAccount,
    PrivateKeyAccount,
    PrivateKeyAccount,
  ];
  relayers = accounts.slice(4, 14);
});

afterAll(async () => {
  await chain?.stop();
});

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
      const tree = buildAirdropMerkleTree(leaves);
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
    const tree = buildAirdropMerkleTree(leaves);
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
    const nodeProof = tree.proofForNode(1);
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
    const tree = buildAirdropMerkleTree(leaves);
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
    const campaign = await getCampaign(campaignId);
    expect([campaign.sharesClaimed, campaign.claimed, campaign.deposited]).toEqual([
      10n,
      perShare * 10n,
      perShare * 10n,
    ]);
  });
});

describe("campaign life cycle", () => {
  it("accepts claims only while in progress and refunds exactly the remainder to the creator, once, after the end", async () => {
    const now = await latestTimestamp();
    const start = now + 1_000n;
    const end = start + 1_000n;
    const leaves = freshAddresses(3).map((account, index) => ({
      index: BigInt(index),
      account,
      amount: parseUnits(String(index + 1), 18),
    }));
    const tree = buildAirdropMerkleTree(leaves);
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

  it("opens and funds a campaign in one transaction, and lets the creator take it back before the start", async () => {
    const [participant] = freshAddresses(1) as [Address];
    const leaves = [{ index: 0n, account: participant, amount: parseUnits("5", 18) }];
    const tree = buildAirdropMerkleTree(leaves);
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
    const tree = buildAirdropMerkleTree(leaves);
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
