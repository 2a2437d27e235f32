import { type Address, erc20Abi, erc721Abi, maxUint256 } from "viem";
import { beforeAll, describe, expect, it } from "vitest";
import { localPermit2Artifact, safetyTestTokenArtifact } from "../src/artifacts.ts";
import {
  canonicalMulticall3,
  canonicalPermit2,
  deploySafetyScenario,
  type SafetyScenario,
  safetyScenarioOptions,
} from "../src/safety-scenario.ts";
import { useLocalChain } from "../src/testing.ts";

const chain = useLocalChain();
let scenario: SafetyScenario;

beforeAll(async () => {
  scenario = await deploySafetyScenario(safetyScenarioOptions(chain));
}, 60_000);

const implementationSlot = "0x360894a13ba1a3210667c828492db98dca3e2076cc3735a920a3ca505d382bbc";
const adminSlot = "0xb53127684a568b3173ae13b9f8a6016e243e63b6e8ee1178d6a717850b5d6103";

function slotAddress(word: `0x${string}` | undefined): Address {
  return `0x${(word ?? "0x").slice(-40)}` as Address;
}

describe("safety scenario", () => {
  it("places Permit2 and Multicall3 at their canonical addresses", async () => {
    expect(await chain.publicClient.getCode({ address: canonicalPermit2 })).toMatch(/^0x[0-9a-f]{200,}$/);
    expect(await chain.publicClient.getCode({ address: canonicalMulticall3 })).toMatch(/^0x[0-9a-f]{100,}$/);
  });

  it("gives the owner one live approval of every kind and none to the revoked spender", async () => {
    const { publicClient } = chain;
    const { token, owner, approvals } = scenario;
    const allowance = (spender: Address) =>
      publicClient.readContract({
        address: token,
        abi: erc20Abi,
        functionName: "allowance",
        args: [owner, spender],
      });
    expect(await allowance(approvals.unlimitedSpender)).toBe(maxUint256);
    expect(await allowance(approvals.contractSpender)).toBe(approvals.contractAllowance);
    expect(await allowance(canonicalPermit2)).toBe(maxUint256);
    expect(await allowance(approvals.revokedSpender)).toBe(0n);
    const nft = chain.deployment.testNft;
    expect(
      await publicClient.readContract({
        address: nft,
        abi: erc721Abi,
        functionName: "getApproved",
        args: [approvals.nftTokenId],
      }),
    ).toBe(approvals.nftSpender);
    expect(
      await publicClient.readContract({
        address: nft,
        abi: erc721Abi,
        functionName: "isApprovedForAll",
        args: [owner, approvals.nftOperator],
      }),
    ).toBe(true);
    expect(
      await publicClient.readContract({
        address: canonicalPermit2,
        abi: localPermit2Artifact.abi,
        functionName: "allowance",
        args: [owner, token, approvals.permit2Spender],
      }),
    ).toEqual([approvals.permit2Allowance, approvals.permit2Expiration, 0]);
  });

  it("deploys a proxy with its implementation and admin in the EIP-1967 slots", async () => {
    const { publicClient } = chain;
    const implementation = await publicClient.getStorageAt({
      address: scenario.proxy,
      slot: implementationSlot,
    });
    const admin = await publicClient.getStorageAt({ address: scenario.proxy, slot: adminSlot });
    expect(slotAddress(implementation).toLowerCase()).toBe(scenario.proxyImplementation.toLowerCase());
    expect(slotAddress(admin).toLowerCase()).toBe(scenario.proxyAdmin.toLowerCase());
  });

  it("leaves the self-destructed contract with no code but its creation log", async () => {
    const { publicClient } = chain;
    expect(await publicClient.getCode({ address: scenario.selfDestructed })).toBeUndefined();
    const logs = await publicClient.getLogs({
      address: scenario.selfDestructed,
      fromBlock: 0n,
      toBlock: "latest",
    });
    expect(logs).toHaveLength(1);
  });

  it("gives the token's owner its admin powers", async () => {
    expect(
      await chain.publicClient.readContract({
        address: scenario.token,
        abi: safetyTestTokenArtifact.abi,
        functionName: "owner",
      }),
    ).toBe(scenario.proxyAdmin);
  });
});
