import type { PublicClient } from "viem";

type FakeBlock = { hash: `0x${string}`; parentHash: `0x${string}` };

/** A block source the test steers: its head, its blocks, and whether it answers at all. */
export class FakeChain {
  head = 100n;
  down = false;
  blocks = new Map<bigint, FakeBlock>();
  calls = 0;
  /**
   * Runs after every head read (`getBlockNumber`) before it answers, with the head it answers: a test mines
   * here to have a block appear in the middle of whatever read the head (a draw's commitment, say).
   */
  onHeadRead: ((head: bigint) => void) | undefined;

  hashOf(number: bigint, fork = 0): `0x${string}` {
    return `0x${(number * 1000n + BigInt(fork)).toString(16).padStart(64, "0")}`;
  }

  mine(to: bigint, fork = 0) {
    for (let number = this.head + 1n; number <= to; number++) {
      this.blocks.set(number, {
        hash: this.hashOf(number, fork),
        parentHash: this.hashOf(number - 1n, fork),
      });
    }
    this.head = to;
  }

  client(): PublicClient {
    const check = () => {
      this.calls += 1;
      if (this.down) throw new Error("connection refused");
    };
    return {
      getBlockNumber: async () => {
        check();
        const head = this.head;
        this.onHeadRead?.(head);
        return head;
      },
      getBlock: async ({ blockNumber }: { blockNumber: bigint }) => {
        check();
        const block = this.blocks.get(blockNumber);
        if (!block) throw new Error("block not found");
        return block;
      },
    } as unknown as PublicClient;
  }
}
