import { describe, expect, it } from "vitest";
import { readParentCode, rememberParentCode } from "./parent-code";
import { canLogin, hasLogin, initialSessionState, type SessionState } from "./session-store";

const state = (patch: Partial<SessionState>): SessionState => ({ ...initialSessionState, ...patch });

describe("login state rules", () => {
  it("is logged in once a token exists", () => {
    expect(hasLogin(state({}))).toBe(false);
    expect(hasLogin(state({ userAddress: "0x1" }))).toBe(false);
    expect(hasLogin(state({ userAddress: "0x1", userToken: "t" }))).toBe(true);
  });

  it("disables login while connecting or while any login-prepare flag is false", () => {
    expect(canLogin(state({}))).toBe(false);
    expect(canLogin(state({ loginPrepares: { config: true } }))).toBe(true);
    expect(canLogin(state({ loginPrepares: { config: true, restore: false } }))).toBe(false);
    expect(canLogin(state({ loginPrepares: { config: true }, isConnecting: true }))).toBe(false);
    expect(canLogin(state({ loginPrepares: {} }))).toBe(true);
  });

  it("starts the social bound flags undefined", () => {
    expect(initialSessionState.twitterBound).toBeUndefined();
    expect(initialSessionState.discordBound).toBeUndefined();
    expect(initialSessionState.telegramBound).toBeUndefined();
  });
});

describe("referral parent code from achievement and partner URLs", () => {
  it("keeps accepted codes and ignores reserved or empty ones", () => {
    expect(readParentCode()).toBeUndefined();
    expect(rememberParentCode("alice")).toBe("alice");
    expect(readParentCode()).toBe("alice");
    expect(rememberParentCode("referral")).toBeUndefined();
    expect(rememberParentCode("achievement")).toBeUndefined();
    expect(rememberParentCode("collection")).toBeUndefined();
    expect(rememberParentCode("")).toBeUndefined();
    expect(readParentCode()).toBe("alice");
  });
});
