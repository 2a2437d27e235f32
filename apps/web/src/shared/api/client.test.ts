import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { apiEvents } from "./api-events";
import { apiRequest, configureApiClient, filenameFromContentDisposition } from "./client";
import { ApiError, NotFoundError } from "./errors";

function respond(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
}

const fetchMock = vi.fn<typeof fetch>();
const headersOf = (call: number) =>
  (fetchMock.mock.calls[call]?.[1]?.headers ?? {}) as Record<string, string>;
let userToken: string | undefined;

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal("fetch", fetchMock);
  userToken = undefined;
  configureApiClient({
    acceptLanguage: () => "zh-cn",
    userToken: () => userToken,
    twitterToken: () => "x-token",
    message: (key) => `msg:${key}`,
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("apiRequest", () => {
  it("returns parsed content for typeCode 1 and sends language and bearer headers", async () => {
    userToken = "user-token";
    fetchMock.mockResolvedValueOnce(respond(200, { content: { n: 1 }, typeCode: 1, message: "ok" }));
    await expect(
      apiRequest("/thing", z.object({ n: z.number() }), { base: "reg", query: { a: 1, b: undefined } }),
    ).resolves.toEqual({
      n: 1,
    });
    expect(fetchMock.mock.calls[0]?.[0]).toBe("/api/reg/thing?a=1");
    const headers = headersOf(0);
    expect(headers["Accept-Language"]).toBe("zh-cn");
    expect(headers.Authorization).toBe("Bearer user-token");
  });

  it("falls back to the X token on the bounty API only", async () => {
    fetchMock.mockImplementation(async () => respond(200, { content: null, typeCode: 1, message: "" }));
    await apiRequest("/a", z.null(), { base: "bounty" });
    await apiRequest("/b", z.null(), { base: "reg" });
    expect(headersOf(0).Authorization).toBe("Bearer x-token");
    expect(headersOf(1).Authorization).toBeUndefined();
  });

  it("sends a raw body as it is, with its own content type", async () => {
    fetchMock.mockResolvedValueOnce(respond(200, { content: null, typeCode: 1, message: "" }));
    await apiRequest("/list", z.null(), {
      method: "PUT",
      rawBody: { data: "0xabc\n0xdef,2", contentType: "text/plain; charset=utf-8" },
    });
    expect(fetchMock.mock.calls[0]?.[1]?.body).toBe("0xabc\n0xdef,2");
    expect(headersOf(0)["Content-Type"]).toBe("text/plain; charset=utf-8");
  });

  it("accepts a lazily loaded schema", async () => {
    fetchMock.mockResolvedValueOnce(respond(200, { content: "hi", typeCode: 1, message: "" }));
    await expect(apiRequest("/lazy", async () => z.string())).resolves.toBe("hi");
  });

  it("throws NotFoundError for typeCode 10 unless handled", async () => {
    fetchMock.mockResolvedValueOnce(respond(404, { content: null, typeCode: 10, message: "missing" }));
    await expect(apiRequest("/x", z.null())).rejects.toBeInstanceOf(NotFoundError);
    fetchMock.mockResolvedValueOnce(respond(404, { content: null, typeCode: 10, message: "missing" }));
    await expect(apiRequest("/x", z.string(), { onCode: { 10: () => "fallback" } })).resolves.toBe(
      "fallback",
    );
  });

  it("sends other codes to the per-code handler, then the default handler, else throws code{N}: {message}", async () => {
    const envelope = { content: null, typeCode: 174, message: "Usage limit" };
    fetchMock.mockResolvedValueOnce(respond(422, envelope));
    await expect(
      apiRequest("/x", z.string(), { onCode: { 174: (e) => `handled ${e.typeCode}` } }),
    ).resolves.toBe("handled 174");
    fetchMock.mockResolvedValueOnce(respond(422, envelope));
    await expect(apiRequest("/x", z.string(), { onOtherCode: () => "default" })).resolves.toBe("default");
    fetchMock.mockResolvedValueOnce(respond(422, envelope));
    await expect(apiRequest("/x", z.string())).rejects.toThrow("code174: Usage limit");
  });

  it("reports a 401 on a bearer request as an expired session", async () => {
    userToken = "stale";
    const expired = vi.fn();
    const off = apiEvents.on("sessionExpired", expired);
    fetchMock.mockResolvedValueOnce(respond(401, { content: null, typeCode: 420, message: "Unauthorized" }));
    const error = await apiRequest("/me", z.null(), { base: "reg" }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).kind).toBe("global");
    expect((error as ApiError).message).toBe("msg:api.token");
    expect(expired).toHaveBeenCalledWith({ reason: "unauthorized" });
    off();
  });

  it("does not treat a 401 of an anonymous call (e.g. a bad signature) as an expired session", async () => {
    const expired = vi.fn();
    const off = apiEvents.on("sessionExpired", expired);
    fetchMock.mockResolvedValueOnce(respond(401, { content: null, typeCode: 415, message: "Bad signature" }));
    await expect(apiRequest("/login", z.null(), { base: "reg", anonymous: true })).rejects.toThrow(
      "code415: Bad signature",
    );
    expect(expired).not.toHaveBeenCalled();
    off();
  });

  it("opens the beta dialog on 403", async () => {
    const forbidden = vi.fn();
    const off = apiEvents.on("forbidden", forbidden);
    fetchMock.mockResolvedValueOnce(respond(403, { content: null, typeCode: 430, message: "Beta only" }));
    await expect(apiRequest("/beta", z.null())).rejects.toMatchObject({ kind: "forbidden", status: 403 });
    expect(forbidden).toHaveBeenCalledWith({ path: "/beta" });
    off();
  });

  it("lets a caller's typeCode handler answer a 403 without the beta dialog", async () => {
    const forbidden = vi.fn();
    const off = apiEvents.on("forbidden", forbidden);
    fetchMock.mockResolvedValueOnce(
      respond(403, { content: null, typeCode: 430, message: "You are not owner" }),
    );
    await expect(
      apiRequest("/owner-only", z.null(), { onCode: { 430: (envelope) => envelope.message } }),
    ).resolves.toBe("You are not owner");
    expect(forbidden).not.toHaveBeenCalled();
    off();
  });

  it("turns a timeout into the global session-expired path with the timeout message", async () => {
    const expired = vi.fn();
    const off = apiEvents.on("sessionExpired", expired);
    fetchMock.mockImplementationOnce(
      (_url, init) =>
        new Promise((_resolve, reject) => {
          init?.signal?.addEventListener("abort", () =>
            reject(new DOMException("timed out", "TimeoutError")),
          );
        }),
    );
    await expect(apiRequest("/slow", z.null(), { timeoutMs: 20 })).rejects.toMatchObject({
      kind: "global",
      message: "msg:api.timeout",
    });
    expect(expired).toHaveBeenCalledWith({ reason: "timeout" });
    off();
  });

  it("reports a non-envelope 5xx as a service error", async () => {
    fetchMock.mockResolvedValueOnce(
      new Response("<html>", { status: 502, headers: { "content-type": "text/html" } }),
    );
    await expect(apiRequest("/x", z.null())).rejects.toMatchObject({
      kind: "service",
      message: "msg:api.service",
    });
  });

  it("rejects content that does not match the schema", async () => {
    fetchMock.mockResolvedValueOnce(respond(200, { content: { n: "one" }, typeCode: 1, message: "" }));
    await expect(apiRequest("/x", z.object({ n: z.number() }))).rejects.toMatchObject({ kind: "service" });
  });
});

describe("download file names", () => {
  it("reads the name from content-disposition", () => {
    expect(filenameFromContentDisposition('attachment; filename="winners.csv"')).toBe("winners.csv");
    expect(filenameFromContentDisposition("attachment; filename=list.csv")).toBe("list.csv");
    expect(filenameFromContentDisposition("attachment; filename*=UTF-8''%E5%90%8D%E5%8D%95.csv")).toBe(
      "名单.csv",
    );
    expect(filenameFromContentDisposition(null)).toBeUndefined();
    expect(filenameFromContentDisposition("inline")).toBeUndefined();
  });
});
