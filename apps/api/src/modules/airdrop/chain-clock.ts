// The chain's clock: the timestamp of its latest block, which is what the distributor contract compares an
// airdrop's times with. Read at most once a second per chain, and given up on quickly: a chain that does
// not answer leaves the server's clock to decide (with a margin, see onChainActionsOf).
import { onChainActionsOf } from "@dropfair/core/airdrop";
import type { AirdropDetail } from "@dropfair/schemas/airdrop";
import type { PublicClient } from "viem";
import type { Viewer } from "./access.ts";
import type { AirdropDependencies } from "./dependencies.ts";
import type { AirdropRow } from "./repository.ts";
import { defaultMarginSeconds, detailOf } from "./views.ts";

export type ChainClock = (chainId: number) => Promise<Date | null>;

export function createChainClock(
  chainClient: (chainId: number) => PublicClient | undefined,
  options: { cacheMs?: number; timeoutMs?: number } = {},
): ChainClock {
  const cacheMs = options.cacheMs ?? 1_000;
  const timeoutMs = options.timeoutMs ?? 1_500;
  const readings = new Map<number, { at: number; time: Promise<Date | null> }>();

  async function read(chainId: number): Promise<Date | null> {
    const client = chainClient(chainId);
    if (!client) return null;
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<null>((resolve) => {
      timer = setTimeout(() => resolve(null), timeoutMs);
    });
    try {
      const block = client
        .getBlock({ blockTag: "latest" })
        .then((latest) => new Date(Number(latest.timestamp) * 1000));
      return await Promise.race([block, timeout]);
    } catch {
      return null;
    } finally {
      clearTimeout(timer);
    }
  }

  return (chainId) => {
    const cached = readings.get(chainId);
    if (cached && Date.now() - cached.at < cacheMs) return cached.time;
    const time = read(chainId);
    readings.set(chainId, { at: Date.now(), time });
    // A failed reading is not kept: the next request tries again.
    void time.then((value) => {
      if (value === null) readings.delete(chainId);
    });
    return time;
  };
}

async function chainNowOf(dependencies: Pick<AirdropDependencies, "chainClock">, row: AirdropRow) {
  return row.chainId !== null && dependencies.chainClock ? dependencies.chainClock(row.chainId) : null;
}

/** The airdrop's detail as of now, with its chain's clock read (airdrops not yet on a chain go without). */
export async function currentDetail(
  dependencies: Pick<AirdropDependencies, "chainClock" | "chainClockMarginSeconds" | "now">,
  row: AirdropRow,
  viewer: Viewer,
): Promise<AirdropDetail> {
  return detailOf(row, viewer, dependencies.now(), {
    now: await chainNowOf(dependencies, row),
    marginSeconds: dependencies.chainClockMarginSeconds ?? defaultMarginSeconds,
  });
}

/** A released airdrop whose claim, sent now, would land inside its window on chain. */
export async function claimWouldLand(
  dependencies: Pick<AirdropDependencies, "chainClock" | "chainClockMarginSeconds" | "now">,
  row: AirdropRow,
): Promise<boolean> {
  if (!row.releasedAt) return false;
  const clocks = { serverNow: dependencies.now(), chainNow: await chainNowOf(dependencies, row) };
  return onChainActionsOf(row, clocks, dependencies.chainClockMarginSeconds ?? defaultMarginSeconds)
    .claimOpen;
}
