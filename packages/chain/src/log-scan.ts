// Chunked eth_getLogs over a long block range: chunks are halved when the provider refuses a range as too large, the
// chunk size that worked is kept for the rest, and a scan that fails part-way can resume where it stopped.
import { type BlockRange, halveBlockRange, isLogRangeLimitError, type RawLog } from "@dropfair/core/safety";
import { type Address, type Hex, hexToBigInt, hexToNumber, numberToHex, type PublicClient } from "viem";

export interface LogFilter {
  address?: Address | Address[];
  /** Topic filters as eth_getLogs takes them: each position a topic, a list of alternatives or null. */
  topics: (Hex | Hex[] | null)[];
}

export interface LogScanProgress {
  /** The last block scanned so far (everything from the start up to it is done). */
  scannedTo: bigint;
  fromBlock: bigint;
  toBlock: bigint;
  /** eth_getLogs requests made so far, refused ones included. */
  requests: number;
}

export interface LogScanOptions {
  filter: LogFilter;
  fromBlock: bigint;
  toBlock: bigint;
  /** The first range tried; halved on range-limit errors (default 1,000,000 blocks). */
  initialChunkSize?: bigint;
  /** Called with every chunk's logs, oldest chunk first. */
  onLogs: (logs: RawLog[], progress: LogScanProgress) => void;
  signal?: AbortSignal;
  /** Gives up (LogScanLimitError) after this many requests; unlimited by default. */
  maxRequests?: number;
}

/** The RPC failed for another reason than a range limit: the scan stopped after `scannedTo` and can resume there. */
export class LogScanError extends Error {
  override readonly name = "LogScanError";
  constructor(
    readonly scannedTo: bigint,
    readonly requests: number,
    options: { cause: unknown },
  ) {
    super(`eth_getLogs failed after block ${scannedTo}: ${errorText(options.cause)}`, options);
  }
}

/** The scan used up its request budget before reaching the end. */
export class LogScanLimitError extends Error {
  override readonly name = "LogScanLimitError";
  constructor(readonly scannedTo: bigint) {
    super(`gave up scanning logs after block ${scannedTo}: too many requests`);
  }
}

type RpcLog = {
  address: string;
  topics: Hex[];
  data: Hex;
  blockNumber: Hex | null;
  logIndex: Hex | null;
  transactionHash: Hex | null;
};

const defaultChunkSize = 1_000_000n;

/** Every message and JSON-RPC code in an error and its causes (viem wraps the provider's answer a few levels deep). */
function errorDetails(error: unknown): { messages: string[]; codes: number[] } {
  const messages: string[] = [];
  const codes: number[] = [];
  let current: unknown = error;
  for (let depth = 0; current && depth < 8; depth++) {
    const value = current as {
      message?: unknown;
      details?: unknown;
      shortMessage?: unknown;
      code?: unknown;
      cause?: unknown;
    };
    for (const text of [value.message, value.details, value.shortMessage])
      if (typeof text === "string") messages.push(text);
    if (typeof value.code === "number") codes.push(value.code);
    current = value.cause;
  }
  return { messages, codes };
}

function errorText(error: unknown): string {
  return errorDetails(error).messages[0] ?? String(error);
}

/** Whether an eth_getLogs failure is a provider's range or result-size limit (split and retry), not an outage. */
export function isRangeLimitFailure(error: unknown): boolean {
  const { messages, codes } = errorDetails(error);
  return codes.includes(-32005) || messages.some((message) => isLogRangeLimitError(message));
}

/** Scans `fromBlock..toBlock` in order; resolves with the number of requests made. */
export async function scanLogs(client: PublicClient, options: LogScanOptions): Promise<number> {
  let chunkSize = options.initialChunkSize ?? defaultChunkSize;
  let requests = 0;
  let scannedTo = options.fromBlock - 1n;
  // A stack of ranges still to do, the next one on top; a refused range is replaced by its two halves.
  const pending: BlockRange[] = [];
  let nextStart = options.fromBlock;
  const takeNext = (): BlockRange | undefined => {
    const queued = pending.pop();
    if (queued) return queued;
    if (nextStart > options.toBlock) return undefined;
    const end = nextStart + chunkSize - 1n;
    const range = { fromBlock: nextStart, toBlock: end < options.toBlock ? end : options.toBlock };
    nextStart = range.toBlock + 1n;
    return range;
  };

  for (let range = takeNext(); range; range = takeNext()) {
    options.signal?.throwIfAborted();
    if (options.maxRequests !== undefined && requests >= options.maxRequests)
      throw new LogScanLimitError(scannedTo);
    requests++;
    let logs: RpcLog[];
    try {
      logs = (await client.request({
        method: "eth_getLogs",
        params: [
          {
            fromBlock: numberToHex(range.fromBlock),
            toBlock: numberToHex(range.toBlock),
            topics: options.filter.topics,
            ...(options.filter.address ? { address: options.filter.address } : {}),
          },
        ],
      } as never)) as RpcLog[];
    } catch (error) {
      const halves = isRangeLimitFailure(error) ? halveBlockRange(range) : undefined;
      if (!halves) throw new LogScanError(scannedTo, requests, { cause: error });
      pending.push(halves[1], halves[0]);
      // Later chunks start at the size that is being tried now, so one refusal is not paid for again and again.
      const halfSize = halves[0].toBlock - halves[0].fromBlock + 1n;
      if (halfSize < chunkSize) chunkSize = halfSize;
      continue;
    }
    scannedTo = range.toBlock;
    options.onLogs(logs.map(toRawLog), {
      scannedTo,
      fromBlock: options.fromBlock,
      toBlock: options.toBlock,
      requests,
    });
  }
  return requests;
}

function toRawLog(log: RpcLog): RawLog {
  return {
    address: log.address,
    topics: log.topics,
    data: log.data,
    blockNumber: log.blockNumber === null ? null : hexToBigInt(log.blockNumber),
    logIndex: log.logIndex === null ? null : hexToNumber(log.logIndex),
  };
}
