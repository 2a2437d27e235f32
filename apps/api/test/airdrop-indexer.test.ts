import pino from "pino";
import { describe, expect, it } from "vitest";
import { runAirdropIndexer } from "../src/modules/airdrop/index.ts";

const logger = pino({ level: "silent" });

describe("the airdrop indexer run", () => {
  it("reads each chain until caught up, and a chain whose RPC fails does not hold the others back", async () => {
    const calls: number[] = [];
    let head = 0n;
    const service = {
      indexChain: async (chainId: number) => {
        calls.push(chainId);
        if (chainId === 56) throw new Error("RPC down");
        // Two passes of 2,000 blocks, then caught up at block 3,500.
        const fromBlock = head;
        head = head + 2_000n > 3_500n ? 3_500n : head + 2_000n;
        return { fromBlock, toBlock: head, applied: 1 };
      },
    };
    const outcome = await runAirdropIndexer(service, [56, 31337], logger);
    expect(outcome[56]).toEqual({ error: "RPC down" });
    expect(outcome[31337]).toEqual({ toBlock: "3500", applied: 3 });
    expect(calls).toEqual([56, 31337, 31337, 31337]);
  });
});
