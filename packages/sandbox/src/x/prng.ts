// Small, seedable and fast randomness for the synthetic world. Nothing here touches Math.random:
// the same seed always gives the same accounts, posts and graphs.

/** murmur3's finaliser: a good 32-bit avalanche. */
export function fmix32(input: number): number {
  let h = input >>> 0;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** FNV-1a over the UTF-16 code units, finished with fmix32. */
export function hashString(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return fmix32(h);
}

/** Combines any number of 32-bit values into one well-mixed 32-bit hash. */
export function mix(...values: number[]): number {
  let h = 0x9e3779b9;
  for (const value of values) {
    h = fmix32((h ^ fmix32((value | 0) + 0x7f4a7c15)) + Math.imul(h, 0x2545f491));
  }
  return h >>> 0;
}

/** A uniform number in [0, 1) that depends only on its inputs (for lazy, per-index decisions). */
export function unit(...values: number[]): number {
  return mix(...values) / 4294967296;
}

/** mulberry32: a tiny sequential generator with good statistical quality for this purpose. */
export class Rng {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  next(): number {
    this.state = (this.state + 0x6d2b79f5) | 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** An integer in [min, max], both inclusive. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    const item = items[Math.floor(this.next() * items.length)];
    if (item === undefined) throw new Error("pick from an empty list");
    return item;
  }

  /** Fisher–Yates, in place. */
  shuffle<T>(items: T[]): T[] {
    for (let i = items.length - 1; i > 0; i--) {
      const j = Math.floor(this.next() * (i + 1));
      const swap = items[i] as T;
      items[i] = items[j] as T;
      items[j] = swap;
    }
    return items;
  }

  /** A 32-bit value, for deriving child generators. */
  uint32(): number {
    return Math.floor(this.next() * 4294967296) >>> 0;
  }
}

/** Stream tags keep the independent random sequences of the world apart. */
export const streams = {
  user: 1,
  status: 2,
  graph: 3,
  posts: 4,
  benchLike: 5,
  benchReply: 6,
  benchQuote: 7,
  benchFollow: 8,
  benchReplyAge: 9,
  benchQuoteAge: 10,
  tokens: 11,
  regularFollowBench: 12,
} as const;
