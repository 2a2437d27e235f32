// The safe check's explorer look-ups made with the server's key: verified source (and its ABI) and the largest
// holders of a token. Answers are kept for a while, so a page re-checked or many visitors checking the same popular
// contract cost the key one call; failures are not kept.
import type { ContractExplorer } from "@dropfair/chain/contract-check";
import type { ExplorerHoldersAnswer, ExplorerSourceAnswer } from "@dropfair/schemas/safety";
import type { Address } from "viem";
import { safetyErrors } from "./errors.ts";

export type ExplorerLookupOptions = {
  /** How long an answer is reused (default 10 minutes). */
  ttlMs?: number;
  /** Most answers kept (default 500, the oldest go first: a verified ABI can be tens of KB). */
  maxEntries?: number;
  now?: () => number;
};

export type ExplorerLookups = ReturnType<typeof createExplorerLookups>;

export function createExplorerLookups(
  explorer: ContractExplorer | undefined,
  options: ExplorerLookupOptions = {},
) {
  const ttlMs = options.ttlMs ?? 10 * 60_000;
  const maxEntries = options.maxEntries ?? 500;
  const now = options.now ?? Date.now;
  const cache = new Map<string, { at: number; value: Promise<unknown> }>();

  /** One call per key at a time; a failed or empty answer is dropped so the next visitor asks again. */
  async function cached<T>(key: string, load: () => Promise<T | undefined>): Promise<T> {
    const hit = cache.get(key);
    if (hit && now() - hit.at < ttlMs) {
      const value = (await hit.value) as T | undefined;
      if (value !== undefined) return value;
    }
    const value = load();
    cache.delete(key);
    cache.set(key, { at: now(), value });
    while (cache.size > maxEntries) cache.delete(cache.keys().next().value!);
    const answer = await value;
    if (answer === undefined) {
      if (cache.get(key)?.value === value) cache.delete(key);
      throw safetyErrors.explorerUnavailable();
    }
    return answer;
  }

  function configured(): ContractExplorer {
    if (!explorer) throw safetyErrors.explorerNotConfigured();
    return explorer;
  }

  return {
    configured: explorer !== undefined,

    async source(chainId: number, address: Address): Promise<ExplorerSourceAnswer> {
      const lookup = configured();
      const source = await cached(`source:${chainId}:${address}`, () => lookup.source(chainId, address));
      return {
        verified: source.verified,
        abi: source.abi ? (source.abi as unknown as Record<string, unknown>[]) : null,
      };
    },

    async holders(chainId: number, token: Address, count: number): Promise<ExplorerHoldersAnswer> {
      const lookup = configured();
      const balances = await cached(`holders:${chainId}:${token}:${count}`, () =>
        lookup.topHolders(chainId, token, count),
      );
      return { balances: balances.map((balance) => balance.toString()) };
    },
  };
}
