// What the AirdropDistributor test files share: one local chain per file with our contracts deployed, named
// accounts, campaign and voucher helpers, and Merkle trees built with OpenZeppelin's StandardMerkleTree (the
// layout the contract's MerkleProof check expects).
import { StandardMerkleTree } from "@openzeppelin/merkle-tree";
import { processProof as openZeppelinProcessProof } from "@openzeppelin/merkle-tree/dist/core.js";
import { standardLeafHash, standardNodeHash } from "@openzeppelin/merkle-tree/dist/hashes.js";
import {
  type Abi,
  type Address,
  type Hash,
  type Hex,
  type PrivateKeyAccount,
  parseEventLogs,
  type TransactionReceipt,
  zeroHash,
} from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { beforeAll, expect } from "vitest";
import { airdropDistributorArtifact, testNftArtifact, testTokenArtifact } from "../src/artifacts.ts";
import type { LocalDeployment } from "../src/deploy.ts";
import { type LocalChainFixture, useLocalChain } from "../src/testing.ts";

export const distributorAbi = airdropDistributorArtifact.abi;
/** The distributor's errors and the tokens', so reverts from either are decoded by name. */
export const revertAbi = [
  ...distributorAbi,
  ...testTokenArtifact.abi,
  ...testNftArtifact.abi.filter((item) => item.type === "error"),
] as Abi;

export const RewardKind = { ERC20: 0, ERC721: 1 } as const;
export const ProofKind = { Merkle: 0, Voucher: 1 } as const;
export const ClaimMode = { All: 0, Fcfs: 1 } as const;

export const voucherTypes = {
  Voucher: [
    { name: "campaignId", type: "uint256" },
    { name: "recipient", type: "address" },
    { name: "amount", type: "uint256" },
    { name: "nonce", type: "uint256" },
    { name: "deadline", type: "uint256" },
  ],
} as const;

export interface Voucher {
  campaignId: bigint;
  recipient: Address;
  amount: bigint;
  nonce: bigint;
  deadline: bigint;
}

export interface CampaignParams {
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

// Live bindings, set by useAirdropDistributor's beforeAll: each test file that calls it gets its own chain.
export let chain: LocalChainFixture;
export let deployment: LocalDeployment;
export let publicClient: LocalChainFixture["publicClient"];
export let testClient: LocalChainFixture["testClient"];
export let distributor: Address;
export let owner: PrivateKeyAccount;
export let signer: PrivateKeyAccount;
export let creator: PrivateKeyAccount;
export let stranger: PrivateKeyAccount;
export let relayers: PrivateKeyAccount[];

/**
 * Starts this test file's local chain with our contracts (useLocalChain) and names its accounts: #0 deployed and
 * owns the distributor, #1 signs vouchers, #2 creates campaigns, #3 is a stranger, #4 to #13 relay claims.
 */
export function useAirdropDistributor(): void {
  chain = useLocalChain();
  beforeAll(() => {
    deployment = chain.deployment;
    distributor = deployment.airdropDistributor;
    publicClient = chain.publicClient;
    testClient = chain.testClient;
    const accounts = chain.accounts.map((_, index) => chain.account(index));
    [owner, signer, creator, stranger] = accounts as [
      PrivateKeyAccount,
      PrivateKeyAccount,
      PrivateKeyAccount,
      PrivateKeyAccount,
    ];
    relayers = accounts.slice(4, 14);
  });
}

export const walletOf = (account: PrivateKeyAccount) => chain.walletOf(account);
export const freshAddresses = (count: number): Address[] =>
  Array.from({ length: count }, () => privateKeyToAccount(generatePrivateKey()).address);
export const randomAmount = () => BigInt(1 + Math.floor(Math.random() * 1_000_000)) * 10n ** 12n;

export async function mined(hash: Hash): Promise<TransactionReceipt> {
  const receipt = await publicClient.waitForTransactionReceipt({ hash });
  expect(receipt.status).toBe("success");
  return receipt;
}

/** Sends a transaction and waits for a successful receipt. */
export async function send(
  from: PrivateKeyAccount,
  request: { address: Address; abi: Abi; functionName: string; args: readonly unknown[] },
): Promise<TransactionReceipt> {
  // biome-ignore lint/suspicious/noExplicitAny: generic helper over several ABIs
  return mined(await walletOf(from).writeContract(request as any));
}

/** Simulates a call from `from` on the latest block: rejects with the decoded custom error. */
export function attempt(
  from: Address,
  functionName: string,
  args: readonly unknown[],
  address = distributor,
) {
  return publicClient.simulateContract({ account: from, address, abi: revertAbi, functionName, args });
}

export async function latestTimestamp(): Promise<bigint> {
  return (await publicClient.getBlock()).timestamp;
}

/** Moves the chain's clock to `timestamp` (at least) and mines a block there. */
export async function travelTo(timestamp: bigint): Promise<void> {
  const now = await latestTimestamp();
  if (timestamp > now) await testClient.increaseTime({ seconds: Number(timestamp - now) });
  await testClient.mine({ blocks: 1 });
}

export const tokenBalance = (token: Address, account: Address) =>
  publicClient.readContract({
    address: token,
    abi: testTokenArtifact.abi,
    functionName: "balanceOf",
    args: [account],
  });

export const getCampaign = (campaignId: bigint, address = distributor) =>
  publicClient.readContract({
    address,
    abi: distributorAbi,
    functionName: "getCampaign",
    args: [campaignId],
  });

export async function createCampaign(
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

export async function deposit(
  campaignId: bigint,
  amount: bigint,
  token = deployment.testToken,
  from = creator,
) {
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

export function signVoucher(
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

export const claimedEvents = (receipt: TransactionReceipt) =>
  parseEventLogs({ abi: distributorAbi, logs: receipt.logs, eventName: "Claimed" }).map(
    (event) => event.args,
  );

/** One line of a wallet-list campaign: the (index, account, amount) a Merkle claim proves. */
export interface AirdropLeaf {
  index: bigint;
  account: Address;
  amount: bigint;
}

const leafEncoding = ["uint256", "address", "uint256"];

/**
 * OpenZeppelin's StandardMerkleTree of the leaves: its root, every node (root first, children of i at 2i + 1 and
 * 2i + 2) and the proof of the leaf at each position of the input list.
 */
export function buildStandardTree(leaves: readonly AirdropLeaf[]) {
  const tree = StandardMerkleTree.of(
    leaves.map(({ index, account, amount }) => [index, account, amount]),
    leafEncoding,
  );
  return {
    root: tree.root as Hex,
    tree: tree.dump().tree as Hex[],
    proof: (position: number) => tree.getProof(position) as Hex[],
  };
}

/** The double-hashed leaf of (index, account, amount), as the contract computes it. */
export const airdropLeafHash = ({ index, account, amount }: AirdropLeaf): Hex =>
  standardLeafHash(leafEncoding, [index, account, amount]) as Hex;

/** OpenZeppelin's commutative pair hash: keccak256 of the two nodes, smaller first. */
export const hashPair = (left: Hex, right: Hex): Hex => standardNodeHash(left, right) as Hex;

/** The root a node and its proof lead to, as MerkleProof.processProof computes it. */
export const processProof = (node: Hex, proof: readonly Hex[]): Hex =>
  openZeppelinProcessProof(node, [...proof]) as Hex;
