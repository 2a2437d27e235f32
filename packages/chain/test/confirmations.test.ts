import { describe, expect, it } from "vitest";
import { checkRpcUrlsFromEnv, InvalidRpcUrlsError, rpcUrlsFromEnv } from "../src/clients.ts";
import {
  confirmationsFor,
  confirmationsFromEnv,
  confirmedHead,
  defaultConfirmations,
  fallbackConfirmations,
  InvalidConfirmationsError,
  isConfirmed,
} from "../src/confirmations.ts";
import { chains, sandboxChain } from "../src/registry.ts";

describe("confirmations per chain", () => {
  it("gives every chain of the registry its own default, and the local chain more than one block", () => {
    expect(
      Object.fromEntries([...chains, sandboxChain].map((chain) => [chain.id, chain.confirmations])),
    ).toEqual({
      1: 12,
      56: 15,
      97: 15,
      137: 128,
      80001: 128,
      42161: 20,
      42766: 10,
      81457: 10,
      168587773: 10,
      5611: 15,
      31337: 2,
    });
    expect(defaultConfirmations(31337)).toBe(2);
    expect(defaultConfirmations(424242)).toBe(fallbackConfirmations);
  });

  it("takes the configured override before the registry's default", () => {
    expect(confirmationsFor(1)).toBe(12);
    expect(confirmationsFor(1, { 1: 64 })).toBe(64);
    expect(confirmationsFor(31337, { 1: 64 })).toBe(2);
    expect(confirmationsFor(31337, { 31337: 5 })).toBe(5);
  });

  it("counts the block itself as the first confirmation", () => {
    expect(isConfirmed(100n, 100n, 1)).toBe(true);
    expect(isConfirmed(100n, 100n, 2)).toBe(false);
    expect(isConfirmed(100n, 101n, 2)).toBe(true);
    expect(isConfirmed(100n, 110n, 12)).toBe(false);
    expect(isConfirmed(100n, 111n, 12)).toBe(true);
    expect(confirmedHead(111n, 12)).toBe(100n);
    expect(confirmedHead(5n, 12)).toBe(-6n);
  });

  it("reads CONFIRMATIONS_<chainId> and lists every bad variable in one error", () => {
    expect(
      confirmationsFromEnv({
        CONFIRMATIONS_1: "64",
        CONFIRMATIONS_31337: " 3 ",
        CONFIRMATIONS_56: "",
        PATH: "x",
      }),
    ).toEqual({ 1: 64, 31337: 3 });
    let thrown: unknown;
    try {
      confirmationsFromEnv({
        CONFIRMATIONS_1: "0",
        CONFIRMATIONS_56: "1.5",
        CONFIRMATIONS_97: "10001",
        CONFIRMATIONS_0: "3",
        CONFIRMATIONS_137: "200",
      });
      expect.unreachable("bad settings must be refused");
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(InvalidConfirmationsError);
    expect((thrown as InvalidConfirmationsError).problems.map((problem) => problem.split(":")[0])).toEqual([
      "CONFIRMATIONS_0",
      "CONFIRMATIONS_1",
      "CONFIRMATIONS_56",
      "CONFIRMATIONS_97",
    ]);
  });
});

describe("checkRpcUrlsFromEnv", () => {
  it("reads RPC_CHECK_URL_<chainId>, apart from RPC_URL_<chainId>", () => {
    const env = {
      RPC_URL_1: "https://one.example.com",
      RPC_CHECK_URL_1: "https://other-provider.example.com",
      RPC_CHECK_URL_56: "",
    };
    expect(checkRpcUrlsFromEnv(env)).toEqual({ 1: "https://other-provider.example.com" });
    expect(rpcUrlsFromEnv(env)).toEqual({ 1: "https://one.example.com" });
    expect(() => checkRpcUrlsFromEnv({ RPC_CHECK_URL_1: "ftp://x" })).toThrow(InvalidRpcUrlsError);
  });
});
