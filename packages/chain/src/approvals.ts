// A wallet's live approvals on one chain: every approval event naming it as owner, found with chunked eth_getLogs
// (one request per chunk for all four kinds), merged to the latest per allowance, then confirmed against the chain's
// current state with Multicall3, and described (token symbol and decimals, whether the spender is a contract, when
// it was last updated). Works over any viem PublicClient, in the browser or in Node.
import {
  type ApprovalEvent,
  approvalTopics,
  decodeApprovalLog,
  isUnlimitedAmount,
  latestApprovals,
} from "@dropfair/core/safety";
import {
  type Abi,
  type Address,
  decodeFunctionResult,
  encodeFunctionData,
  erc20Abi,
  erc721Abi,
  type Hex,
  type PublicClient,
  pad,
  parseAbi,
} from "viem";
import { readCodeSizes } from "./code-size-reader.ts";
import { LogScanError, scanLogs } from "./log-scan.ts";

/** Permit2, at the same address on every chain. */
export const permit2Address: Address = "0x000000000022D473030F116dDEE9F6B43aC78BA3";
/** Multicall3, at the same address on every chain. */
export const multicall3Address: Address = "0xcA11bde05977b3631167028862bE2a173976CA11";

export const permit2Abi = parseAbi([
  "function allowance(address owner, address token, address spender) view returns (uint160 amount, uint48 expiration, uint48 nonce)",
  "function approve(address token, address spender, uint160 amount, uint48 expiration)",
  "function lockdown((address token, address spender)[] approvals)",
]);

/** What the scan has read so far: a failed scan's checkpoint resumes it without reading those blocks again. */
export interface ApprovalScanCheckpoint {
  owner: Address;
  fromBlock: bigint;
  /** The last block read; the next scan starts after it. */
  scannedTo: bigint;
  events: ApprovalEvent[];
}

export interface ApprovalScanProgress {
  scannedTo: bigint;
  fromBlock: bigint;
  toBlock: bigint;
  events: number;
}

export interface ApprovalScanOptions {
  owner: Address;
  /** Default 0: the whole history. */
  fromBlock?: bigint;
  /** Default: the latest block when the scan starts. */
  toBlock?: bigint;
  /** Continue a scan that failed (ApprovalScanError.checkpoint) instead of starting over. */
  resume?: ApprovalScanCheckpoint;
  initialChunkSize?: bigint;
  onProgress?: (progress: ApprovalScanProgress) => void;
  signal?: AbortSignal;
  /** The clock Permit2 expirations are compared with (unix seconds); default now. */
  nowSeconds?: number;
  /**
   * Calls per Multicall3 request (default 200). One request's time grows faster than its size past a few hundred
   * calls (on Hardhat 200 calls took ~0.1 s, 500 ~0.65 s, 2,500 ~7 s), and providers cap an eth_call's gas.
   */
  multicallBatchSize?: number;
}

export type LiveAllowance = {
  kind: ApprovalEvent["kind"];
  token: Address;
  spender: Address;
  /** ERC-20 and Permit2: what the spender may still move, in base units; undefined for NFT approvals. */
  amount?: bigint;
  unlimited: boolean;
  /** ERC-721 single-token approvals. */
  tokenId?: bigint;
  /** Permit2: unix seconds. */
  expiration?: number;
  /** Permit2 allowances are granted through this contract (the log's emitter). */
  permit2?: Address;
  symbol?: string;
  decimals?: number;
  /**
   * The token's standard: ERC-20 for `erc20` and Permit2 rows, ERC-721 for single-token approvals; for
   * `setApprovalForAll` what the contract answers to ERC-165 `supportsInterface`, undefined when it claims neither.
   */
  standard?: TokenStandard;
  spenderIsContract: boolean;
  /** The block of the latest event and its time (unix seconds; undefined when the block could not be read). */
  lastUpdatedBlock: bigint;
  lastUpdatedAt?: number;
};

export type TokenStandard = "erc20" | "erc721" | "erc1155";

/** ERC-165 interface ids. */
export const erc721InterfaceId: Hex = "0x80ac58cd";
export const erc1155InterfaceId: Hex = "0xd9b67a26";

const erc165Abi = parseAbi(["function supportsInterface(bytes4 interfaceId) view returns (bool)"]);

