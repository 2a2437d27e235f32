// The approval scan of a wallet with 10,000 approval events on a local Hardhat chain (target: a complete list in
// under 5 s), counting the JSON-RPC requests by method. The events are spread over 100,000 blocks of history: 5
// SafetyBenchToken tokens, each approving the same 500 spenders in 4 rounds (20 × approveMany of 500), so 2,500
// allowances are live at the end. A second run puts a provider limit of 10,000 blocks per eth_getLogs in front of the
// node, as public RPCs do. Each is measured three times, and one Multicall3 request of 100 to 1,000 calls is timed
// on its own (the cost of the confirmation's batch size). Run: `node --import tsx bench/approval-scan.ts`; prints one JSON line.
import { multicall3Address, scanApprovals } from "@dropfair/chain/approvals";
import { safetyBenchTokenArtifact } from "@dropfair/contracts/artifacts";
import { deployLocalContracts } from "@dropfair/contracts/deploy";
import { startLocalChain } from "@dropfair/contracts/local-chain";
import { deploySafetyScenario, safetyScenarioOptions } from "@dropfair/contracts/safety-scenario";
import {
  type Address,
  createPublicClient,
  createTestClient,
  createWalletClient,
  custom,
  defineChain,
  type EIP1193RequestFn,
  encodeFunctionData,
  erc20Abi,
  http,
  type PublicClient,
  parseAbi,
} from "viem";
import { privateKeyToAccount } from "viem/accounts";

const tokens = 5;
const rounds = 4;
const spenderCount = 500;
const blocksBetweenRounds = 25_000n;
const providerBlockLimit = 10_000n;
const aggregate3Abi = parseAbi([
  "struct Call3 { address target; bool allowFailure; bytes callData; }",
  "struct Result { bool success; bytes returnData; }",
  "function aggregate3(Call3[] calls) view returns (Result[] returnData)",
]);

const chain = await startLocalChain({ port: 0 });
try {
  const viemChain = defineChain({
    id: chain.chainId,
    name: "bench",
    nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
    rpcUrls: { default: { http: [chain.rpcUrl] } },
  });
  // A generous timeout: on a busy machine Hardhat answers a large multicall slowly, and the figure should say so.
  const transport = http(chain.rpcUrl, { retryCount: 0, timeout: 120_000 });
  const node = createPublicClient({ chain: viemChain, transport, cacheTime: 0 });
  const deployment = await deployLocalContracts({
    rpcUrl: chain.rpcUrl,
    chainId: chain.chainId,
    deployerPrivateKey: chain.accounts[0]!.privateKey,
  });
  // Multicall3 at its canonical address, as on public chains.
  await deploySafetyScenario(safetyScenarioOptions({ ...chain, deployment }));

  const owner = createWalletClient({
    chain: viemChain,
    transport,
    account: privateKeyToAccount(chain.accounts[5]!.privateKey),
    cacheTime: 0,
  });
  const testClient = createTestClient({ chain: viemChain, transport, mode: "hardhat" });
  const spenders: Address[] = Array.from(
    { length: spenderCount },
    (_, index) => `0x${(index + 1).toString(16).padStart(40, "0")}` as Address,
  );
  const tokenAddresses: Address[] = [];
  for (let index = 0; index < tokens; index++) {
    const hash = await owner.deployContract({
      abi: safetyBenchTokenArtifact.abi,
      bytecode: safetyBenchTokenArtifact.bytecode,
    });
    tokenAddresses.push((await node.waitForTransactionReceipt({ hash })).contractAddress!);
  }
  for (let round = 1; round <= rounds; round++) {
    await testClient.mine({ blocks: Number(blocksBetweenRounds) });
    for (const token of tokenAddresses) {
      const hash = await owner.writeContract({
        address: token,
        abi: safetyBenchTokenArtifact.abi,
        functionName: "approveMany",
        args: [spenders, BigInt(round) * 10n ** 18n],
        gas: 25_000_000n,
      });
      const receipt = await node.waitForTransactionReceipt({ hash });
      if (receipt.status !== "success") throw new Error(`approveMany failed in ${hash}`);
    }
  }
  const latest = await node.getBlockNumber();

  /** A client over the node that counts requests by method, optionally refusing ranges over `blockLimit`. */
  const countingClient = (blockLimit?: bigint) => {
    const calls: Record<string, number> = {};
    const milliseconds: Record<string, number> = {};
    const request: EIP1193RequestFn = async ({ method, params }) => {
      calls[method] = (calls[method] ?? 0) + 1;
      const started = performance.now();
      try {
        return await forward(method, params);
      } finally {
        milliseconds[method] = Math.round((milliseconds[method] ?? 0) + performance.now() - started);
      }
    };
    const forward = async (method: string, params: unknown) => {
      if (method === "eth_getLogs" && blockLimit !== undefined) {
        const [{ fromBlock, toBlock }] = params as [{ fromBlock: string; toBlock: string }];
        if (BigInt(toBlock) - BigInt(fromBlock) + 1n > blockLimit) {
          throw Object.assign(new Error(`eth_getLogs is limited to a ${blockLimit} blocks range`), {
            code: -32005,
          });
        }
      }
      return node.request({ method, params } as never);
    };
    const client = createPublicClient({
      chain: viemChain,
      transport: custom({ request }, { retryCount: 0 }),
      cacheTime: 0,
    }) as PublicClient;
    return { client, calls, milliseconds };
  };

  const measure = async (blockLimit?: bigint) => {
    const { client, calls, milliseconds } = countingClient(blockLimit);
    const started = performance.now();
    const result = await scanApprovals(client, { owner: owner.account.address });
    const seconds = (performance.now() - started) / 1000;
    const events = tokens * rounds * spenderCount;
    if (result.allowances.length !== tokens * spenderCount) {
      throw new Error(`expected ${tokens * spenderCount} live allowances, got ${result.allowances.length}`);
    }
    return {
      blockLimit: blockLimit === undefined ? null : Number(blockLimit),
      events,
      allowances: result.allowances.length,
      seconds: Number(seconds.toFixed(3)),
      rpcCalls: result.rpcCalls,
      requestsByMethod: calls,
      millisecondsByMethod: milliseconds,
    };
  };
  /** One Multicall3 aggregate3 of `size` allowance() calls, straight to the node: the batch size's cost. */
  const multicallMs = async (size: number) => {
    const calls = Array.from({ length: size }, (_, index) => ({
      target: tokenAddresses[index % tokens]!,
      allowFailure: true,
      callData: encodeFunctionData({
        abi: erc20Abi,
        functionName: "allowance",
        args: [owner.account.address, spenders[index % spenderCount]!],
      }),
    }));
    const data = encodeFunctionData({ abi: aggregate3Abi, functionName: "aggregate3", args: [calls] });
    const started = performance.now();
    await node.request({ method: "eth_call", params: [{ to: multicall3Address, data }, "latest"] });
    return performance.now() - started;
  };
  const batchSizes = [];
  for (const size of [100, 200, 500, 1000]) {
    const samples = [await multicallMs(size), await multicallMs(size), await multicallMs(size)];
    batchSizes.push({ size, milliseconds: Math.round(samples.sort((a, b) => a - b)[1]!) });
  }

  const runs = [];
  for (let round = 0; round < 3; round++) runs.push(await measure(), await measure(providerBlockLimit));
  console.log(JSON.stringify({ blocks: Number(latest), runs, batchSizes }));
} finally {
  await chain.stop();
}
