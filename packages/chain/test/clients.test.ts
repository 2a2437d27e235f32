import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  ChainNotConfiguredError,
  createChainClients,
  InvalidRpcUrlsError,
  isRpcUnreachable,
  rpcUrlsFromEnv,
} from "../src/clients.ts";

describe("rpcUrlsFromEnv", () => {
  it("reads RPC_URL_<chainId> variables and ignores everything else", () => {
    expect(
      rpcUrlsFromEnv({
        RPC_URL_1: "https://eth.example.com/v1/key",
        RPC_URL_56: " http://127.0.0.1:8545 ",
        RPC_URL_97: "",
        RPC_URL_137: undefined,
        RPC_URL: "https://ignored.example.com",
        MY_RPC_URL_5: "https://ignored.example.com",
        PATH: "/usr/bin",
      }),
    ).toEqual({ 1: "https://eth.example.com/v1/key", 56: "http://127.0.0.1:8545" });
  });

  it("lists every bad variable in one error", () => {
    let thrown: unknown;
    try {
      rpcUrlsFromEnv({
        RPC_URL_1: "https://fine.example.com",
        RPC_URL_56: "bsc-dataseed.bnbchain.org",
        RPC_URL_97: "wss://ws.example.com",
        RPC_URL_0: "https://zero.example.com",
      });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(InvalidRpcUrlsError);
    const { problems, message } = thrown as InvalidRpcUrlsError;
    expect(problems.map((problem) => problem.split(":")[0])).toEqual([
      "RPC_URL_0",
      "RPC_URL_56",
      "RPC_URL_97",
    ]);
    for (const problem of problems) expect(message).toContain(problem);
  });
});

describe("createChainClients", () => {
  let server: Server;
  let rpcUrl: string;
  const requests: string[] = [];

  beforeAll(async () => {
    // A minimal JSON-RPC endpoint: enough to show the client talks to the configured URL with the chain id.
    server = createServer((request, response) => {
      let body = "";
      request.on("data", (chunk) => {
        body += chunk;
      });
      request.on("end", () => {
        const { id, method } = JSON.parse(body) as { id: number; method: string };
        requests.push(method);
        if (method === "never-answers") return;
        response.setHeader("content-type", "application/json");
        response.end(
          JSON.stringify({ jsonrpc: "2.0", id, result: method === "eth_chainId" ? "0x38" : "0x10" }),
        );
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    rpcUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it("creates one client per configured chain, lazily, on the configured URL", async () => {
    const clients = createChainClients({ rpcUrls: { 56: rpcUrl, 10: "https://optimism.example.com" } });
    expect(clients.has(56)).toBe(true);
    expect(clients.has(1)).toBe(false);
    expect(clients.chainIds()).toEqual([10, 56]);
    const bsc = clients.get(56);
    expect(clients.get(56)).toBe(bsc);
    expect(bsc.chain?.id).toBe(56);
    expect(bsc.chain?.nativeCurrency.symbol).toBe("BNB");
    expect(bsc.chain?.rpcUrls.default.http).toEqual([rpcUrl]);
    expect(await bsc.getChainId()).toBe(56);
    expect(await bsc.getBlockNumber({ cacheTime: 0 })).toBe(16n);
    expect(requests).toContain("eth_blockNumber");
    // A chain the registry does not know still gets a client.
    expect(clients.get(10).chain?.id).toBe(10);
  });

  it("throws a typed error for a chain without an RPC URL", () => {
    const clients = createChainClients({ rpcUrls: {} });
    expect(() => clients.get(1)).toThrow(ChainNotConfiguredError);
    expect(() => clients.get(1)).toThrow(/RPC_URL_1/);
  });

  it("rejects URLs that are not http(s) or ws(s) up front", () => {
    expect(() => createChainClients({ rpcUrls: { 1: "ftp://example.com", 56: "nonsense" } })).toThrow(
      InvalidRpcUrlsError,
    );
  });

  it("gives up after the timeout when the RPC does not answer", async () => {
    const clients = createChainClients({ rpcUrls: { 56: rpcUrl }, timeoutMs: 200, retryCount: 0 });
    const started = Date.now();
    await expect(clients.get(56).request({ method: "never-answers" } as never)).rejects.toThrow(
      /took too long/i,
    );
    expect(Date.now() - started).toBeLessThan(2_000);
  });
});

describe("isRpcUnreachable", () => {
  const named = (name: string, cause?: unknown) => Object.assign(new Error(name), { name, cause });

  it("finds a transport failure however deep viem wrapped it", () => {
    const wrapped = named(
      "ContractFunctionExecutionError",
      named("CallExecutionError", named("HttpRequestError")),
    );
    expect(isRpcUnreachable(wrapped)).toBe(true);
    expect(isRpcUnreachable(named("TimeoutError"))).toBe(true);
  });

  it("counts a node's JSON-RPC error only at the top and only when asked: a wrapped one is a revert", () => {
    const revert = named(
      "ContractFunctionExecutionError",
      named("CallExecutionError", named("RpcRequestError")),
    );
    expect(isRpcUnreachable(revert)).toBe(false);
    expect(isRpcUnreachable(revert, { nodeErrors: true })).toBe(false);
    expect(isRpcUnreachable(named("RpcRequestError"))).toBe(false);
    expect(isRpcUnreachable(named("RpcRequestError"), { nodeErrors: true })).toBe(true);
    expect(isRpcUnreachable(new Error("anything else"), { nodeErrors: true })).toBe(false);
  });
});