/** The standard of an allowance's token, from its kind and (operators) the supportsInterface answers. */
export function standardOf(
  kind: ApprovalEvent["kind"],
  supports: { erc721: unknown; erc1155: unknown } | undefined,
): TokenStandard | undefined {
  if (kind === "erc20" || kind === "permit2") return "erc20";
  if (kind === "erc721") return "erc721";
  if (supports?.erc721 === true) return "erc721";
  if (supports?.erc1155 === true) return "erc1155";
  return undefined;
}

export interface ApprovalScanResult {
  owner: Address;
  allowances: LiveAllowance[];
  scannedTo: bigint;
  /** Resumes from here to refresh: only newer blocks are read, every allowance is confirmed again. */
  checkpoint: ApprovalScanCheckpoint;
  /** JSON-RPC requests made: eth_getLogs, eth_call (Multicall3 and the code-size reader), eth_getBlockByNumber, eth_blockNumber. */
  rpcCalls: number;
}

/** The scan could not finish (the RPC is down or failing): never a partial list; `checkpoint` resumes it. */
export class ApprovalScanError extends Error {
  override readonly name = "ApprovalScanError";
  constructor(
    readonly checkpoint: ApprovalScanCheckpoint | undefined,
    options: { cause: unknown },
  ) {
    super(
      `the approval scan failed: ${options.cause instanceof Error ? options.cause.message : String(options.cause)}`,
      options,
    );
  }
}

/** See ApprovalScanOptions.multicallBatchSize. */
const defaultMulticallBatchSize = 200;

const approvalTopicAlternatives: Hex[] = [
  approvalTopics.approval,
  approvalTopics.approvalForAll,
  approvalTopics.permit2Approval,
  approvalTopics.permit2Permit,
  approvalTopics.permit2Lockdown,
];

/** Finds, confirms and describes every live approval `owner` has given on the client's chain. */
export async function scanApprovals(
  client: PublicClient,
  options: ApprovalScanOptions,
): Promise<ApprovalScanResult> {
  const owner = options.owner;
  const resume = options.resume?.owner.toLowerCase() === owner.toLowerCase() ? options.resume : undefined;
  const events: ApprovalEvent[] = [...(resume?.events ?? [])];
  const fromBlock = resume?.fromBlock ?? options.fromBlock ?? 0n;
  let scannedTo = resume ? resume.scannedTo : fromBlock - 1n;
  let rpcCalls = 0;
  const checkpoint = (): ApprovalScanCheckpoint => ({ owner, fromBlock, scannedTo, events: [...events] });

  try {
    let toBlock = options.toBlock;
    if (toBlock === undefined) {
      rpcCalls++;
      toBlock = await client.getBlockNumber({ cacheTime: 0 });
    }
    if (scannedTo < toBlock) {
      rpcCalls += await scanLogs(client, {
        filter: { topics: [approvalTopicAlternatives, pad(owner.toLowerCase() as Hex)] },
        fromBlock: scannedTo + 1n,
        toBlock,
        ...(options.initialChunkSize ? { initialChunkSize: options.initialChunkSize } : {}),
        ...(options.signal ? { signal: options.signal } : {}),
        onLogs: (logs, progress) => {
          for (const log of logs) {
            const event = decodeApprovalLog(log);
            if (event) events.push(event);
          }
          scannedTo = progress.scannedTo;
          options.onProgress?.({ scannedTo, fromBlock, toBlock: progress.toBlock, events: events.length });
        },
      });
    }
  } catch (error) {
    if (error instanceof LogScanError) rpcCalls += error.requests;
    throw new ApprovalScanError(checkpoint(), { cause: error });
  }

  try {
    const nowSeconds = options.nowSeconds ?? Math.floor(Date.now() / 1000);
    const candidates = latestApprovals(events, nowSeconds);
    const confirmed = await confirmAllowances(
      client,
      owner,
      candidates,
      nowSeconds,
      options.multicallBatchSize ?? defaultMulticallBatchSize,
    );
    rpcCalls += confirmed.rpcCalls;
    const described = await describeAllowances(
      client,
      confirmed.live,
      options.multicallBatchSize ?? defaultMulticallBatchSize,
    );
    rpcCalls += described.rpcCalls;
    return { owner, allowances: described.allowances, scannedTo, checkpoint: checkpoint(), rpcCalls };
  } catch (error) {
    throw new ApprovalScanError(checkpoint(), { cause: error });
  }
}

type Call = { address: Address; abi: readonly unknown[]; functionName: string; args?: readonly unknown[] };

