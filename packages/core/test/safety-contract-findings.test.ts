import { toFunctionSelector } from "viem";
import { describe, expect, it } from "vitest";
import {
  adminFunctions,
  bytecodeSelectors,
  contractFindings,
  delegatedEoaTarget,
} from "../src/safety/index.ts";

describe("bytecodeSelectors", () => {
  it("finds PUSH4 constants and skips bytes inside other push data", () => {
    // PUSH4 40c10f19, then PUSH32 whose data holds 63 8456cb59 (a PUSH4 lookalike), then PUSH4 f2fde38b.
    const code = `0x6340c10f19${"7f638456cb59".padEnd(66, "0")}63f2fde38b` as const;
    expect([...bytecodeSelectors(code)]).toEqual(["0x40c10f19", "0xf2fde38b"]);
  });

  it("ignores a PUSH4 cut off by the end of the code", () => {
    expect([...bytecodeSelectors("0x6340c1")]).toEqual([]);
  });
});

describe("adminFunctions", () => {
  it("names the powers behind known selectors", () => {
    const selectors = ["mint(address,uint256)", "pause()", "setFee(uint256)", "balanceOf(address)"].map(
      (signature) => toFunctionSelector(signature),
    );
    expect(adminFunctions(selectors)).toEqual([
      { power: "mint", signature: "mint(address,uint256)" },
      { power: "pause", signature: "pause()" },
      { power: "fee", signature: "setFee(uint256)" },
    ]);
  });
});

describe("delegatedEoaTarget", () => {
  it("reads an EIP-7702 delegation and nothing else", () => {
    expect(delegatedEoaTarget(`0xef0100${"ab".repeat(20)}`)).toBe(`0x${"ab".repeat(20)}`);
    expect(delegatedEoaTarget("0x6080")).toBeUndefined();
  });
});

describe("contractFindings", () => {
  const owner = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";

  it("rates an owned token with mint and pause powers, most severe first", () => {
    const findings = contractFindings({
      bytecodeSize: 4_321,
      owner,
      adminFunctions: [
        { power: "pause", signature: "pause()" },
        { power: "mint", signature: "mint(address,uint256)" },
        { power: "pause", signature: "unpause()" },
      ],
      token: { name: "Safety Test Token", symbol: "STT", decimals: 18, totalSupply: "1000" },
    });
    expect(findings.map(({ code, severity }) => [code, severity])).toEqual([
      ["power.mint", "high"],
      ["owner", "medium"],
      ["power.pause", "medium"],
      ["bytecodeSize", "info"],
      ["token", "info"],
      ["sourceUnchecked", "info"],
    ]);
    expect(findings.find((finding) => finding.code === "power.pause")?.params).toEqual({
      functions: "pause(), unpause()",
    });
  });

  it("rates a proxy high and names its implementation and admin", () => {
    const [first] = contractFindings({
      bytecodeSize: 300,
      proxy: { standard: "eip1967", implementation: owner, admin: owner },
      adminFunctions: [],
    });
    expect(first).toEqual({
      code: "proxy",
      severity: "high",
      params: { standard: "eip1967", implementation: owner, admin: owner },
    });
  });

  it("lowers owner-only powers once ownership is renounced", () => {
    const findings = contractFindings({
      bytecodeSize: 10,
      owner: "0x0000000000000000000000000000000000000000",
      adminFunctions: [{ power: "mint", signature: "mint(address,uint256)" }],
      sourceVerified: false,
    });
    expect(findings.map(({ code, severity }) => [code, severity])).toEqual([
      ["sourceNotVerified", "medium"],
      ["power.mint", "low"],
      ["bytecodeSize", "info"],
      ["ownerRenounced", "info"],
    ]);
  });

  it("grades holder concentration by the top holders' share", () => {
    const grade = (shareBasisPoints: number) =>
      contractFindings({
        bytecodeSize: 1,
        adminFunctions: [],
        topHolders: { count: 10, shareBasisPoints },
        sourceVerified: true,
      }).find((finding) => finding.code === "holderConcentration");
    expect(grade(6_000)).toEqual({
      code: "holderConcentration",
      severity: "high",
      params: { count: "10", percent: "60.00" },
    });
    expect(grade(2_000)?.severity).toBe("medium");
    expect(grade(1_999)?.severity).toBe("low");
  });
});
