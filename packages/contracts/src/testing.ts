// The local chain for vitest files: one Hardhat node per test file with our contracts deployed and the test
// accounts funded, plus the viem clients every chain test needs.
//
//   const chain = useLocalChain();   // at the top of the file: registers beforeAll/afterAll
//   it("…", async () => { await chain.publicClient.readContract({ address: chain.deployment.testUsdt, … }) });
//
// Importing this module first checks that the committed artifacts were compiled from the Solidity sources as
// they are now, so no test ever runs old bytecode.
import {
  type Chain,
  createPublicClient,
  createTestClient,
  createWalletClient,
  defineChain,
  http,
  type PrivateKeyAccount,
  type PublicClient,
  type TestClient,
  type Transport,
  type WalletClient,
} from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll } from "vitest";
import { deployLocalContracts, type LocalDeployment } from "./deploy.ts";
import { artifactsSourceHash } from "./generated/artifacts.ts";
import { type LocalAccount, type LocalChain, startLocalChain } from "./local-chain.ts";
import { sourceHash } from "./source-hash.ts";

export const staleArtifactsMessage = "artifacts are stale: run npm run build -w @dropfair/contracts";

/**
 * Throws unless src/generated/artifacts.ts was compiled from the current contracts/*.sol with the installed solc
 * and OpenZeppelin versions and our settings.
 */
export function assertArtifactsFresh(): void {
  if (sourceHash() !== artifactsSourceHash) {
    throw new Error(
      `${staleArtifactsMessage} (contracts/*.sol, the solc or OpenZeppelin version or the compiler settings ` +
        "changed since src/generated/artifacts.ts was written)",
    );
  }
}

assertArtifactsFresh();

export interface LocalChainFixture {
  rpcUrl: string;
  chainId: number;
  /** The node's funded accounts with their test keys, in its order; account 0 deployed the contracts. */
  accounts: LocalAccount[];
  /** Our contracts and test tokens on this chain (deployLocalContracts's addresses). */
  deployment: LocalDeployment;
  /** The chain for viem clients. */
  viemChain: Chain;
  /** No retries, no cache, 50 ms polling: a local chain mines each transaction at once. */
  publicClient: PublicClient<Transport, Chain>;
  /** Hardhat's test methods: time travel, mining, balances. */
  testClient: TestClient<"hardhat", Transport, Chain>;
  /** The funded account at `index` as a viem signer. */
  account(index: number): PrivateKeyAccount;
  /** A wallet client that signs with `account` (or the funded account at that index). */
  walletOf(account: PrivateKeyAccount | number): WalletClient<Transport, Chain, PrivateKeyAccount>;
}

type Started = Omit<LocalChainFixture, "account" | "walletOf">;

/**
 * Starts a Hardhat node on a free port before the file's tests and deploys our contracts to it (beforeAll), and
 * stops it after them (afterAll). Call it at the top level of a test file, before hooks that use the chain: hooks
 * run in the order they are registered, and the chain stops after the file's own afterAll hooks. The returned
 * object's fields are readable from the first hook that follows.
 */
export function useLocalChain(): LocalChainFixture {
  let node: LocalChain | undefined;
  let started: Started | undefined;

  beforeAll(async () => {
    node = await startLocalChain({ port: 0 });
    const deployment = await deployLocalContracts({
      rpcUrl: node.rpcUrl,
      chainId: node.chainId,
      deployerPrivateKey: node.accounts[0]!.privateKey,
    });
    const viemChain = defineChain({
      id: node.chainId,
      name: "local",
      nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
      rpcUrls: { default: { http: [node.rpcUrl] } },
    });
    const transport = http(node.rpcUrl, { retryCount: 0 });
    started = {
      rpcUrl: node.rpcUrl,
      chainId: node.chainId,
      accounts: node.accounts,
      deployment,
      viemChain,
      publicClient: createPublicClient({ chain: viemChain, transport, cacheTime: 0, pollingInterval: 50 }),
      testClient: createTestClient({ chain: viemChain, mode: "hardhat", transport }),
    };
  }, 120_000);

  afterAll(async () => {
    await node?.stop();
  });

  const current = (): Started => {
    if (!started)
      throw new Error("useLocalChain: the chain is not started yet; read it inside a hook or a test");
    return started;
  };
  const account = (index: number): PrivateKeyAccount => {
    const funded = current().accounts[index];
    if (!funded) throw new RangeError(`the local chain has no account ${index}`);
    return privateKeyToAccount(funded.privateKey);
  };
  return {
    get rpcUrl() {
      return current().rpcUrl;
    },
    get chainId() {
      return current().chainId;
    },
    get accounts() {
      return current().accounts;
    },
    get deployment() {
      return current().deployment;
    },
    get viemChain() {
      return current().viemChain;
    },
    get publicClient() {
      return current().publicClient;
    },
    get testClient() {
      return current().testClient;
    },
    account,
    walletOf: (signer) =>
      createWalletClient({
        account: typeof signer === "number" ? account(signer) : signer,
        chain: current().viemChain,
        transport: http(current().rpcUrl, { retryCount: 0 }),
        cacheTime: 0,
      }),
  };
}
