import { timingSafeEqual } from "node:crypto";

/** Constant-time string equality, for secrets (tokens, client secrets, hashes). */
export function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