const multicall3Abi = parseAbi([
  "struct Call3 { address target; bool allowFailure; bytes callData; }",
  "struct Result { bool success; bytes returnData; }",
  // Payable on chain; declared view here because it is only ever read with eth_call.
  "function aggregate3(Call3[] calls) view returns (Result[] returnData)",
]);

function decodeAnswer(call: Call, success: boolean, returnData: Hex): unknown {
  if (!success || returnData === "0x") return undefined;
  try {
    return decodeFunctionResult({ abi: call.abi as Abi, functionName: call.functionName, data: returnData });
  } catch {
    return undefined;
  }
}

/**
 * Multicall3 `aggregate3` in batches, each call allowed to fail: a call that reverts (or answers nothing) is
 * `undefined`, but a failing RPC throws, so an outage never reads as "no allowance".
 */
async function multicallInBatches(
  client: PublicClient,
  calls: Call[],
  batchSize: number,
): Promise<{ results: unknown[]; rpcCalls: number }> {
  const batches: Call[][] = [];
  for (let start = 0; start < calls.length; start += batchSize)
    batches.push(calls.slice(start, start + batchSize));
  // A few batches at once: public RPCs answer them in parallel.
  const answered = await mapLimited(batches, 4, async (batch) => {
    const answers = await client.readContract({
      address: multicall3Address,
      abi: multicall3Abi,
      functionName: "aggregate3",
      args: [
        batch.map((call) => ({
          target: call.address,
          allowFailure: true,
          callData: encodeFunctionData({
            abi: call.abi as Abi,
            functionName: call.functionName,
            args: call.args ?? [],
          } as never),
        })),
      ],
    });
    return answers.map((answer, index) => decodeAnswer(batch[index]!, answer.success, answer.returnData));
  });
  const results = answered.flat();
  const rpcCalls = batches.length;
  return { results, rpcCalls };
}

type Confirmed = { event: ApprovalEvent; amount?: bigint; expiration?: number };

function stateCalls(owner: Address, event: ApprovalEvent): Call[] {
  switch (event.kind) {
    case "erc20":
      return [
        { address: event.token, abi: erc20Abi, functionName: "allowance", args: [owner, event.spender] },
      ];
    case "erc721":
      return [
        { address: event.token, abi: erc721Abi, functionName: "getApproved", args: [event.tokenId] },
        { address: event.token, abi: erc721Abi, functionName: "ownerOf", args: [event.tokenId] },
      ];
    case "operator":
      return [
        {
          address: event.token,
          abi: erc721Abi,
          functionName: "isApprovedForAll",
          args: [owner, event.spender],
        },
      ];
    case "permit2":
      return [
        {
          address: event.emitter,
          abi: permit2Abi,
          functionName: "allowance",
          args: [owner, event.token, event.spender],
        },
      ];
  }
}

const same = (left: unknown, right: string) =>
  typeof left === "string" && left.toLowerCase() === right.toLowerCase();

function liveState(
  owner: Address,
  event: ApprovalEvent,
  answers: unknown[],
  nowSeconds: number,
): Confirmed | undefined {
  switch (event.kind) {
    case "erc20": {
      const amount = answers[0];
      return typeof amount === "bigint" && amount > 0n ? { event, amount } : undefined;
    }
    case "erc721":
      return same(answers[0], event.spender) && same(answers[1], owner) ? { event } : undefined;
    case "operator":
      return answers[0] === true ? { event } : undefined;
    case "permit2": {
      const [amount, expiration] = (answers[0] as readonly [bigint, number] | undefined) ?? [0n, 0];
      return amount > 0n && expiration > nowSeconds ? { event, amount, expiration } : undefined;
    }
  }
}

async function confirmAllowances(
  client: PublicClient,
  owner: Address,
  candidates: ApprovalEvent[],
  nowSeconds: number,
  batchSize: number,
): Promise<{ live: Confirmed[]; rpcCalls: number }> {
  const callsPer = candidates.map((event) => stateCalls(owner, event));
  const { results, rpcCalls } = await multicallInBatches(client, callsPer.flat(), batchSize);
  const live: Confirmed[] = [];
  let offset = 0;
  for (const [index, event] of candidates.entries()) {
    const count = callsPer[index]!.length;
    const state = liveState(owner, event, results.slice(offset, offset + count), nowSeconds);
    offset += count;
    if (state) live.push(state);
  }
  return { live, rpcCalls };
}

