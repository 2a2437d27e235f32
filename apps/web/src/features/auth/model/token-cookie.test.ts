import { describe, expect, it } from "vitest";
import {
  clearTokenCookie,
  isReusableToken,
  isTokenCookieLive,
  parseTokenCookie,
  readTokenCookie,
  tokenCookieMaxAgeSeconds,
  tokenCookieName,
  writeTokenCookie,
} from "./token-cookie";

const now = Date.UTC(2026, 0, 1);
const inAnHour = Math.floor(now / 1000) + 3600;
const address = "0x52908400098527886E0F7030069857D2E4169EE7";

describe("token cookie: name, lifetime, value, expiry and reuse", () => {
  it("is named after the lowercase project and lives 365 days", () => {
    expect(tokenCookieName("Dropfair")).toBe("dropfair_token");
    expect(tokenCookieName("Lagerstroemia")).toBe("lagerstroemia_token");
    expect(tokenCookieMaxAgeSeconds).toBe(31_536_000);
  });

  it("stores address, the uppercase project, token and expireTime as JSON", () => {
    writeTokenCookie("Dropfair", { address, token: "t-1", expireTime: inAnHour });
    const raw = document.cookie.split("; ").find((part) => part.startsWith("dropfair_token="));
    expect(raw).toBeDefined();
    expect(JSON.parse(decodeURIComponent(raw!.slice("dropfair_token=".length)))).toEqual({
      address,
      project: "DROPFAIR",
      token: "t-1",
      expireTime: inAnHour,
    });
    expect(readTokenCookie("Dropfair")).toEqual({
      address,
      project: "DROPFAIR",
      token: "t-1",
      expireTime: inAnHour,
    });
    clearTokenCookie("Dropfair");
    expect(readTokenCookie("Dropfair")).toBeUndefined();
  });

  it("rejects malformed values", () => {
    expect(parseTokenCookie(undefined)).toBeUndefined();
    expect(parseTokenCookie("not json")).toBeUndefined();
    expect(parseTokenCookie("null")).toBeUndefined();
    expect(parseTokenCookie(JSON.stringify({ address, project: "X" }))).toBeUndefined();
    expect(parseTokenCookie(JSON.stringify({ address, project: "X", token: "" }))).toBeUndefined();
  });

  it("treats a missing or past expiry as absent", () => {
    const base = { address, project: "DROPFAIR", token: "t" };
    expect(isTokenCookieLive(base, now)).toBe(false);
    expect(isTokenCookieLive({ ...base, expireTime: inAnHour }, now)).toBe(true);
    expect(isTokenCookieLive({ ...base, expireTime: Math.floor(now / 1000) }, now)).toBe(false);
    // Millisecond values are understood too.
    expect(isTokenCookieLive({ ...base, expireTime: now + 60_000 }, now)).toBe(true);
  });

  it("reuses a token only for the same project and address, case-insensitively", () => {
    const cookie = { address, project: "DROPFAIR", token: "t", expireTime: inAnHour };
    expect(isReusableToken(cookie, { project: "Dropfair", address: address.toLowerCase() }, now)).toBe(true);
    expect(
      isReusableToken(
        cookie,
        { project: "dropfair", address: address.toUpperCase().replace("0X", "0x") },
        now,
      ),
    ).toBe(true);
    expect(isReusableToken(cookie, { project: "Other", address }, now)).toBe(false);
    expect(
      isReusableToken(
        cookie,
        { project: "Dropfair", address: "0x0000000000000000000000000000000000000001" },
        now,
      ),
    ).toBe(false);
    expect(isReusableToken({ ...cookie, expireTime: undefined }, { project: "Dropfair", address }, now)).toBe(
      false,
    );
    expect(isReusableToken(undefined, { project: "Dropfair", address }, now)).toBe(false);
    // Without an address (start-up), project and expiry decide.
    expect(isReusableToken(cookie, { project: "Dropfair" }, now)).toBe(true);
  });
});
