// The safe check's explorer look-ups: the API calls an Etherscan-v2-style explorer with its own key (here the
// explorer sandbox, standalone over the local chain's safety scenario, as a real explorer would be reached), and
// the key never leaves the server. Validation at the edge, failures that are not cached, the rate limit (T11),
// messages in en and cn (T12), the sandbox-mode default, and the routes being read-only and public.
import { contractSources } from "@dropfair/contracts/explorer-sources";
import {
  deploySafetyScenario,
  type SafetyScenario,
  safetyScenarioOptions,
} from "@dropfair/contracts/safety-scenario";
import { useLocalChain } from "@dropfair/contracts/testing";
import { type RunningExplorerSandbox, startExplorerSandbox } from "@dropfair/sandbox/explorer";
import { erc20Abi, getAddress } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, type TestContext } from "./helper.ts";

const chain = useLocalChain();
const explorerKey = "server-side-explorer-key-0123";
let scenario: SafetyScenario;
let explorer: RunningExplorerSandbox;
let context: TestContext;

beforeAll(async () => {
  scenario = await deploySafetyScenario(safetyScenarioOptions(chain));
  explorer = await startExplorerSandbox({
    apiKey: explorerKey,
    chains: { [chain.chainId]: chain.rpcUrl },
    sources: contractSources(),
  });
  context = await buildTestApp({
    environment: { EXPLORER_API_KEY: explorerKey, EXPLORER_API_BASE: explorer.apiBase },
  });
}, 120_000);

afterAll(async () => {
  await context?.close();
  await explorer?.close();
});

type Answer = { status: number; body: { content: unknown; typeCode: number; message: string }; raw: string };

async function get(app: TestContext["app"], url: string, language?: string): Promise<Answer> {
  const response = await app.inject({
    method: "GET",
    url,
    ...(language ? { headers: { "accept-language": language } } : {}),
  });
  return { status: response.statusCode, body: response.json(), raw: response.body };
}

const source = (address: string, chainId = chain.chainId) =>
  `/api/bounty/safe/explorer/source?chainId=${chainId}&address=${address}`;
const holders = (address: string, count?: number) =>
  `/api/bounty/safe/explorer/holders?chainId=${chain.chainId}&address=${address}${count ? `&count=${count}` : ""}`;

describe("verified source", () => {
  it("answers for our token with its ABI, asking the explorer with the server's key", async () => {
    const before = explorer.state.requests.length;
    const answer = await get(context.app, source(scenario.token.toLowerCase()));
    expect(answer.status).toBe(200);
    const content = answer.body.content as { verified: boolean; abi: { name?: string }[] };
    expect(content.verified).toBe(true);
    expect(content.abi.map((item) => item.name)).toEqual(
      expect.arrayContaining(["mint", "pause", "blacklist"]),
    );
    expect(explorer.state.requests.slice(before)).toEqual([
      { action: "getsourcecode", chainId: String(chain.chainId), apiKey: explorerKey },
    ]);
    expect(answer.raw).not.toContain(explorerKey);
  });

  it("says not verified for an address whose code is none of the explorer's sources", async () => {
    const answer = await get(context.app, source(chain.accounts[3]!.address));
    expect(answer).toMatchObject({
      status: 200,
      body: { typeCode: 1, content: { verified: false, abi: null } },
    });
  });

  it("reuses an answer instead of spending the key again", async () => {
    await get(context.app, source(scenario.proxy));
    const before = explorer.state.requests.length;
    const again = await get(context.app, source(scenario.proxy));
    expect(again.status).toBe(200);
    expect(explorer.state.requests.length).toBe(before);
  });

  it("refuses bad input at the edge (400) without calling the explorer", async () => {
    const before = explorer.state.requests.length;
    for (const url of [
      source("0x1234"),
      source(scenario.token, 0),
      `${source(scenario.token)}&apikey=mine`,
      "/api/bounty/safe/explorer/source?address=0x0000000000000000000000000000000000000001",
      holders(scenario.token, 26),
    ]) {
      expect((await get(context.app, url)).status, url).toBe(400);
    }
    expect(explorer.state.requests.length).toBe(before);
  });
});

