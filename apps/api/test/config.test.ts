import { describe, expect, it } from "vitest";
import { ConfigError, parseConfig } from "../src/platform/config.ts";
import { platformConfigFrom } from "../src/platform/platform-config.ts";

/** Outside sandbox mode the newsletter's signing secret is required (feedback-newsletter.test.ts tests that). */
const parse = (environment: Record<string, string | undefined>) =>
  parseConfig({ NEWSLETTER_SECRET: "config-tests-newsletter-secret-0123456789", ...environment });

describe("configuration", () => {
  it("runs with no configuration but the newsletter's signing secret", () => {
    const config = parse({});
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
      parse({
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

  it("reads the badge contracts per chain, checksummed, and signs badge vouchers with the airdrop key by default", () => {
    const airdropKey = `0x${"11".repeat(32)}`;
    const config = parse({
      BADGE_ADDRESSES: "31337:0x5fc8d32690cc91d4c39d9d3abcbd16989f875707",
      AIRDROP_SIGNER_KEY: airdropKey,
    });
    expect(config.badges).toEqual({
      contracts: { 31337: "0x5FC8d32690cc91D4c39d9d3abcBD16989F875707" },
      signerKey: airdropKey,
      voucherTtlSeconds: 1800,
      confirmations: 1,
    });
    const own = `0x${"22".repeat(32)}`;
    expect(parse({ AIRDROP_SIGNER_KEY: airdropKey, BADGE_SIGNER_KEY: own }).badges.signerKey).toBe(own);
    expect(platformConfigFrom(config).badges).toEqual({
      contracts: [{ chainId: 31337, address: "0x5FC8d32690cc91D4c39d9d3abcBD16989F875707" }],
      earlybirdId: "TMRZYR",
      growthId: "6QVAX5",
    });
    expect(problemsOf({ BADGE_ADDRESSES: "0x5fc8d32690cc91d4c39d9d3abcbd16989f875707" })[0]).toMatch(
      /^BADGE_ADDRESSES:/,
    );
  });

  it("reads the LuckyWheel per chain, checksummed, and signs spin vouchers with the airdrop key by default", () => {
    const airdropKey = `0x${"11".repeat(32)}`;
    const config = parse({
      WHEEL_ADDRESSES: "31337:0x0165878a594ca255338adfa4d48449f69242eb8f",
      AIRDROP_SIGNER_KEY: airdropKey,
    });
    expect(config.wheel).toEqual({
      contracts: { 31337: "0x0165878A594ca255338adfa4d48449f69242Eb8F" },
      signerKey: airdropKey,
      voucherTtlSeconds: 900,
      confirmations: 2,
    });
    const own = `0x${"22".repeat(32)}`;
    expect(parse({ AIRDROP_SIGNER_KEY: airdropKey, WHEEL_SIGNER_KEY: own }).wheel.signerKey).toBe(own);
    expect(platformConfigFrom(config).wheel).toEqual({
      contracts: [{ chainId: 31337, address: "0x0165878A594ca255338adfa4d48449f69242Eb8F" }],
    });
    expect(problemsOf({ WHEEL_ADDRESSES: "0x0165878a594ca255338adfa4d48449f69242eb8f" })[0]).toMatch(
      /^WHEEL_ADDRESSES:/,
    );
    expect(problemsOf({ WHEEL_CONFIRMATIONS: "0" })[0]).toMatch(/^WHEEL_CONFIRMATIONS:/);
  });

  it("reads RPC endpoints per chain and treats empty values as unset", () => {
    const config = parse({ RPC_URL_56: "https://bsc.example/rpc", RPC_URL_1: "" });
    expect(config.rpcUrls).toEqual({ 56: "https://bsc.example/rpc" });
  });

  function problemsOf(environment: Record<string, string>): string[] {
    try {
      parse(environment);
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
      expect(parse({ ...chain, HOST: host }).sandbox).toBe(true);
    expect(problemsOf({ ...chain, HOST: "0.0.0.0", SANDBOX_ON_PUBLIC_HOST: "yes" })[0]).toMatch(
      /^SANDBOX_ON_PUBLIC_HOST: /,
    );
    const demo = parse({
      ...chain,
      HOST: "0.0.0.0",
      SANDBOX_ON_PUBLIC_HOST: "anyone-can-sign-in-as-anyone",
    });
    expect(demo.sandbox).toBe(true);
    // Without sandbox mode any host is fine.
    expect(parse({ HOST: "0.0.0.0" }).sandbox).toBe(false);
  });

  it("refuses a sandbox chain with SANDBOX=off, and reports SANDBOX=on as sandbox mode", () => {
    expect(problemsOf({ SANDBOX: "off", SANDBOX_RPC_URL: "http://127.0.0.1:8545" })).toEqual([
      "SANDBOX_RPC_URL: the sandbox chain is part of sandbox mode; unset it or drop SANDBOX=off",
    ]);
    const on = parse({ SANDBOX: "on" });
    expect(on.sandbox).toBe(true);
    expect(platformConfigFrom(on).sandbox).toBe(true);
    expect(platformConfigFrom(parse({})).sandbox).toBe(false);
  });

  it("publishes what points are called, how many make a level and the referral reward", () => {
    expect(platformConfigFrom(parse({})).points).toEqual({
      pointName: "EP",
      pointsPerLevel: 100,
      referralReward: 50,
    });
    const custom = parse({
      POINT_NAME: "XP",
      POINTS_PER_LEVEL: "250",
      REFERRAL_REWARD_EP: "75",
    });
    expect(platformConfigFrom(custom).points).toEqual({
      pointName: "XP",
      pointsPerLevel: 250,
      referralReward: 75,
    });
    expect(() => parse({ POINT_NAME: "  " })).toThrow(ConfigError);
  });
});
