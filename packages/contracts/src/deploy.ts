// Deploys our contracts and test tokens to a local chain and funds the node's test accounts, so every flow can be
// tried at once.
import {
  type Abi,
  type Address,
  type Chain,
  createPublicClient,
  createWalletClient,
  defineChain,
  getAddress,
  type Hash,
  type Hex,
  http,
  parseUnits,
  type Transport,
} from "viem";
import { privateKeyToAccount } from "viem/accounts";
import {
  airdropDistributorArtifact,
  batchPayoutArtifact,
  dropfairBadgesArtifact,
  luckyWheelArtifact,
  testNftArtifact,
  testTokenArtifact,
  testUsdtArtifact,
} from "./artifacts.ts";

export interface DeployLocalContractsOptions {
  rpcUrl: string;
  chainId: number;
  deployerPrivateKey: Hex;
  /** Who gets tokens; by default the first 10 accounts the node manages (`eth_accounts`). */
  recipients?: Address[];
  /**
   * More accounts funded like the recipients (both tokens and 20 NFTs each), after them: accounts past the first
   * 10 that a flow spends from. The recipients' NFT ids stay the same; these get the ids after theirs.
   */
  extraRecipients?: Address[];
  /** Signs airdrop vouchers (AirdropDistributor's platform signer); by default Hardhat's account #1. */
  airdropSigner?: Address;
  /** Signs badge mint vouchers (DropfairBadges' platform signer); by default the airdrop signer. */
  badgeSigner?: Address;
  /** Signs lucky wheel spin vouchers (LuckyWheel's platform signer); by default the airdrop signer. */
  wheelSigner?: Address;
  /** DropfairBadges' metadata base: `tokenURI(id)` is this followed by the id (the API's metadata route). */
  badgeBaseUri?: string;
}

export interface LocalDeployment {
  chainId: number;
  testUsdt: Address;
  testToken: Address;
  /** BatchPayout: pays giveaway winners in one transaction. */
  batchPayout: Address;
  /** AirdropDistributor: airdrop campaigns, Merkle and voucher claims. Owned by the deployer. */
  airdropDistributor: Address;
  /** The platform signer AirdropDistributor accepts vouchers from. */
  airdropSigner: Address;
  /** TestNft "DFNFT", an enumerable ERC-721: recipient n (from 0) owns ids n×20+1 to n×20+20. */
  testNft: Address;
  /** DropfairBadges: soulbound and transferable achievement badges minted with the platform's vouchers. */
  dropfairBadges: Address;
  /** The platform signer DropfairBadges accepts mint vouchers from. */
  badgeSigner: Address;
  /** LuckyWheel: the wheel games' spins, each spending a ticket the platform vouched for. */
  luckyWheel: Address;
  /** The platform signer LuckyWheel accepts spin vouchers from. */
  wheelSigner: Address;
  /** ISO 8601 time of the deployment. */
  deployedAt: string;
}

const fundedAccountCount = 10;
/** Hardhat's account #1 (of the well-known test mnemonic): the default airdrop voucher signer. */
export const defaultAirdropSigner: Address = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";
const usdtPerAccount = parseUnits("100000", 6);
const dftPerAccount = parseUnits("1000000", 18);
export const testNftsPerAccount = 20n;

/** The TestNft ids the recipient at `position` (from 0) gets: position×20+1 to position×20+20. */
export function testNftIdsOf(position: number): bigint[] {
  const first = BigInt(position) * testNftsPerAccount + 1n;
  return Array.from({ length: Number(testNftsPerAccount) }, (_, offset) => first + BigInt(offset));
}

/** The accounts the node itself manages (`eth_accounts`): a wallet client without a local account asks the node. */
function nodeAccounts(chain: Chain, transport: Transport): Promise<Address[]> {
  return createWalletClient({ chain, transport }).getAddresses();
}

/** The metadata base DropfairBadges gets when none is given: the API of `npm start` on its default port. */
export function defaultBadgeBaseUri(chainId: number, origin = "http://localhost:3000"): string {
  return `${origin}/api/bounty/badges/metadata/${chainId}/`;
}

/**
 * Deploys TestUSDT, TestToken, BatchPayout, AirdropDistributor, TestNft, DropfairBadges and LuckyWheel from the deployer, in
 * this order, and mints both tokens and 20 NFTs to each recipient, then to each extra recipient. On a fresh chain
 * the deployer's nonces start at 0, so the addresses are the same on every run.
 */
