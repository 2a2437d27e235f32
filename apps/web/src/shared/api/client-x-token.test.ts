// The X session token on the wire (`X-Twitter-Token`, or the bearer when no wallet is signed in) and what a
// 401 ends (the X sign-in alone, or the wallet session as well).
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { apiEvents } from "./api-events";
import { apiRequest, configureApiClient } from "./client";
import { ApiError } from "./errors";

function respond(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
}

const fetchMock = vi.fn<typeof fetch>();
const headersOf = (call: number) =>
  (fetchMock.mock.calls[call]?.[1]?.headers ?? {}) as Record<string, string>;
let userToken: string | undefined;
let twitterToken: string | undefined;
const expired = vi.fn();
let offExpired: () => void;

beforeEach(() => {
  fetchMock.mockReset();
  expired.mockReset();
  vi.stubGlobal("fetch", fetchMock);
  userToken = undefined;
  twitterToken = undefined;
  configureApiClient({
    acceptLanguage: () => "en-us",
    userToken: () => userToken,
    twitterToken: () => twitterToken,
    message: (key) => `msg:${key}`,
  });
  offExpired = apiEvents.on("sessionExpired", expired);
});

afterEach(() => {
  offExpired();
  vi.unstubAllGlobals();
});

const success = () => respond(200, { content: null, typeCode: 1, message: "success" });
const unauthorized = () =>
  respond(401, { content: null, typeCode: 420, message: "Your token is expired, please re-login." });
const xSignInRequired = () =>
  respond(401, { content: null, typeCode: 421, message: "Please sign in with X first." });

describe("the X token on requests", () => {
  it("goes in X-Twitter-Token on both APIs, next to the wallet bearer", async () => {
    userToken = "wallet-token";
    twitterToken = "xs_token";
    fetchMock.mockImplementation(async () => success());
    await apiRequest("/a", z.null(), { base: "bounty" });
    await apiRequest("/b", z.null(), { base: "reg" });
    for (const call of [0, 1]) {
      expect(headersOf(call)["X-Twitter-Token"]).toBe("xs_token");
      expect(headersOf(call).Authorization).toBe("Bearer wallet-token");
    }
  });

  it("is the bounty API's bearer when no wallet is signed in, never the registration API's", async () => {
    twitterToken = "xs_token";
    fetchMock.mockImplementation(async () => success());
    await apiRequest("/a", z.null(), { base: "bounty" });
    await apiRequest("/b", z.null(), { base: "reg" });
    expect(headersOf(0).Authorization).toBe("Bearer xs_token");
    expect(headersOf(1).Authorization).toBeUndefined();
    expect(headersOf(1)["X-Twitter-Token"]).toBe("xs_token");
  });

  it("stays off anonymous calls and when there is no X sign-in", async () => {
    twitterToken = "xs_token";
    fetchMock.mockImplementation(async () => success());
    await apiRequest("/sign-in", z.null(), { base: "reg", anonymous: true });
    twitterToken = undefined;
    await apiRequest("/b", z.null(), { base: "bounty" });
    expect(headersOf(0)["X-Twitter-Token"]).toBeUndefined();
    expect(headersOf(1)["X-Twitter-Token"]).toBeUndefined();
  });
});

describe("what a 401 ends: the X sign-in alone, or the wallet session too", () => {
  it("a 401 to a wallet session ends it all (and the shell clears the X sign-in too)", async () => {
    userToken = "wallet-token";
    twitterToken = "xs_token";
    fetchMock.mockResolvedValueOnce(unauthorized());
    const error = await apiRequest("/a", z.null()).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).kind).toBe("global");
    expect(expired).toHaveBeenCalledWith({ reason: "unauthorized" });
  });

  it("'sign in with X first' with an X token sent ends the X sign-in only", async () => {
    userToken = "wallet-token";
    twitterToken = "xs_token";
    fetchMock.mockResolvedValueOnce(xSignInRequired());
    await expect(apiRequest("/a", z.null())).rejects.toMatchObject({ kind: "global", status: 401 });
    expect(expired).toHaveBeenCalledWith({ reason: "unauthorized", scope: "x" });
  });

  it("a 401 to a request that carried only the X token ends the X sign-in only", async () => {
    twitterToken = "xs_token";
    fetchMock.mockResolvedValueOnce(unauthorized());
    await expect(apiRequest("/a", z.null(), { base: "reg" })).rejects.toMatchObject({ kind: "global" });
    expect(expired).toHaveBeenCalledWith({ reason: "unauthorized", scope: "x" });
  });

  it("'sign in with X first' without an X sign-in is the caller's to handle: nothing ends", async () => {
    userToken = "wallet-token";
    fetchMock.mockResolvedValueOnce(xSignInRequired());
    await expect(
      apiRequest("/a", z.string(), { onCode: { 421: (envelope) => `handled: ${envelope.message}` } }),
    ).resolves.toBe("handled: Please sign in with X first.");
    fetchMock.mockResolvedValueOnce(xSignInRequired());
    await expect(apiRequest("/a", z.null())).rejects.toMatchObject({
      kind: "code",
      typeCode: 421,
      message: "code421: Please sign in with X first.",
    });
    expect(expired).not.toHaveBeenCalled();
  });
});
