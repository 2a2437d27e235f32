// The safe check's scenario on a local chain: Permit2 and Multicall3 at their canonical addresses, a wallet with one
// approval of every kind, a proxy and a contract that self-destructed, so every finding can be seen offline.
import {
  type Abi,
  type Address,
  type Chain,
  createPublicClient,
  createTestClient,
  createWalletClient,
  defineChain,
  encodeFunctionData,
  getAddress,
  type Hash,
  type Hex,
  http,
  maxUint256,
  parseEventLogs,
  parseUnits,
  type Transport,
  type WalletClient,
} from "viem";
import { type PrivateKeyAccount, privateKeyToAccount } from "viem/accounts";
import {
  localMulticall3Artifact,
  localPermit2Artifact,
  safetySelfDestructDeployerArtifact,
  safetyTestProxyArtifact,
  safetyTestTokenArtifact,
  safetyTestVaultArtifact,
  testNftArtifact,
} from "./artifacts.ts";

/** Where Permit2 lives on public chains (the same address on every chain). */
export const canonicalPermit2: Address = "0x000000000022D473030F116dDEE9F6B43aC78BA3";
/** Where Multicall3 lives on public chains; viem's `multicall` calls it. */
export const canonicalMulticall3: Address = "0xcA11bde05977b3631167028862bE2a173976CA11";

export interface SafetyScenarioOptions {
  rpcUrl: string;
  chainId: number;
  /** Deploys the scenario's contracts (a dedicated account, so other deployments keep their addresses). */
  deployerPrivateKey: Hex;
  /** The wallet whose approvals the scenario creates. */
  ownerPrivateKey: Hex;
  /** The spender that is a contract (e.g. our BatchPayout). */
  contractSpender: Address;
  /** The collection the NFT approvals are on (TestNft: anyone may mint). */
  testNft: Address;
  /** The operator approved for all of the owner's NFTs (a contract, e.g. our AirdropDistributor). */
  nftOperator: Address;
  /** An EOA that gets the unlimited ERC-20 approval. */
  unlimitedSpender: Address;
  /** An EOA that gets the single-NFT approval and the Permit2 allowance. */
  otherSpender: Address;
}

export interface SafetyScenario {
  owner: Address;
  /** SafetyTestToken "STT": the owner can mint, pause, blacklist, set a fee. */
  token: Address;
  permit2: Address;
  multicall3: Address;
  /** SafetyTestProxy (EIP-1967, with an admin) in front of SafetyTestVault (UUPS). */
  proxy: Address;
  proxyImplementation: Address;
  proxyAdmin: Address;
  /** An address whose contract was created and destroyed in one transaction: no code, but its log remains. */
  selfDestructed: Address;
  approvals: {
    unlimitedSpender: Address;
    contractSpender: Address;
    /** The spender approved once and then revoked: it must not be listed. */
    revokedSpender: Address;
    nftOperator: Address;
    nftSpender: Address;
    nftTokenId: bigint;
    permit2Spender: Address;
    /** STT base units (18 decimals). */
    contractAllowance: bigint;
    permit2Allowance: bigint;
    permit2Expiration: number;
  };
}

/** Which of the local chain's funded accounts (by index) play which part; no other deployment or test uses them. */
export const safetyScenarioAccountIndex = {
  deployer: 17,
  owner: 16,
  unlimitedSpender: 15,
  otherSpender: 14,
} as const;

/** The DFNFT id the scenario mints to its owner (above every id the funding mints). */
export const scenarioNftTokenId = 9_001n;
const contractAllowance = parseUnits("250", 18);
const permit2Allowance = parseUnits("500", 18);
/** 2100-01-01: far enough ahead that tests never see the Permit2 allowance expire. */
const permit2Expiration = 4_102_444_800;
const revokedSpender: Address = "0x000000000000000000000000000000000000dEaD";

type Artifact = { abi: Abi; bytecode: Hex };

type OwnerClient = WalletClient<Transport, Chain, PrivateKeyAccount>;

/** The owner's transactions that leave one approval of every kind (and one revoked), in order. */
function approvalSteps(
  owner: OwnerClient,
  token: Address,
  options: SafetyScenarioOptions,
): [string, () => Promise<Hash>][] {
  const tokenCall = (functionName: "approve", args: readonly [Address, bigint]) =>
    owner.writeContract({ address: token, abi: safetyTestTokenArtifact.abi, functionName, args });
  return [
    ["the unlimited approval", () => tokenCall("approve", [options.unlimitedSpender, maxUint256])],
    ["the approval to a contract", () => tokenCall("approve", [options.contractSpender, contractAllowance])],
    ["the approval to Permit2", () => tokenCall("approve", [canonicalPermit2, maxUint256])],
    ["the approval later revoked", () => tokenCall("approve", [revokedSpender, 5n])],
    ["revoking it", () => tokenCall("approve", [revokedSpender, 0n])],
    [
      "the Permit2 allowance",
      () =>
        owner.writeContract({
          address: canonicalPermit2,
          abi: localPermit2Artifact.abi,
          functionName: "approve",
          args: [token, options.otherSpender, permit2Allowance, permit2Expiration],
        }),
    ],
    [
      "minting the scenario's NFT",
      () =>
        owner.writeContract({
          address: options.testNft,
          abi: testNftArtifact.abi,
          functionName: "mint",
          args: [owner.account.address, scenarioNftTokenId],
        }),
    ],
    [
      "the single-NFT approval",
      () =>
        owner.writeContract({
          address: options.testNft,
          abi: testNftArtifact.abi,
          functionName: "approve",
          args: [options.otherSpender, scenarioNftTokenId],
        }),
    ],
    [
      "the NFT operator approval",
      () =>
        owner.writeContract({
          address: options.testNft,
          abi: testNftArtifact.abi,
          functionName: "setApprovalForAll",
          args: [options.nftOperator, true],
        }),
    ],
  ];
}

