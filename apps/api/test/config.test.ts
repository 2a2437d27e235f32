import { describe, expect, it } from "vitest";
import { ConfigError, parseConfig } from "../src/platform/config.ts";
import { platformConfigFrom } from "../src/platform/platform-config.ts";

describe("configuration", () => {
  it("runs with no configuration at all", () => {
    const config = parseConfig({});
    expect(config.port).toBe(3000);
    expect(config.project).toBe("Dropfair");
    expect(config.appOrigins).toEqual(["http://localhost:3000", "http://127.0.0.1:3000"]);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.points).toEqual({
      earlybirdId: "TMRZYR",
      growthId: "6QVAX5",
      pointName: "EP",
      startLevel: 0,
      pointsPerLevel: 100,
    });
  });

  it("lists every bad variable at once", () => {
    let error: unknown;
    try {
      parseConfig({
        PORT: "seventy",
        DATABASE_URL: "mysql://nope",
        RPC_URL_56: "ftp://node",
        ADMIN_ADDRESSES: "0x12",
        CHAIN_LIST: "staging",
      });
    } catch (caught) {
      error = caught;
    }
    if (error === undefined) expect.unreachable("parseConfig accepted five bad variables");
    expect(error).toBeInstanceOf(ConfigError);
    const names = (error as ConfigError).problems.map((problem) => problem.split(":")[0]);
    expect(names).toEqual(
      expect.arrayContaining(["PORT", "DATABASE_URL", "RPC_URL_56", "ADMIN_ADDRESSES", "CHAIN_LIST"]),
    );
  });

  it("reads RPC endpoints per chain and treats empty values as unset", () => {
    const config = parseConfig({ RPC_URL_56: "https://bsc.example/rpc", RPC_URL_1: "" });
    expect(config.rpcUrls).toEqual({ 56: "https://bsc.example/rpc" });
  });

  function problemsOf(environment: Record<string, string>): string[] {
    try {
      parseConfig(environment);
    } catch (error) {
      if (error instanceof ConfigError) return error.problems;
      throw error;
    }
    return expect.unreachable("the configuration was accepted") as never;
  }

  it("keeps sandbox mode on loopback unless the override is spelled out", () => {
    const chain = { SANDBOX_RPC_URL: "http://127.0.0.1:8545" };
    for (const host of ["0.0.0.0", "::", "192.168.1.20", "dropfair.example"]) {
      const problems = problemsOf({ ...chain, HOST: host });
      expect(problems).toHaveLength(1);
      expect(problems[0]).toMatch(/^HOST: sandbox mode lets anyone sign in as any sandbox account/);
      expect(problemsOf({ SANDBOX: "on", HOST: host })[0]).toMatch(/^HOST: /);
    }
    for (const host of ["127.0.0.1", "localhost", "::1", "[::1]", "127.0.0.5"])
      expect(parseConfig({ ...chain, HOST: host }).sandbox).toBe(true);
    expect(problemsOf({ ...chain, HOST: "0.0.0.0", SANDBOX_ON_PUBLIC_HOST: "yes" })[0]).toMatch(
      /^SANDBOX_ON_PUBLIC_HOST: /,
    );
    const demo = parseConfig({
      ...chain,
      HOST: "0.0.0.0",
      SANDBOX_ON_PUBLIC_HOST: "anyone-can-sign-in-as-anyone",
    });
    expect(demo.sandbox).toBe(true);
    // Without sandbox mode any host is fine.
    expect(parseConfig({ HOST: "0.0.0.0" }).sandbox).toBe(false);
  });

  it("refuses a sandbox chain with SANDBOX=off, and reports SANDBOX=on as sandbox mode", () => {
    expect(problemsOf({ SANDBOX: "off", SANDBOX_RPC_URL: "http://127.0.0.1:8545" })).toEqual([
      "SANDBOX_RPC_URL: the sandbox chain is part of sandbox mode; unset it or drop SANDBOX=off",
    ]);
    const on = parseConfig({ SANDBOX: "on" });
    expect(on.sandbox).toBe(true);
    expect(platformConfigFrom(on).sandbox).toBe(true);
    expect(platformConfigFrom(parseConfig({})).sandbox).toBe(false);
  });
});
