import { describe, expect, it } from "vitest";
import { halveBlockRange, isLogRangeLimitError, splitBlockRange } from "../src/safety/index.ts";

describe("splitBlockRange", () => {
  it("cuts an inclusive range into chunks, the last one shorter", () => {
    expect(splitBlockRange({ fromBlock: 0n, toBlock: 24n }, 10n)).toEqual([
      { fromBlock: 0n, toBlock: 9n },
      { fromBlock: 10n, toBlock: 19n },
      { fromBlock: 20n, toBlock: 24n },
    ]);
  });

  it("gives one chunk for a single block and none for an empty range", () => {
    expect(splitBlockRange({ fromBlock: 7n, toBlock: 7n }, 10n)).toEqual([{ fromBlock: 7n, toBlock: 7n }]);
    expect(splitBlockRange({ fromBlock: 8n, toBlock: 7n }, 10n)).toEqual([]);
  });

  it("refuses a chunk size of zero", () => {
    expect(() => splitBlockRange({ fromBlock: 0n, toBlock: 1n }, 0n)).toThrow(RangeError);
  });
});

describe("halveBlockRange", () => {
  it("splits into two halves that cover the range exactly", () => {
    expect(halveBlockRange({ fromBlock: 10n, toBlock: 21n })).toEqual([
      { fromBlock: 10n, toBlock: 15n },
      { fromBlock: 16n, toBlock: 21n },
    ]);
    expect(halveBlockRange({ fromBlock: 4n, toBlock: 5n })).toEqual([
      { fromBlock: 4n, toBlock: 4n },
      { fromBlock: 5n, toBlock: 5n },
    ]);
  });

  it("cannot split a single block", () => {
    expect(halveBlockRange({ fromBlock: 5n, toBlock: 5n })).toBeUndefined();
  });
});

describe("isLogRangeLimitError", () => {
  it.each([
    "query returned more than 10000 results",
    "Log response size exceeded. You can make eth_getLogs requests with up to a 2K block range",
    "query timeout exceeded",
    "block range is too large",
    "exceeds the maximum block range (5000)",
    "eth_getLogs is limited to a 1000 blocks range",
    "query must be smaller than size 10000",
  ])("asks to split on %s", (message) => {
    expect(isLogRangeLimitError(message)).toBe(true);
  });

  it("asks to split on code -32005 whatever the text", () => {
    expect(isLogRangeLimitError("something", -32005)).toBe(true);
  });

  it("does not mistake a down RPC or a bad request for a range limit", () => {
    expect(isLogRangeLimitError("fetch failed")).toBe(false);
    expect(isLogRangeLimitError("HTTP request failed. Status: 503")).toBe(false);
    expect(isLogRangeLimitError("invalid params", -32602)).toBe(false);
  });
});
