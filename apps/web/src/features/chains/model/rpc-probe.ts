/** What one `eth_blockNumber` call to an endpoint showed. */
export type ProbeResult =
  | { status: "ok"; blockNumber: string; latencyMs: number }
  | { status: "failed"; reason: "timeout" | "http" | "rpc" | "network" | "invalid"; latencyMs: number };

export type ProbeOptions = {
  fetch?: typeof globalThis.fetch;
  timeoutMs?: number;
  now?: () => number;
  /** Aborts the call (the page went away); the promise then rejects with the abort reason. */
  signal?: AbortSignal;
};

export const defaultProbeTimeoutMs = 6000;

/**
 * Asks a JSON-RPC endpoint for its latest block (`eth_blockNumber` over fetch) and times the round trip. Any
 * failure (no answer in time, an HTTP error, a JSON-RPC error, an answer that is not a block number) is a
 * `failed` result, not an exception; only the caller's own abort rejects.
 */
export async function probeRpc(url: string, options: ProbeOptions = {}): Promise<ProbeResult> {
  const fetchImpl = options.fetch ?? globalThis.fetch.bind(globalThis);
  const now = options.now ?? (() => performance.now());
  const controller = new AbortController();
  const onAbort = () => controller.abort(options.signal?.reason);
  options.signal?.addEventListener("abort", onAbort, { once: true });
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, options.timeoutMs ?? defaultProbeTimeoutMs);
  const started = now();
  const failed = (reason: Extract<ProbeResult, { status: "failed" }>["reason"]): ProbeResult => ({
    status: "failed",
    reason,
    latencyMs: Math.round(now() - started),
  });
  try {
    const response = await fetchImpl(url, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "eth_blockNumber", params: [] }),
      signal: controller.signal,
      credentials: "omit",
      referrerPolicy: "no-referrer",
    });
    if (!response.ok) return failed("http");
    const body = (await response.json()) as { result?: unknown; error?: unknown };
    const latencyMs = Math.round(now() - started);
    if (body.error !== undefined) return failed("rpc");
    if (typeof body.result !== "string" || !/^0x[0-9a-fA-F]{1,64}$/.test(body.result))
      return failed("invalid");
    return { status: "ok", blockNumber: BigInt(body.result).toString(), latencyMs };
  } catch (error) {
    if (options.signal?.aborted) throw error;
    return failed(timedOut ? "timeout" : error instanceof SyntaxError ? "invalid" : "network");
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener("abort", onAbort);
  }
}

/**
 * Runs at most `concurrency` tasks at a time, in the order they were queued, so opening many chains never
 * fires hundreds of requests at once. A queued task whose signal aborted before its turn is skipped.
 */
export function createLimiter(concurrency: number) {
  let running = 0;
  const queue: (() => void)[] = [];
  const next = () => {
    if (running >= concurrency) return;
    const start = queue.shift();
    if (start) start();
  };
  return {
    run<T>(task: () => Promise<T>, signal?: AbortSignal): Promise<T> {
      return new Promise<T>((resolve, reject) => {
        queue.push(() => {
          if (signal?.aborted) {
            reject(signal.reason);
            next();
            return;
          }
          running += 1;
          task()
            .then(resolve, reject)
            .finally(() => {
              running -= 1;
              next();
            });
        });
        next();
      });
    },
    /** Tasks running now, for tests. */
    get active() {
      return running;
    },
  };
}
