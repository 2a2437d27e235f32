// An Etherscan-v2-style explorer API: one key and one base URL serve many chains (`chainid` in the query). Used only
// where a key is configured; every answer is optional to the caller, so an explorer outage never fails a check.
// The key never reaches a browser: the API calls it (`etherscanExplorer`), and the pages reach the API through
// another ContractExplorer.
import type { Abi, Address } from "viem";

export interface ExplorerConfig {
  /** e.g. https://api.etherscan.io/v2/api */
  apiBase: string;
  apiKey: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

type ExplorerAnswer<T> = { status: string; message: string; result: T };

async function explorerGet<T>(
  explorer: ExplorerConfig,
  chainId: number,
  query: Record<string, string>,
): Promise<T | undefined> {
  const url = new URL(explorer.apiBase);
  for (const [name, value] of Object.entries({
    chainid: String(chainId),
    ...query,
    apikey: explorer.apiKey,
  })) {
    url.searchParams.set(name, value);
  }
  try {
    const response = await (explorer.fetch ?? fetch)(url, {
      signal: AbortSignal.timeout(explorer.timeoutMs ?? 10_000),
    });
    if (!response.ok) return undefined;
    const body = (await response.json()) as ExplorerAnswer<T>;
    return body.status === "1" ? body.result : undefined;
  } catch {
    return undefined;
  }
}

export interface ExplorerSource {
  verified: boolean;
  abi?: Abi;
}

/** Whether the explorer has verified source for the address (and its ABI); undefined when it could not say. */
export async function explorerSource(
  explorer: ExplorerConfig,
  chainId: number,
  address: Address,
): Promise<ExplorerSource | undefined> {
  const result = await explorerGet<{ SourceCode?: string; ABI?: string }[]>(explorer, chainId, {
    module: "contract",
    action: "getsourcecode",
    address,
  });
  const entry = result?.[0];
  if (!entry) return undefined;
  const verified = typeof entry.SourceCode === "string" && entry.SourceCode.length > 0;
  if (!verified) return { verified };
  try {
    return { verified, abi: JSON.parse(entry.ABI ?? "") as Abi };
  } catch {
    return { verified };
  }
}

/** Whether the explorer knows a creation of a contract at the address (true also after it self-destructed). */
export async function explorerHasCreation(
  explorer: ExplorerConfig,
  chainId: number,
  address: Address,
): Promise<boolean | undefined> {
  const result = await explorerGet<{ contractAddress?: string }[]>(explorer, chainId, {
    module: "contract",
    action: "getcontractcreation",
    contractaddresses: address,
  });
  return result === undefined
    ? undefined
    : result.some((entry) => entry.contractAddress?.toLowerCase() === address.toLowerCase());
}

/** The largest holders' balances (base units, decimal strings), largest first; undefined when unavailable. */
export async function explorerTopHolders(
  explorer: ExplorerConfig,
  chainId: number,
  token: Address,
  count: number,
): Promise<bigint[] | undefined> {
  const result = await explorerGet<{ TokenHolderQuantity?: string }[]>(explorer, chainId, {
    module: "token",
    action: "tokenholderlist",
    contractaddress: token,
    page: "1",
    offset: String(count),
  });
  if (!result) return undefined;
  const balances = result
    .map((entry) => entry.TokenHolderQuantity)
    .filter((quantity): quantity is string => typeof quantity === "string" && /^\d+$/.test(quantity))
    .map((quantity) => BigInt(quantity));
  return balances.sort((left, right) => (left > right ? -1 : left < right ? 1 : 0)).slice(0, count);
}

/** What the contract check asks an explorer; each answer undefined when the explorer could not say. */
export interface ContractExplorer {
  source(chainId: number, address: Address): Promise<ExplorerSource | undefined>;
  /** Optional: without it a code-less address's history is read from logs. */
  hasCreation?(chainId: number, address: Address): Promise<boolean | undefined>;
  topHolders(chainId: number, token: Address, count: number): Promise<bigint[] | undefined>;
}

/** An explorer called directly with its key (server side only). */
export function etherscanExplorer(config: ExplorerConfig): ContractExplorer {
  return {
    source: (chainId, address) => explorerSource(config, chainId, address),
    hasCreation: (chainId, address) => explorerHasCreation(config, chainId, address),
    topHolders: (chainId, token, count) => explorerTopHolders(config, chainId, token, count),
  };
}
