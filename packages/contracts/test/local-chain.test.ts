import {
  type Address,
  type Chain,
  createPublicClient,
  createWalletClient,
  defineChain,
  erc20Abi,
  getAddress,
  hashMessage,
  http,
  type PublicClient,
  parseUnits,
} from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { beforeAll, describe, expect, it } from "vitest";
import {
  testContractWalletArtifact,
  testNftArtifact,
  testTokenArtifact,
  testUsdtArtifact,
} from "../src/artifacts.ts";
import { deployLocalContracts, type LocalDeployment, testNftIdsOf } from "../src/deploy.ts";
import { isRpcAlive, startLocalChain } from "../src/local-chain.ts";
import { useLocalChain } from "../src/testing.ts";

const erc1271MagicValue = "0x1626ba7e";

// The fixture starts its node on port 0: the OS picks a free port, so parallel runs never collide.
const chain = useLocalChain();
let deployment: LocalDeployment;
let publicClient: PublicClient;
let localChain: Chain;

beforeAll(() => {
  ({ deployment, publicClient, viemChain: localChain } = chain);
});

describe("local chain", () => {
  it("answers JSON-RPC with the sandbox chain id and funded accounts", async () => {
    const { rpcUrl, accounts } = chain;
    expect(await isRpcAlive(rpcUrl)).toBe(true);
    expect(await publicClient.getChainId()).toBe(31337);
    expect(accounts).toHaveLength(20);
    expect(await publicClient.getBalance({ address: accounts[19]!.address })).toBeGreaterThan(0n);
    expect(privateKeyToAccount(accounts[3]!.privateKey).address).toBe(accounts[3]!.address);
  });

  it("reports a dead URL as not alive", async () => {
    expect(await isRpcAlive("http://127.0.0.1:1", 500)).toBe(false);
  });

  it("keeps mining empty blocks with intervalMiningMs, and still mines transactions at once", async () => {
    const ticking = await startLocalChain({ port: 0, intervalMiningMs: 100 });
    try {
      const client = createPublicClient({
        transport: http(ticking.rpcUrl, { retryCount: 0 }),
        cacheTime: 0,
      });
      const first = await client.getBlockNumber();
      await new Promise((wake) => setTimeout(wake, 800));
      expect(await client.getBlockNumber()).toBeGreaterThan(first + 2n);

      const wallet = createWalletClient({
        account: privateKeyToAccount(ticking.accounts[0]!.privateKey),
        chain: defineChain({ ...localChain, rpcUrls: { default: { http: [ticking.rpcUrl] } } }),
        transport: http(ticking.rpcUrl, { retryCount: 0 }),
      });
      const hash = await wallet.sendTransaction({ to: ticking.accounts[1]!.address, value: 1n });
      // Automine: the receipt exists as soon as the transaction is accepted, without waiting for a tick.
      expect((await client.getTransactionReceipt({ hash })).status).toBe("success");
    } finally {
      await ticking.stop();
    }
  });

  it("keeps its clock with the wall clock when blocks come faster than one a second", async () => {
    const ticking = await startLocalChain({ port: 0, intervalMiningMs: 100 });
    try {
      const client = createPublicClient({ transport: http(ticking.rpcUrl, { retryCount: 0 }), cacheTime: 0 });
      await new Promise((wake) => setTimeout(wake, 3000));
      const latest = await client.getBlock({ blockTag: "latest" });
      // About 30 blocks in 3 s: with a second per block the chain would run some 27 s ahead of the wall clock.
      expect(latest.number).toBeGreaterThan(15n);
      const aheadSeconds = Number(latest.timestamp) - Math.floor(Date.now() / 1000);
      expect(aheadSeconds).toBeLessThanOrEqual(1);
    } finally {
      await ticking.stop();
    }
  });

  it("rejects an interval that is not a positive whole number of milliseconds", async () => {
    await expect(startLocalChain({ port: 0, intervalMiningMs: 0 })).rejects.toThrow(RangeError);
    await expect(startLocalChain({ port: 0, intervalMiningMs: 1.5 })).rejects.toThrow(RangeError);
  });

  it("refuses to start on a port that is taken, naming the reason", async () => {
    const port = Number(new URL(chain.rpcUrl).port);
    await expect(startLocalChain({ port })).rejects.toThrow(/already in use/);
    expect(await isRpcAlive(chain.rpcUrl)).toBe(true);
  });
});

