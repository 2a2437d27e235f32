import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { useLocalChain } from "@dropfair/contracts/testing";
import { parseUnits } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkContract, type ExplorerConfig, etherscanExplorer } from "../src/contract-check.ts";
import { useSafetyScenario } from "./safety-scenario-fixture.ts";

const chain = useLocalChain();
const scenario = useSafetyScenario(chain);

function codesOf(check: Awaited<ReturnType<typeof checkContract>>) {
  if (check.status !== "contract") throw new Error(`expected a contract, got ${check.status}`);
  return check.findings.map(({ code, severity }) => `${code}:${severity}`);
}

describe("checkContract on the local scenario", () => {
  it("says an account with no code and no history is not a contract", async () => {
    const address = chain.accounts[3]!.address;
    expect(await checkContract(chain.publicClient, address, { chainId: chain.chainId })).toEqual({
      status: "notContract",
      address,
    });
  });

  it("says the contract destroyed in its creation transaction has self-destructed", async () => {
    const address = scenario.value.selfDestructed;
    expect(await checkContract(chain.publicClient, address, { chainId: chain.chainId })).toEqual({
      status: "selfDestructed",
      address,
    });
  });

  it("finds the proxy, its implementation and admin, and the upgrade power of its implementation", async () => {
    const { proxy, proxyImplementation, proxyAdmin } = scenario.value;
    const check = await checkContract(chain.publicClient, proxy, { chainId: chain.chainId });
    expect(codesOf(check)).toEqual([
      "proxy:high",
      "power.upgrade:high",
      "owner:medium",
      "bytecodeSize:info",
      "sourceUnchecked:info",
    ]);
    if (check.status !== "contract") return;
    expect(check.facts.proxy).toEqual({
      standard: "eip1967",
      implementation: proxyImplementation,
      admin: proxyAdmin,
    });
    expect(check.facts.owner).toBe(proxyAdmin);
    expect(check.findings.find((finding) => finding.code === "power.upgrade")?.params).toEqual({
      functions: "upgradeToAndCall(address,bytes)",
    });
  });

  it("finds the token's owner powers and its ERC-20 facts", async () => {
    const check = await checkContract(chain.publicClient, scenario.value.token, { chainId: chain.chainId });
    expect(codesOf(check)).toEqual([
      "power.blacklist:high",
      "power.mint:high",
      "owner:medium",
      "power.pause:medium",
      "power.fee:medium",
      "power.ownership:low",
      "bytecodeSize:info",
      "token:info",
      "sourceUnchecked:info",
    ]);
    if (check.status !== "contract") return;
    expect(check.facts.token).toEqual({
      name: "Safety Test Token",
      symbol: "STT",
      decimals: 18,
      totalSupply: parseUnits("1000", 18).toString(),
    });
    expect(check.facts.bytecodeSize).toBeGreaterThan(1_000);
  });
});

describe("checkContract with an explorer", () => {
  let server: Server;
  let explorer: ExplorerConfig;
  const queries: URLSearchParams[] = [];

  beforeAll(async () => {
    // An Etherscan-v2-style API: verified source for the token, its top holders, the creation of the destroyed one.
    server = createServer((request, response) => {
      const query = new URL(request.url ?? "/", "http://explorer").searchParams;
      queries.push(query);
      const answer = (result: unknown) =>
        response.end(JSON.stringify({ status: "1", message: "OK", result }));
      if (query.get("apikey") !== "test-key") {
        return response.end(JSON.stringify({ status: "0", message: "NOTOK", result: "Invalid API Key" }));
      }
      switch (query.get("action")) {
        case "getsourcecode":
          return answer([{ SourceCode: "contract SafetyTestToken {}", ABI: "[]" }]);
        case "tokenholderlist":
          return answer([
            { TokenHolderQuantity: parseUnits("700", 18).toString() },
            { TokenHolderQuantity: "5" },
          ]);
        case "getcontractcreation":
          return answer([{ contractAddress: query.get("contractaddresses")?.toLowerCase() }]);
        default:
          response.end(JSON.stringify({ status: "0", message: "NOTOK", result: "unknown action" }));
      }
    });
    await new Promise<void>((listening) => server.listen(0, "127.0.0.1", listening));
    explorer = {
      apiBase: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v2/api`,
      apiKey: "test-key",
    };
  });

  afterAll(() => new Promise<void>((closed) => server.close(() => closed())));

  it("reports verified source and holder concentration, asking with the chain id and key", async () => {
    const check = await checkContract(chain.publicClient, scenario.value.token, {
      chainId: chain.chainId,
      explorer: etherscanExplorer(explorer),
    });
    expect(codesOf(check)).toContain("sourceVerified:info");
    expect(codesOf(check)).toContain("holderConcentration:high");
    if (check.status !== "contract") return;
    expect(check.facts.topHolders).toEqual({ count: 2, shareBasisPoints: 7_000 });
    expect(queries.every((query) => query.get("chainid") === String(chain.chainId))).toBe(true);
  });

  it("takes the explorer's creation record as the history of an address without code", async () => {
    const address = chain.accounts[4]!.address;
    expect(
      await checkContract(chain.publicClient, address, {
        chainId: chain.chainId,
        explorer: etherscanExplorer(explorer),
      }),
    ).toEqual({
      status: "selfDestructed",
      address,
    });
  });

  it("leaves source unchecked when the explorer refuses the key", async () => {
    const check = await checkContract(chain.publicClient, scenario.value.token, {
      chainId: chain.chainId,
      explorer: etherscanExplorer({ ...explorer, apiKey: "wrong" }),
    });
    expect(codesOf(check)).toContain("sourceUnchecked:info");
  });
});
