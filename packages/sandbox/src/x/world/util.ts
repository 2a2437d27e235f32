// Small helpers of the X world's generators: time units, random text pieces, sorted-array searches, metrics.
import type { Rng } from "../prng.ts";
import type { SandboxTweet, TweetPublicMetrics } from "./types.ts";

export const second = 1000;
export const minute = 60 * second;
export const hour = 60 * minute;
export const day = 24 * hour;

export function roundToSecond(ms: number): number {
  return Math.max(second, Math.round(ms / second) * second);
}

export function hex(rng: Rng, length: number): string {
  let out = "";
  for (let i = 0; i < length; i++) out += "0123456789abcdef"[rng.int(0, 15)];
  return out;
}

const base58 = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz";

export function walletText(rng: Rng): string {
  const roll = rng.next();
  if (roll < 0.65) return ` 0x${hex(rng, 40)}`;
  if (roll < 0.75) {
    let out = "";
    for (let i = 0; i < 44; i++) out += base58[rng.int(0, 57)];
    return ` ${out}`;
  }
  return "";
}

export function lowerBound(cumulative: Float64Array, value: number): number {
  let low = 0;
  let high = cumulative.length - 1;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((cumulative[middle] as number) < value) low = middle + 1;
    else high = middle;
  }
  return low;
}

export function binaryIncludes(sorted: Int32Array, value: number): boolean {
  let low = 0;
  let high = sorted.length - 1;
  while (low <= high) {
    const middle = (low + high) >>> 1;
    const item = sorted[middle] as number;
    if (item === value) return true;
    if (item < value) low = middle + 1;
    else high = middle - 1;
  }
  return false;
}

/** Newest first; equal times by id, so list order always matches id order. */
export function newestFirst(a: SandboxTweet, b: SandboxTweet): number {
  return a.ageMs - b.ageMs || (BigInt(b.id) > BigInt(a.id) ? 1 : -1);
}

export function gcd(a: number, b: number): number {
  let x = a;
  let y = b;
  while (y !== 0) [x, y] = [y, x % y];
  return x;
}

export function zeroMetrics(): TweetPublicMetrics {
  return {
    retweet_count: 0,
    reply_count: 0,
    like_count: 0,
    quote_count: 0,
    bookmark_count: 0,
    impression_count: 0,
  };
}

export function smallMetrics(rng: Rng): TweetPublicMetrics {
  const likes = Math.floor(Math.exp(rng.next() * 3)) - 1;
  return {
    retweet_count: Math.floor(likes / 4),
    reply_count: rng.int(0, 2),
    like_count: likes,
    quote_count: 0,
    bookmark_count: 0,
    impression_count: likes * 20 + rng.int(5, 80),
  };
}
