import { useCallback, useEffect, useState } from "react";
import { createLimiter, type ProbeResult, probeRpc } from "../model/rpc-probe";

/** One limiter for the whole page: however many chains are open, at most four probes run at once. */
const probeLimiter = createLimiter(4);

export type ProbeState = ProbeResult | { status: "checking" };

/**
 * Probes each endpoint of an opened chain (`eth_blockNumber`, block height and latency) while `enabled`;
 * closing the chain or leaving the page aborts what is queued or running. `recheck` probes them all again.
 */
export function useRpcProbes(urls: readonly string[], enabled: boolean) {
  const [results, setResults] = useState<Record<string, ProbeState>>({});
  const [round, setRound] = useState(0);
  const key = urls.join("\n");

  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for `urls`; `round` re-runs the probes on demand
  useEffect(() => {
    if (!enabled) return;
    const controller = new AbortController();
    setResults(Object.fromEntries(urls.map((url) => [url, { status: "checking" } as ProbeState])));
    for (const url of urls) {
      probeLimiter
        .run(() => probeRpc(url, { signal: controller.signal }), controller.signal)
        .then((result) => setResults((current) => ({ ...current, [url]: result })))
        .catch(() => {
          // aborted: the chain was closed or the page left
        });
    }
    return () => controller.abort();
  }, [key, enabled, round]);

  const recheck = useCallback(() => setRound((value) => value + 1), []);
  return { results, recheck };
}
