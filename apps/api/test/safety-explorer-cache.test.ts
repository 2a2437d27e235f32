// The explorer look-ups' cache: an answer is reused for its time to live, at most `maxEntries` are kept (the oldest
// go first), and a failure is never kept.
import type { ContractExplorer } from "@dropfair/chain/contract-check";
import { describe, expect, it } from "vitest";
import { createExplorerLookups } from "../src/modules/safety/index.ts";

const address = (n: number) => `0x${n.toString(16).padStart(40, "0")}` as const;

function countingExplorer(answers: { down: boolean }) {
  const asked: string[] = [];
  const explorer: ContractExplorer = {
    source: async (_chainId, contract) => {
      asked.push(contract);
      return answers.down ? undefined : { verified: true };
    },
    topHolders: async () => [5n, 3n],
  };
  return { explorer, asked };
}

describe("the explorer look-ups' cache", () => {
  it("reuses an answer until its time to live is over", async () => {
    const clock = { now: 0 };
    const { explorer, asked } = countingExplorer({ down: false });
    const lookups = createExplorerLookups(explorer, { ttlMs: 1_000, now: () => clock.now });
    await lookups.source(1, address(1));
    clock.now = 999;
    await lookups.source(1, address(1));
    expect(asked).toHaveLength(1);
    clock.now = 1_000;
    await lookups.source(1, address(1));
    expect(asked).toHaveLength(2);
  });

  it("keeps at most maxEntries answers, dropping the oldest", async () => {
    const { explorer, asked } = countingExplorer({ down: false });
    const lookups = createExplorerLookups(explorer, { maxEntries: 2 });
    for (const n of [1, 2, 3]) await lookups.source(1, address(n));
    await lookups.source(1, address(3));
    await lookups.source(1, address(2));
    expect(asked).toEqual([address(1), address(2), address(3)]);
    await lookups.source(1, address(1));
    expect(asked).toHaveLength(4);
  });

  it("never keeps a failure: the next call asks again", async () => {
    const answers = { down: true };
    const { explorer, asked } = countingExplorer(answers);
    const lookups = createExplorerLookups(explorer);
    try {
      await lookups.source(1, address(7));
      expect.unreachable("an explorer that could not say must fail the look-up");
    } catch (error) {
      expect(error).toMatchObject({ typeCode: 691, statusCode: 502 });
    }
    answers.down = false;
    expect(await lookups.source(1, address(7))).toEqual({ verified: true, abi: null });
    expect(asked).toEqual([address(7), address(7)]);
  });

  it("refuses when no explorer is configured (690)", async () => {
    const lookups = createExplorerLookups(undefined);
    expect(lookups.configured).toBe(false);
    await expect(lookups.holders(1, address(1), 10)).rejects.toMatchObject({
      typeCode: 690,
      statusCode: 404,
    });
  });
});