describe("deployed test tokens", () => {
  const readToken = (address: Address, functionName: "decimals" | "symbol" | "name") =>
    publicClient.readContract({ address, abi: testUsdtArtifact.abi, functionName });

  it("deploys USDT with 6 decimals and DFT with 18, at checksummed addresses", async () => {
    expect(deployment.chainId).toBe(31337);
    expect(deployment.testUsdt).toBe(getAddress(deployment.testUsdt));
    expect(await readToken(deployment.testUsdt, "decimals")).toBe(6);
    expect(await readToken(deployment.testUsdt, "symbol")).toBe("USDT");
    expect(await readToken(deployment.testUsdt, "name")).toBe("Tether USD (test)");
    expect(await readToken(deployment.testToken, "decimals")).toBe(18);
    expect(await readToken(deployment.testToken, "symbol")).toBe("DFT");
    expect(Number.isNaN(Date.parse(deployment.deployedAt))).toBe(false);
  });

  it("lands at the same addresses on every fresh chain", async () => {
    const second = await startLocalChain({ port: 0 });
    try {
      const again = await deployLocalContracts({
        rpcUrl: second.rpcUrl,
        chainId: second.chainId,
        deployerPrivateKey: second.accounts[0]!.privateKey,
        extraRecipients: [second.accounts[19]!.address],
      });
      // An extra recipient is funded like the first ten, with the NFT ids after theirs (201 to 220).
      const secondClient = createPublicClient({ transport: http(second.rpcUrl) });
      const balanceOf = (address: Address) =>
        secondClient.readContract({
          address,
          abi: erc20Abi,
          functionName: "balanceOf",
          args: [second.accounts[19]!.address],
        });
      expect(await balanceOf(again.testToken)).toBe(parseUnits("1000000", 18));
      expect(await balanceOf(again.testUsdt)).toBe(parseUnits("100000", 6));
      expect(await balanceOf(again.testNft)).toBe(20n);
      const ownerOf = (tokenId: bigint) =>
        secondClient.readContract({
          address: again.testNft,
          abi: testNftArtifact.abi,
          functionName: "ownerOf",
          args: [tokenId],
        });
      expect(await ownerOf(201n)).toBe(second.accounts[19]!.address);
      expect(await ownerOf(200n)).toBe(second.accounts[9]!.address);
      expect([
        again.testUsdt,
        again.testToken,
        again.batchPayout,
        again.airdropDistributor,
        again.testNft,
        again.dropfairBadges,
        again.luckyWheel,
      ]).toEqual([
        deployment.testUsdt,
        deployment.testToken,
        deployment.batchPayout,
        deployment.airdropDistributor,
        deployment.testNft,
        deployment.dropfairBadges,
        deployment.luckyWheel,
      ]);
      // The deployer's nonces 0 to 6 on Hardhat's first test account: documented in the package README.
      expect(again).toMatchObject({
        testUsdt: "0x5FbDB2315678afecb367f032d93F642f64180aa3",
        testToken: "0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512",
        batchPayout: "0x9fE46736679d2D9a65F0992F2272dE9f3c7fa6e0",
        airdropDistributor: "0xCf7Ed3AccA5a467e9e704C703E8D87F634fB0Fc9",
        airdropSigner: "0x70997970C51812dc3A010C7d01b50e0d17dc79C8",
        testNft: "0xDc64a140Aa3E981100a9becA4E685f962f0cF6C9",
        dropfairBadges: "0x5FC8d32690cc91D4c39d9d3abcBD16989F875707",
        badgeSigner: "0x70997970C51812dc3A010C7d01b50e0d17dc79C8",
        luckyWheel: "0x0165878A594ca255338adfa4d48449f69242Eb8F",
        wheelSigner: "0x70997970C51812dc3A010C7d01b50e0d17dc79C8",
      });
    } finally {
      await second.stop();
    }
  });

  it("funds the first ten test accounts and no others", async () => {
    const { accounts } = chain;
    const usdtBalance = (address: Address) =>
      publicClient.readContract({
        address: deployment.testUsdt,
        abi: testUsdtArtifact.abi,
        functionName: "balanceOf",
        args: [address],
      });
    const dftBalance = (address: Address) =>
      publicClient.readContract({
        address: deployment.testToken,
        abi: testTokenArtifact.abi,
        functionName: "balanceOf",
        args: [address],
      });
    expect(await usdtBalance(accounts[0]!.address)).toBe(parseUnits("100000", 6));
    expect(await usdtBalance(accounts[9]!.address)).toBe(parseUnits("100000", 6));
    expect(await dftBalance(accounts[9]!.address)).toBe(parseUnits("1000000", 18));
    expect(await usdtBalance(accounts[10]!.address)).toBe(0n);
  });

  it("gives each funded account 20 distinct test NFTs it can list (ERC721Enumerable)", async () => {
    const { accounts } = chain;
    const read = <Name extends "balanceOf" | "ownerOf" | "supportsInterface" | "tokenOfOwnerByIndex">(
      functionName: Name,
      args: readonly unknown[],
    ) =>
      publicClient.readContract({
        address: deployment.testNft,
        abi: testNftArtifact.abi,
        functionName,
        args,
      } as never) as Promise<unknown>;
    expect(await read("supportsInterface", ["0x780e9d63"])).toBe(true);
    expect(testNftIdsOf(7)).toEqual(Array.from({ length: 20 }, (_, offset) => 141n + BigInt(offset)));
    for (const position of [0, 7, 9]) {
      const owner = accounts[position]!.address;
      expect(await read("balanceOf", [owner])).toBe(20n);
      const listed = await Promise.all(
        Array.from({ length: 20 }, (_, index) => read("tokenOfOwnerByIndex", [owner, BigInt(index)])),
      );
      expect(listed).toEqual(testNftIdsOf(position));
    }
    expect(await read("ownerOf", [1n])).toBe(accounts[0]!.address);
    expect(await read("ownerOf", [200n])).toBe(accounts[9]!.address);
    expect(await read("balanceOf", [accounts[10]!.address])).toBe(0n);
  });

  it("lets anyone take a capped amount from the USDT faucet", async () => {
    const { chainId, rpcUrl, accounts } = chain;
    const user = privateKeyToAccount(accounts[12]!.privateKey);
    const wallet = createWalletClient({
      account: user,
      chain: localChain,
      transport: http(rpcUrl, { retryCount: 0 }),
    });
    const hash = await wallet.writeContract({
      address: deployment.testUsdt,
      abi: testUsdtArtifact.abi,
      functionName: "faucet",
      args: [parseUnits("50", 6)],
    });
    await publicClient.waitForTransactionReceipt({ hash });
    expect(chainId).toBe(31337);
    expect(
      await publicClient.readContract({
        address: deployment.testUsdt,
        abi: testUsdtArtifact.abi,
        functionName: "balanceOf",
        args: [user.address],
      }),
    ).toBe(parseUnits("50", 6));
    await expect(
      publicClient.simulateContract({
        account: user,
        address: deployment.testUsdt,
        abi: testUsdtArtifact.abi,
        functionName: "faucet",
        args: [parseUnits("10001", 6)],
      }),
    ).rejects.toThrow(/FaucetLimitExceeded/);
  });
});

