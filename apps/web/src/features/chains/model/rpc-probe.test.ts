import { describe, expect, it, vi } from "vitest";
import { createLimiter, probeRpc } from "./rpc-probe";

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

function clock(...times: number[]) {
  return () => times.shift() ?? 0;
}

describe("probeRpc", () => {
  it("posts eth_blockNumber and reads the block height and the latency", async () => {
    const fetchMock = vi.fn<typeof fetch>(async () => json({ jsonrpc: "2.0", id: 1, result: "0x1312d00" }));
    const result = await probeRpc("https://rpc.example", { fetch: fetchMock, now: clock(100, 142) });
    expect(result).toEqual({ status: "ok", blockNumber: "20000000", latencyMs: 42 });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe("https://rpc.example");
    expect(init?.method).toBe("POST");
    expect(JSON.parse(String(init?.body))).toEqual({
      jsonrpc: "2.0",
      id: 1,
      method: "eth_blockNumber",
      params: [],
    });
  });

  it("marks HTTP errors, JSON-RPC errors, odd answers and network errors as failed", async () => {
    const answer = (response: () => Promise<Response>) =>
      probeRpc("https://rpc.example", { fetch: response });
    expect((await answer(async () => json({}, 503))).status).toBe("failed");
    expect(await answer(async () => json({ error: { code: -32000, message: "x" } }))).toMatchObject({
      status: "failed",
      reason: "rpc",
    });
    expect(await answer(async () => json({ result: "latest" }))).toMatchObject({ reason: "invalid" });
    expect(await answer(async () => new Response("<html>", { status: 200 }))).toMatchObject({
      reason: "invalid",
    });
    expect(await answer(() => Promise.reject(new TypeError("Failed to fetch")))).toMatchObject({
      reason: "network",
    });
  });

  it("gives up after the timeout", async () => {
    vi.useFakeTimers();
    try {
      const hanging: typeof fetch = (_url, init) =>
        new Promise((_resolve, reject) =>
          init?.signal?.addEventListener("abort", () => reject(new Error("aborted"))),
        );
      const pending = probeRpc("https://slow.example", { fetch: hanging, timeoutMs: 1000 });
      await vi.advanceTimersByTimeAsync(1000);
      expect(await pending).toMatchObject({ status: "failed", reason: "timeout" });
    } finally {
      vi.useRealTimers();
    }
  });

  it("rejects when the caller aborts", async () => {
    const controller = new AbortController();
    const hanging: typeof fetch = (_url, init) =>
      new Promise((_resolve, reject) =>
        init?.signal?.addEventListener("abort", () => reject(new Error("aborted"))),
      );
    const pending = probeRpc("https://slow.example", { fetch: hanging, signal: controller.signal });
    controller.abort(new Error("left the page"));
    await expect(pending).rejects.toThrow();
  });
});

describe("createLimiter", () => {
  it("runs at most the given number of tasks at once, in order", async () => {
    const limiter = createLimiter(2);
    const started: number[] = [];
    const releases: (() => void)[] = [];
    const task = (n: number) => () =>
      new Promise<number>((resolve) => {
        started.push(n);
        releases.push(() => resolve(n));
      });
    const results = [1, 2, 3, 4].map((n) => limiter.run(task(n)));
    expect(started).toEqual([1, 2]);
    expect(limiter.active).toBe(2);
    releases.shift()!();
    await results[0];
    await Promise.resolve();
    expect(started).toEqual([1, 2, 3]);
    while (releases.length > 0) {
      releases.shift()!();
      await new Promise((resolve) => setTimeout(resolve, 0));
    }
    expect(await Promise.all(results)).toEqual([1, 2, 3, 4]);
    expect(limiter.active).toBe(0);
  });

  it("skips a queued task whose signal aborted before its turn", async () => {
    const limiter = createLimiter(1);
    let release = () => {};
    const first = limiter.run(() => new Promise<void>((resolve) => (release = resolve)));
    const controller = new AbortController();
    const skipped = vi.fn(async () => "ran");
    const second = limiter.run(skipped, controller.signal);
    controller.abort(new Error("closed"));
    release();
    await first;
    await expect(second).rejects.toThrow("closed");
    expect(skipped).not.toHaveBeenCalled();
  });
});
