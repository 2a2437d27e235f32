// The follow graph of the in-memory accounts: popularity-weighted follows, entrants following the hosts.
import { mix, Rng, streams, unit } from "../prng.ts";
import { type NamedUserKey, namedFollows, namedSlots } from "./fixtures.ts";
import type { UserBase } from "./types.ts";
import { lowerBound } from "./util.ts";

/** What the graph needs of the world being built. */
export type GraphWorld = {
  seedHash: number;
  accountCount: number;
  base(index: number): UserBase;
  named(key: NamedUserKey): number;
};

/** Sorted followees of each account, and followers newest account first. */
export type FollowGraph = { following: Int32Array[]; followers: Int32Array[] };

export function buildGraph(world: GraphWorld, entrants: Set<number>): FollowGraph {
  const rng = new Rng(mix(world.seedHash, streams.graph));
  const count = world.accountCount;
  const cumulative = new Float64Array(count);
  let total = 0;
  for (let index = 0; index < count; index++) {
    total += index < namedSlots ? 0 : world.base(index).popularity;
    cumulative[index] = total;
  }
  const outgoing: Set<number>[] = [];
  for (let index = 0; index < count; index++) outgoing.push(new Set());
  const follow = (from: number, to: number) => {
    if (from !== to) outgoing[from]?.add(to);
  };

  const host = world.named("host");
  const partner = world.named("partner");
  const benchHost = world.named("benchHost");
  for (let index = namedSlots; index < count; index++) {
    const base = world.base(index);
    const wanted = Math.min(base.graphOut, count - namedSlots - 1);
    for (let attempt = 0; outgoing[index]!.size < wanted && attempt < wanted * 4; attempt++) {
      follow(index, lowerBound(cumulative, rng.next() * total));
    }
    const entrant = entrants.has(index);
    if (rng.chance(entrant ? 0.7 : 0.06)) follow(index, host);
    if (rng.chance(entrant ? 0.5 : 0.03)) follow(index, partner);
    if (unit(world.seedHash, streams.regularFollowBench, index) < 0.03) follow(index, benchHost);
  }
  for (const [from, targets] of namedFollows) {
    for (const to of targets) follow(world.named(from), world.named(to));
  }
  for (let index = namedSlots; index < count && outgoing[host]!.size < 60; index += 37) {
    if (world.base(index).status === "active") follow(host, index);
  }

  const followerCounts = new Int32Array(count);
  const following = outgoing.map((targets) => {
    const sorted = Int32Array.from(targets).sort();
    for (const target of sorted) followerCounts[target] = (followerCounts[target] ?? 0) + 1;
    return sorted;
  });
  const followers = Array.from({ length: count }, (_, index) => new Int32Array(followerCounts[index] ?? 0));
  const filled = new Int32Array(count);
  // Newest accounts first: a plausible stand-in for "most recent followers first".
  for (let from = count - 1; from >= 0; from--) {
    for (const to of following[from] ?? []) {
      const list = followers[to] as Int32Array;
      list[filled[to] as number] = from;
      filled[to] = (filled[to] ?? 0) + 1;
    }
  }
  return { following, followers };
}