describe("TestContractWallet (EIP-1271)", () => {
  let walletAddress: Address;
  const owner = privateKeyToAccount(generatePrivateKey());

  beforeAll(async () => {
    const { rpcUrl, accounts } = chain;
    const deployer = createWalletClient({
      account: privateKeyToAccount(accounts[1]!.privateKey),
      chain: localChain,
      transport: http(rpcUrl, { retryCount: 0 }),
    });
    const hash = await deployer.deployContract({
      abi: testContractWalletArtifact.abi,
      bytecode: testContractWalletArtifact.bytecode,
      args: [owner.address],
    });
    walletAddress = (await publicClient.waitForTransactionReceipt({ hash })).contractAddress!;
  });

  const isValidSignature = (hash: `0x${string}`, signature: `0x${string}`) =>
    publicClient.readContract({
      address: walletAddress,
      abi: testContractWalletArtifact.abi,
      functionName: "isValidSignature",
      args: [hash, signature],
    });

  it("accepts its owner's signature with the magic value", async () => {
    const message = "Sign in to Dropfair";
    const signature = await owner.signMessage({ message });
    expect(await isValidSignature(hashMessage(message), signature)).toBe(erc1271MagicValue);
  });

  it("rejects another key's signature, a different message and a malformed signature", async () => {
    const message = "Sign in to Dropfair";
    const stranger = privateKeyToAccount(generatePrivateKey());
    const strangerSignature = await stranger.signMessage({ message });
    expect(await isValidSignature(hashMessage(message), strangerSignature)).not.toBe(erc1271MagicValue);

    const ownerSignature = await owner.signMessage({ message });
    expect(await isValidSignature(hashMessage("something else"), ownerSignature)).not.toBe(erc1271MagicValue);
    expect(await isValidSignature(hashMessage(message), "0x1234")).toBe("0xffffffff");
  });

  it("is what viem's verifyMessage accepts for the contract address", async () => {
    const message = "Sign in to Dropfair";
    const signature = await owner.signMessage({ message });
    expect(await publicClient.verifyMessage({ address: walletAddress, message, signature })).toBe(true);
    const stranger = privateKeyToAccount(generatePrivateKey());
    const forged = await stranger.signMessage({ message });
    expect(await publicClient.verifyMessage({ address: walletAddress, message, signature: forged })).toBe(
      false,
    );
  });
});