/** Runs `work` over `items` with at most `limit` at once, keeping the order of the results. */
async function mapLimited<T, R>(items: T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

async function describeAllowances(
  client: PublicClient,
  live: Confirmed[],
  batchSize: number,
): Promise<{ allowances: LiveAllowance[]; rpcCalls: number }> {
  const tokens = [...new Set(live.map(({ event }) => event.token.toLowerCase() as Address))];
  // Per token: symbol, decimals, and the ERC-165 answers for ERC-721 and ERC-1155 (what an operator row is on).
  const tokenCalls = tokens.flatMap((token): Call[] => [
    { address: token, abi: erc20Abi, functionName: "symbol" },
    { address: token, abi: erc20Abi, functionName: "decimals" },
    { address: token, abi: erc165Abi, functionName: "supportsInterface", args: [erc721InterfaceId] },
    { address: token, abi: erc165Abi, functionName: "supportsInterface", args: [erc1155InterfaceId] },
  ]);
  const metadata = await multicallInBatches(client, tokenCalls, batchSize);
  const tokenInfo = new Map(
    tokens.map((token, index) => [
      token,
      {
        symbol: metadata.results[index * 4] as string | undefined,
        decimals: metadata.results[index * 4 + 1] as number | undefined,
        supports: { erc721: metadata.results[index * 4 + 2], erc1155: metadata.results[index * 4 + 3] },
      },
    ]),
  );

  const spenders = [...new Set(live.map(({ event }) => event.spender.toLowerCase() as Address))];
  const codeSizes = await readCodeSizes(client, spenders);
  const isContract = new Map(spenders.map((spender, index) => [spender, (codeSizes[index] ?? 0) > 0]));

  const blocks = [...new Set(live.map(({ event }) => event.blockNumber))];
  const timestamps = await mapLimited(blocks, 8, async (blockNumber) => {
    const block = await client.getBlock({ blockNumber, includeTransactions: false });
    return Number(block.timestamp);
  });
  const blockTime = new Map(blocks.map((block, index) => [block, timestamps[index]]));

  const allowances = live.map(({ event, amount, expiration }): LiveAllowance => {
    const info = tokenInfo.get(event.token.toLowerCase() as Address);
    const standard = standardOf(event.kind, info?.supports);
    return {
      kind: event.kind,
      token: event.token,
      spender: event.spender,
      ...(amount !== undefined ? { amount } : {}),
      unlimited:
        amount !== undefined &&
        (event.kind === "erc20" || event.kind === "permit2") &&
        isUnlimitedAmount(event.kind, amount),
      ...(event.kind === "erc721" ? { tokenId: event.tokenId } : {}),
      ...(expiration !== undefined ? { expiration } : {}),
      ...(event.kind === "permit2" ? { permit2: event.emitter } : {}),
      ...(typeof info?.symbol === "string" ? { symbol: info.symbol } : {}),
      ...(typeof info?.decimals === "number" ? { decimals: info.decimals } : {}),
      ...(standard ? { standard } : {}),
      spenderIsContract: isContract.get(event.spender.toLowerCase() as Address) ?? false,
      lastUpdatedBlock: event.blockNumber,
      ...(blockTime.get(event.blockNumber) !== undefined
        ? { lastUpdatedAt: blockTime.get(event.blockNumber) }
        : {}),
    };
  });
  const codeCalls = Math.ceil(spenders.length / 1_000);
  return { allowances, rpcCalls: metadata.rpcCalls + codeCalls + blocks.length };
}

/** The call that revokes an allowance from the owner's wallet: approve 0, setApprovalForAll false, Permit2 lockdown. */
export function revokeCall(allowance: LiveAllowance): Call & { abi: readonly unknown[] } {
  switch (allowance.kind) {
    case "erc20":
      return {
        address: allowance.token,
        abi: erc20Abi,
        functionName: "approve",
        args: [allowance.spender, 0n],
      };
    case "erc721":
      return {
        address: allowance.token,
        abi: erc721Abi,
        functionName: "approve",
        args: ["0x0000000000000000000000000000000000000000", allowance.tokenId ?? 0n],
      };
    case "operator":
      return {
        address: allowance.token,
        abi: erc721Abi,
        functionName: "setApprovalForAll",
        args: [allowance.spender, false],
      };
    case "permit2":
      return {
        address: allowance.permit2 ?? permit2Address,
        abi: permit2Abi,
        functionName: "lockdown",
        args: [[{ token: allowance.token, spender: allowance.spender }]],
      };
  }
}