export async function deployLocalContracts({
  rpcUrl,
  chainId,
  deployerPrivateKey,
  recipients,
  extraRecipients = [],
  airdropSigner = defaultAirdropSigner,
  badgeSigner = airdropSigner,
  wheelSigner = airdropSigner,
  badgeBaseUri = defaultBadgeBaseUri(chainId),
}: DeployLocalContractsOptions): Promise<LocalDeployment> {
  const chain = defineChain({
    id: chainId,
    name: "Dropfair local chain",
    nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
    rpcUrls: { default: { http: [rpcUrl] } },
  });
  // cacheTime 0: a local chain mines on every transaction, and cached block numbers or nonces would be stale.
  const transport = http(rpcUrl, { retryCount: 0 });
  const publicClient = createPublicClient({ chain, transport, cacheTime: 0 });
  const account = privateKeyToAccount(deployerPrivateKey);
  const walletClient = createWalletClient({ chain, transport, account, cacheTime: 0 });

  const reportedChainId = await publicClient.getChainId();
  if (reportedChainId !== chainId) {
    throw new Error(`the node at ${rpcUrl} is chain ${reportedChainId}, not ${chainId}`);
  }

  const deploy = async (
    artifact: { abi: Abi; bytecode: Hex },
    name: string,
    args: readonly unknown[],
  ): Promise<Address> => {
    const hash = await walletClient.deployContract({ abi: artifact.abi, bytecode: artifact.bytecode, args });
    const receipt = await publicClient.waitForTransactionReceipt({ hash });
    if (receipt.status !== "success" || !receipt.contractAddress) {
      throw new Error(`deploying ${name} failed in transaction ${hash}`);
    }
    // Receipts carry the address in lowercase; everything else in the product expects checksummed addresses.
    return getAddress(receipt.contractAddress);
  };
  const testUsdt = await deploy(testUsdtArtifact, "TestUSDT", [account.address]);
  const testToken = await deploy(testTokenArtifact, "TestToken", [account.address]);
  const batchPayout = await deploy(batchPayoutArtifact, "BatchPayout", []);
  const airdropDistributor = await deploy(airdropDistributorArtifact, "AirdropDistributor", [
    account.address,
    airdropSigner,
  ]);
  const testNft = await deploy(testNftArtifact, "TestNft", []);
  const dropfairBadges = await deploy(dropfairBadgesArtifact, "DropfairBadges", [
    account.address,
    badgeSigner,
    badgeBaseUri,
  ]);
  const luckyWheel = await deploy(luckyWheelArtifact, "LuckyWheel", [account.address, wheelSigner]);

  const fundedAccounts = [
    ...(recipients ?? (await nodeAccounts(chain, transport)).slice(0, fundedAccountCount)),
    ...extraRecipients,
  ];
  // Sent one after another (the wallet client reads the next nonce each time), then awaited together.
  const mints: Hash[] = [];
  for (const [position, to] of fundedAccounts.entries()) {
    mints.push(
      await walletClient.writeContract({
        address: testUsdt,
        abi: testUsdtArtifact.abi,
        functionName: "mint",
        args: [to, usdtPerAccount],
      }),
      await walletClient.writeContract({
        address: testToken,
        abi: testTokenArtifact.abi,
        functionName: "mint",
        args: [to, dftPerAccount],
      }),
      await walletClient.writeContract({
        address: testNft,
        abi: testNftArtifact.abi,
        functionName: "mintRange",
        args: [to, testNftIdsOf(position)[0]!, testNftsPerAccount],
      }),
    );
  }
  const receipts = await Promise.all(mints.map((hash) => publicClient.waitForTransactionReceipt({ hash })));
  const failed = receipts.find((receipt) => receipt.status !== "success");
  if (failed) throw new Error(`funding a test account failed in transaction ${failed.transactionHash}`);

  return {
    chainId,
    testUsdt,
    testToken,
    batchPayout,
    airdropDistributor,
    airdropSigner: getAddress(airdropSigner),
    testNft,
    dropfairBadges,
    badgeSigner: getAddress(badgeSigner),
    luckyWheel,
    wheelSigner: getAddress(wheelSigner),
    deployedAt: new Date().toISOString(),
  };
}
