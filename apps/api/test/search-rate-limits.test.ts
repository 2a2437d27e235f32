// Search bursts are limited (T11 in docs/security.md): finding a picker by seed or reference and searching a
// picker's or an airdrop's participants share one count per client IP (SEARCH_RATE_LIMIT_PER_MINUTE); past it,
// 429 with the envelope and Retry-After. Reading a list without a search is not a search. (The news search has
// its own limit: news-drops.test.ts.)
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, type TestContext } from "./helper.ts";

let context: TestContext;
beforeAll(async () => {
  context = await buildTestApp({ environment: { SEARCH_RATE_LIMIT_PER_MINUTE: "4" } });
});
afterAll(async () => {
  await context?.close();
});

const searches = {
  seed: "/api/bounty/picker/seed/no-such-seed",
  resolve: "/api/bounty/picker/resolve?q=no-such-picker",
  pickerParticipants: "/api/bounty/picker/987654/participants?q=alice",
  airdropParticipants: "/api/bounty/airdrop/987654/participants?search=0xabc",
};

async function get(url: string, client: string, language = "en-us") {
  const response = await context.app.inject({
    url,
    remoteAddress: client,
    headers: { "accept-language": language },
  });
  return { status: response.statusCode, headers: response.headers, body: response.json() };
}

describe("search rate limit (T11)", () => {
  it("counts every search route of a client in one budget, then answers 429 in the caller's language", async () => {
    const client = "203.0.113.10";
    const statuses: number[] = [];
    for (const url of [
      searches.seed,
      searches.resolve,
      searches.pickerParticipants,
      searches.airdropParticipants,
    ])
      statuses.push((await get(url, client)).status);
    // Nothing was found; each search still counted.
    expect(statuses).toEqual([404, 404, 404, 404]);

    for (const [url, language, message] of [
      [searches.seed, "en-us", "Too many requests. Please wait a moment and try again."],
      [searches.resolve, "zh-cn", "请求过于频繁，请稍后再试。"],
      [searches.pickerParticipants, "en-us", "Too many requests. Please wait a moment and try again."],
      [searches.airdropParticipants, "zh-cn", "请求过于频繁，请稍后再试。"],
    ] as const) {
      const refused = await get(url, client, language);
      expect(refused.status, url).toBe(429);
      expect(refused.body).toEqual({ content: null, typeCode: 450, message });
      expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    }

    // Another client has its own budget.
    expect((await get(searches.seed, "203.0.113.11")).status).toBe(404);
  });

  it("does not count reading a participant list without a search", async () => {
    const client = "203.0.113.20";
    const reads: number[] = [];
    for (let read = 0; read < 6; read += 1) {
      reads.push((await get("/api/bounty/picker/987654/participants?page=2", client)).status);
      reads.push((await get("/api/bounty/airdrop/987654/participants?page=2", client)).status);
    }
    expect(reads).toEqual(Array(12).fill(404));
    const bursts: number[] = [];
    for (let search = 0; search < 5; search += 1)
      bursts.push((await get(searches.pickerParticipants, client)).status);
    expect(bursts).toEqual([404, 404, 404, 404, 429]);
  });
});
