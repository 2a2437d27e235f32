import { describe, expect, it } from "vitest";
import { readCookie, writeCookie } from "../../../shared/lib/cookies";
import {
  clearXAuthCookie,
  liveXAuth,
  parseXAuthCookie,
  readXAuth,
  writeXAuthCookie,
  xAuthCookieMaxAgeSeconds,
  xAuthCookieName,
} from "./x-auth-cookie";
import { hasXLogin, initialXAuthState } from "./x-auth-store";

const now = Date.UTC(2026, 0, 1);
const inAnHour = Math.floor(now / 1000) + 3600;

describe("X auth cookie: name, lifetime, value and expiry", () => {
  it("is named after the lowercase project plus twitter_auth and lives 7 days", () => {
    expect(xAuthCookieName("Dropfair")).toBe("dropfairtwitter_auth");
    expect(xAuthCookieName("Lagerstroemia")).toBe("lagerstroemiatwitter_auth");
    expect(xAuthCookieMaxAgeSeconds).toBe(7 * 24 * 3600);
  });

  it("counts only with matching project, live expiry, account and token", () => {
    const cookie = { project: "DROPFAIR", expireAt: inAnHour, account: "42", token: "xs_t" };
    expect(liveXAuth(cookie, "Dropfair", now)).toEqual({ account: "42", token: "xs_t" });
    expect(liveXAuth(cookie, "Other", now)).toBeUndefined();
    expect(liveXAuth({ ...cookie, expireAt: undefined }, "Dropfair", now)).toBeUndefined();
    expect(liveXAuth({ ...cookie, expireAt: Math.floor(now / 1000) }, "Dropfair", now)).toBeUndefined();
    expect(liveXAuth({ ...cookie, expireAt: 1 }, "Dropfair", now)).toBeUndefined();
    expect(liveXAuth({ ...cookie, expireAt: Number.NaN }, "Dropfair", now)).toBeUndefined();
    expect(liveXAuth({ ...cookie, token: undefined }, "Dropfair", now)).toBeUndefined();
    expect(liveXAuth({ ...cookie, account: undefined }, "Dropfair", now)).toBeUndefined();
    expect(liveXAuth({ ...cookie, token: "" }, "Dropfair", now)).toBeUndefined();
    expect(liveXAuth(undefined, "Dropfair", now)).toBeUndefined();
  });

  it("reads 10-digit expiries as seconds and longer ones as milliseconds", () => {
    const cookie = { project: "Dropfair", account: "42", token: "xs_t" };
    expect(liveXAuth({ ...cookie, expireAt: now + 60_000 }, "Dropfair", now)).toBeDefined();
    expect(liveXAuth({ ...cookie, expireAt: now - 60_000 }, "Dropfair", now)).toBeUndefined();
  });

  it("ignores values that are not the cookie's JSON", () => {
    expect(parseXAuthCookie(undefined)).toBeUndefined();
    expect(parseXAuthCookie("not json")).toBeUndefined();
    expect(parseXAuthCookie("null")).toBeUndefined();
    expect(
      parseXAuthCookie(JSON.stringify({ expireAt: inAnHour, account: "1", token: "t" })),
    ).toBeUndefined();
    expect(parseXAuthCookie(JSON.stringify({ project: "Dropfair", expireAt: "soon", account: 1 }))).toEqual({
      project: "Dropfair",
    });
  });

  it("is written with the uppercase project and read back while live, then cleared", () => {
    const expireAt = Math.floor(Date.now() / 1000) + 7 * 24 * 3600;
    writeXAuthCookie("Dropfair", { expireAt, account: "1317903271326646276", token: "xs_abc" });
    expect(JSON.parse(readCookie("dropfairtwitter_auth") ?? "{}")).toEqual({
      project: "DROPFAIR",
      expireAt,
      account: "1317903271326646276",
      token: "xs_abc",
    });
    expect(readXAuth("Dropfair")).toEqual({ account: "1317903271326646276", token: "xs_abc" });
    expect(readXAuth("Other")).toBeUndefined();
    clearXAuthCookie("Dropfair");
    expect(readXAuth("Dropfair")).toBeUndefined();
  });

  it("treats a cookie past its expireAt as absent even while the browser still has it", () => {
    writeCookie(
      "dropfairtwitter_auth",
      JSON.stringify({
        project: "DROPFAIR",
        expireAt: Math.floor(Date.now() / 1000) - 5,
        account: "1",
        token: "t",
      }),
      { maxAgeSeconds: 60 },
    );
    expect(readXAuth("Dropfair")).toBeUndefined();
  });

  it("clears the as-configured spelling too", () => {
    writeCookie("Dropfairtwitter_auth", JSON.stringify({ project: "Dropfair" }), { maxAgeSeconds: 60 });
    clearXAuthCookie("Dropfair");
    expect(readCookie("Dropfairtwitter_auth")).toBeFalsy();
  });
});

describe("X login state", () => {
  it("is true only when both account and token exist", () => {
    expect(hasXLogin(initialXAuthState)).toBe(false);
    expect(hasXLogin({ ...initialXAuthState, twitterId: "1" })).toBe(false);
    expect(hasXLogin({ ...initialXAuthState, twitterToken: "xs_t" })).toBe(false);
    expect(hasXLogin({ ...initialXAuthState, twitterId: "1", twitterToken: "xs_t" })).toBe(true);
  });
});
