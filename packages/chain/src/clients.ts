// Read-only viem clients for the chains we have RPC URLs for. Works in Node and in the browser.
import {
  type Chain,
  createPublicClient,
  defineChain,
  http,
  type PublicClient,
  type Transport,
  webSocket,
} from "viem";
import { getChain, toViemChain } from "./registry.ts";

export interface ChainClientsOptions {
  /** RPC URL per chain id (http(s), or ws(s) for a WebSocket endpoint). */
  rpcUrls: Record<number, string>;
  /** How long viem reuses a block number or similar answer; 0 for local chains that mine on every transaction. */
  cacheTime?: number;
  /** Per-request timeout; a hanging RPC must not hang the request that needs it. */
  timeoutMs?: number;
  /**
   * Retries of a failed request. Kept low: viem retries JSON-RPC "internal error" answers, which is also how
   * Hardhat reports a revert, and each retry backs off, multiplying the time a caller waits.
   */
  retryCount?: number;
}

export interface ChainClients {
  /** The client for a configured chain; throws ChainNotConfiguredError for any other. */
  get(chainId: number): PublicClient;
  has(chainId: number): boolean;
  /** The configured chain ids, ascending. */
  chainIds(): number[];
}

export class ChainNotConfiguredError extends Error {
  override readonly name = "ChainNotConfiguredError";
  constructor(readonly chainId: number) {
    super(`no RPC URL is configured for chain ${chainId} (set RPC_URL_${chainId})`);
  }
}

export class InvalidRpcUrlsError extends Error {
  override readonly name = "InvalidRpcUrlsError";
  /** Every bad variable at once, so a misconfigured deployment is fixed in one go. */
  constructor(readonly problems: string[]) {
    super(`invalid RPC configuration:\n${problems.map((problem) => `  - ${problem}`).join("\n")}`);
  }
}

const defaultTimeoutMs = 10_000;
const defaultRetryCount = 1;

function hasProtocol(url: string, protocols: readonly string[]): boolean {
  try {
    return protocols.includes(new URL(url).protocol);
  } catch {
    return false;
  }
}

function transportFor(url: string, options: { timeout: number; retryCount: number }): Transport {
  return hasProtocol(url, ["ws:", "wss:"]) ? webSocket(url, options) : http(url, options);
}

/** The registry's chain with our RPC URL, or a bare chain for an id the registry does not know. */
function chainFor(chainId: number, rpcUrl: string): Chain {
  const record = getChain(chainId);
  const base = record
    ? toViemChain(record)
    : defineChain({
        id: chainId,
        name: `Chain ${chainId}`,
        nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
        rpcUrls: { default: { http: [] } },
      });
  return { ...base, rpcUrls: { default: { http: [rpcUrl] } } };
}

/** Clients are created on first use, so configuring many chains costs nothing until one is needed. */
export function createChainClients(options: ChainClientsOptions): ChainClients {
  const rpcUrls = new Map(Object.entries(options.rpcUrls).map(([chainId, url]) => [Number(chainId), url]));
  const bad = [...rpcUrls]
    .filter(([, url]) => !hasProtocol(url, ["http:", "https:", "ws:", "wss:"]))
    .map(([chainId, url]) => `chain ${chainId}: "${url}" is not an http(s) or ws(s) URL`);
  if (bad.length > 0) throw new InvalidRpcUrlsError(bad);

  const clients = new Map<number, PublicClient>();
  const transportOptions = {
    timeout: options.timeoutMs ?? defaultTimeoutMs,
    retryCount: options.retryCount ?? defaultRetryCount,
  };
  return {
    get(chainId) {
      const existing = clients.get(chainId);
      if (existing) return existing;
      const url = rpcUrls.get(chainId);
      if (url === undefined) throw new ChainNotConfiguredError(chainId);
      const client: PublicClient = createPublicClient({
        chain: chainFor(chainId, url),
        transport: transportFor(url, transportOptions),
        ...(options.cacheTime === undefined ? {} : { cacheTime: options.cacheTime }),
      });
      clients.set(chainId, client);
      return client;
    },
    has(chainId) {
      return rpcUrls.has(chainId);
    },
    chainIds() {
      return [...rpcUrls.keys()].sort((left, right) => left - right);
    },
  };
}

const rpcUrlVariable = /^RPC_URL_(\d+)$/;
const checkRpcUrlVariable = /^RPC_CHECK_URL_(\d+)$/;

function urlsFromEnv(env: Record<string, string | undefined>, variable: RegExp): Record<number, string> {
  const rpcUrls: Record<number, string> = {};
  const problems: string[] = [];
  for (const [name, value] of Object.entries(env)) {
    const match = variable.exec(name);
    if (!match || value === undefined || value.trim() === "") continue;
    const chainId = Number(match[1]);
    if (!Number.isSafeInteger(chainId) || chainId <= 0) {
      problems.push(`${name}: ${match[1]} is not a valid chain id`);
    } else if (!hasProtocol(value.trim(), ["http:", "https:"])) {
      problems.push(`${name}: "${value}" is not an http(s) URL`);
    } else {
      rpcUrls[chainId] = value.trim();
    }
  }
  if (problems.length > 0) throw new InvalidRpcUrlsError(problems.sort());
  return rpcUrls;
}

/** Reads `RPC_URL_<chainId>` variables (empty ones count as unset); throws one error listing every bad one. */
export function rpcUrlsFromEnv(env: Record<string, string | undefined>): Record<number, string> {
  return urlsFromEnv(env, rpcUrlVariable);
}

/**
 * Reads `RPC_CHECK_URL_<chainId>` variables: a second, independent endpoint of a chain (another provider), which
 * the picker's draw asks for the target block too, so that one endpoint cannot decide the block hash alone.
 */
export function checkRpcUrlsFromEnv(env: Record<string, string | undefined>): Record<number, string> {
  return urlsFromEnv(env, checkRpcUrlVariable);
}

/** Names of viem's errors for a node that did not answer (as opposed to an answer, a revert included). */
export const transportFailureNames: readonly string[] = [
  "HttpRequestError",
  "TimeoutError",
  "WebSocketRequestError",
  "SocketClosedError",
];

/**
 * Whether the node did not answer: `error` is, or was caused by, a transport failure (viem wraps one in the call's
 * own error: a `readContract` gives ContractFunctionExecutionError, so the causes are walked). With
 * `nodeErrors`, a JSON-RPC error the node answered a direct request with (RpcRequestError at the top) counts too;
 * only at the top, because a reverted call arrives as an RpcRequestError wrapped in the call's error, and a revert
 * is an answer.
 */
export function isRpcUnreachable(error: unknown, options: { nodeErrors?: boolean } = {}): boolean {
  if (options.nodeErrors && (error as { name?: string } | null | undefined)?.name === "RpcRequestError")
    return true;
  for (let current = error, depth = 0; current !== undefined && current !== null && depth < 10; depth++) {
    if (transportFailureNames.includes((current as { name?: string }).name ?? "")) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