describe("holders", () => {
  it("lists the largest balances, largest first, as the chain's Transfer logs add up", async () => {
    const answer = await get(context.app, holders(scenario.token, 3));
    expect(answer.status).toBe(200);
    const balances = (answer.body.content as { balances: string[] }).balances.map(BigInt);
    expect(balances.length).toBeGreaterThan(0);
    expect([...balances].sort((a, b) => (a > b ? -1 : a < b ? 1 : 0))).toEqual(balances);
    const ownerBalance = await chain.publicClient.readContract({
      address: scenario.token,
      abi: erc20Abi,
      functionName: "balanceOf",
      args: [scenario.owner],
    });
    expect(balances).toContain(ownerBalance);
  });
});

describe("when the explorer fails", () => {
  it("answers 502 (691) in en and cn, and asks again once it is back", async () => {
    const address = getAddress(scenario.selfDestructed);
    explorer.state.outage = true;
    try {
      const en = await get(context.app, source(address));
      expect(en).toMatchObject({
        status: 502,
        body: {
          content: null,
          typeCode: 691,
          message: "The block explorer did not answer. Please try again later.",
        },
      });
      const cn = await get(context.app, source(address), "zh-cn");
      expect(cn.body.message).toBe("区块浏览器暂无响应，请稍后再试。");
    } finally {
      explorer.state.outage = false;
    }
    expect((await get(context.app, source(address))).status).toBe(200);
  });

  it("answers 502 when the explorer refuses the configured key", async () => {
    const wrongKey = await buildTestApp({
      environment: { EXPLORER_API_KEY: "not-the-explorers-key", EXPLORER_API_BASE: explorer.apiBase },
    });
    try {
      expect((await get(wrongKey.app, source(scenario.token))).body.typeCode).toBe(691);
    } finally {
      await wrongKey.close();
    }
  });
});

describe("rate limit (T11)", () => {
  it("answers 429 past EXPLORER_RATE_LIMIT_PER_MINUTE look-ups from one client", async () => {
    const limited = await buildTestApp({
      environment: {
        EXPLORER_API_KEY: explorerKey,
        EXPLORER_API_BASE: explorer.apiBase,
        EXPLORER_RATE_LIMIT_PER_MINUTE: "2",
      },
    });
    try {
      const statuses = [];
      for (let attempt = 0; attempt < 3; attempt++) {
        statuses.push((await get(limited.app, source(scenario.token))).status);
      }
      statuses.push((await get(limited.app, holders(scenario.token))).status);
      expect(statuses).toEqual([200, 200, 429, 429]);
    } finally {
      await limited.close();
    }
  });
});

describe("configuration", () => {
  it("without a key outside sandbox mode: 404 (690) in en and cn, and the pages are told there is none", async () => {
    const off = await buildTestApp();
    try {
      const en = await get(off.app, source(scenario.token));
      expect(en).toMatchObject({
        status: 404,
        body: {
          content: null,
          typeCode: 690,
          message: "No block explorer is configured on this server, so source and holders are not checked.",
        },
      });
      expect((await get(off.app, holders(scenario.token), "zh-cn")).body.message).toBe(
        "本站未配置区块浏览器，暂不检查源码与持仓分布。",
      );
      const platform = await get(off.app, "/api/bounty/platform/config");
      expect((platform.body.content as { safe: unknown }).safe).toEqual({ explorer: false });
    } finally {
      await off.close();
    }
  });

  it("in sandbox mode: the explorer sandbox over the sandbox chain, reached in-process", async () => {
    const sandbox = await buildTestApp({ environment: { SANDBOX_RPC_URL: chain.rpcUrl } });
    try {
      const platform = await get(sandbox.app, "/api/bounty/platform/config");
      expect((platform.body.content as { safe: unknown }).safe).toEqual({ explorer: true });
      const answer = await get(sandbox.app, source(scenario.token));
      expect(answer).toMatchObject({ status: 200, body: { content: { verified: true } } });
      // Its test controls are mounted only with SANDBOX_CONTROL_API.
      const control = await sandbox.app.inject({ method: "GET", url: "/sandbox/explorer/_sandbox/requests" });
      expect(control.statusCode).toBe(404);
    } finally {
      await sandbox.close();
    }
  });

  it("documents the routes in OpenAPI", async () => {
    const spec = (await context.app.inject("/api/docs/json")).json();
    expect(Object.keys(spec.paths)).toEqual(
      expect.arrayContaining(["/api/bounty/safe/explorer/source", "/api/bounty/safe/explorer/holders"]),
    );
    expect(Object.keys(spec.paths).some((path) => path.startsWith("/sandbox/explorer"))).toBe(false);
  });
});
