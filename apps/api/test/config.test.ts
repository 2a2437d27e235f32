import { describe, expect, it } from "vitest";
import { ConfigError, parseConfig } from "../src/platform/config.ts";

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
    let problems: string[] = [];
    try {
      parseConfig({
        PORT: "seventy",
        DATABASE_URL: "mysql://nope",
        RPC_URL_56: "ftp://node",
        ADMIN_ADDRESSES: "0x12",
        CHAIN_LIST: "staging",
      });
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      problems = (error as ConfigError).problems;
    }
    const names = problems.map((problem) => problem.split(":")[0]);
    expect(names).toEqual(
      expect.arrayContaining(["PORT", "DATABASE_URL", "RPC_URL_56", "ADMIN_ADDRESSES", "CHAIN_LIST"]),
    );
  });

  it("reads RPC endpoints per chain and treats empty values as unset", () => {
    const config = parseConfig({ RPC_URL_56: "https://bsc.example/rpc", RPC_URL_1: "" });
    expect(config.rpcUrls).toEqual({ 56: "https://bsc.example/rpc" });
  });
});