/** Deploys the scenario; on a fresh chain with a fresh deployer the addresses are the same on every run. */
export async function deploySafetyScenario(options: SafetyScenarioOptions): Promise<SafetyScenario> {
  const chain = defineChain({
    id: options.chainId,
    name: "Dropfair local chain",
    nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
    rpcUrls: { default: { http: [options.rpcUrl] } },
  });
  const transport = http(options.rpcUrl, { retryCount: 0 });
  const publicClient = createPublicClient({ chain, transport, cacheTime: 0 });
  const testClient = createTestClient({ chain, transport, mode: "hardhat" });
  const deployer = createWalletClient({
    chain,
    transport,
    account: privateKeyToAccount(options.deployerPrivateKey),
    cacheTime: 0,
  });
  const owner = createWalletClient({
    chain,
    transport,
    account: privateKeyToAccount(options.ownerPrivateKey),
    cacheTime: 0,
  });

  const confirm = async (hash: Hash, what: string) => {
    const receipt = await publicClient.waitForTransactionReceipt({ hash });
    if (receipt.status !== "success") throw new Error(`${what} failed in transaction ${hash}`);
    return receipt;
  };
  const deploy = async (artifact: Artifact, name: string, args: readonly unknown[]): Promise<Address> => {
    const hash = await deployer.deployContract({ abi: artifact.abi, bytecode: artifact.bytecode, args });
    const receipt = await confirm(hash, `deploying ${name}`);
    return getAddress(receipt.contractAddress!);
  };
  /** Deploys normally, then copies the runtime code to the canonical address (neither has constructor state). */
  const placeAt = async (artifact: Artifact, name: string, canonical: Address) => {
    const deployed = await deploy(artifact, name, []);
    const code = await publicClient.getCode({ address: deployed });
    if (!code) throw new Error(`${name} has no code after deployment`);
    await testClient.setCode({ address: canonical, bytecode: code });
  };

  await placeAt(localPermit2Artifact, "LocalPermit2", canonicalPermit2);
  await placeAt(localMulticall3Artifact, "LocalMulticall3", canonicalMulticall3);

  const token = await deploy(safetyTestTokenArtifact, "SafetyTestToken", [deployer.account.address]);
  const implementation = await deploy(safetyTestVaultArtifact, "SafetyTestVault", []);
  const initialize = encodeFunctionData({
    abi: safetyTestVaultArtifact.abi,
    functionName: "initialize",
    args: [deployer.account.address],
  });
  const proxy = await deploy(safetyTestProxyArtifact, "SafetyTestProxy", [
    implementation,
    deployer.account.address,
    initialize,
  ]);
  const destroyer = await deploy(safetySelfDestructDeployerArtifact, "SafetySelfDestructDeployer", []);
  const destroyReceipt = await confirm(
    await deployer.writeContract({
      address: destroyer,
      abi: safetySelfDestructDeployerArtifact.abi,
      functionName: "deployAndDestroy",
    }),
    "deployAndDestroy",
  );
  const [destroyed] = parseEventLogs({
    abi: safetySelfDestructDeployerArtifact.abi,
    eventName: "ChildDestroyed",
    logs: destroyReceipt.logs,
  });
  if (!destroyed) throw new Error("deployAndDestroy emitted no ChildDestroyed event");

  await confirm(
    await deployer.writeContract({
      address: token,
      abi: safetyTestTokenArtifact.abi,
      functionName: "mint",
      args: [owner.account.address, parseUnits("1000", 18)],
    }),
    "minting STT",
  );
  const steps = approvalSteps(owner, token, options);
  // One after another: each step's transaction must be mined before the next reads the owner's nonce.
  for (const [what, send] of steps) await confirm(await send(), what);

  return {
    owner: owner.account.address,
    token,
    permit2: canonicalPermit2,
    multicall3: canonicalMulticall3,
    proxy,
    proxyImplementation: implementation,
    proxyAdmin: deployer.account.address,
    selfDestructed: getAddress(destroyed.args.child),
    approvals: {
      unlimitedSpender: getAddress(options.unlimitedSpender),
      contractSpender: getAddress(options.contractSpender),
      revokedSpender,
      nftOperator: getAddress(options.nftOperator),
      nftSpender: getAddress(options.otherSpender),
      nftTokenId: scenarioNftTokenId,
      permit2Spender: getAddress(options.otherSpender),
      contractAllowance,
      permit2Allowance,
      permit2Expiration,
    },
  };
}

/** The scenario's options on a chain with our contracts (deployLocalContracts) and the node's funded accounts. */
export function safetyScenarioOptions(input: {
  rpcUrl: string;
  chainId: number;
  accounts: readonly { address: Address; privateKey: Hex }[];
  deployment: { batchPayout: Address; airdropDistributor: Address; testNft: Address };
}): SafetyScenarioOptions {
  const account = (index: number) => {
    const funded = input.accounts[index];
    if (!funded) throw new RangeError(`the local chain has no account ${index} for the safety scenario`);
    return funded;
  };
  return {
    rpcUrl: input.rpcUrl,
    chainId: input.chainId,
    deployerPrivateKey: account(safetyScenarioAccountIndex.deployer).privateKey,
    ownerPrivateKey: account(safetyScenarioAccountIndex.owner).privateKey,
    contractSpender: input.deployment.batchPayout,
    testNft: input.deployment.testNft,
    nftOperator: input.deployment.airdropDistributor,
    unlimitedSpender: account(safetyScenarioAccountIndex.unlimitedSpender).address,
    otherSpender: account(safetyScenarioAccountIndex.otherSpender).address,
  };
}
