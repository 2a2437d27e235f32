// How deep a block must be before Dropfair counts what happened in it, per chain. A count includes the block
// itself: 1 confirmation is "mined", 12 is "mined and 11 blocks built on it". The registry holds each chain's
// default (docs/security.md explains the choices); `CONFIRMATIONS_<chainId>` overrides it.
import { getChain } from "./registry.ts";

/** For a chain the registry does not know: what Ethereum needs. */
export const fallbackConfirmations = 12;
/** The most a setting may ask for (a day of Ethereum blocks is about 7,200). */
export const maxConfirmations = 10_000;

export class InvalidConfirmationsError extends Error {
  override readonly name = "InvalidConfirmationsError";
  constructor(readonly problems: string[]) {
    super(`invalid confirmations:\n${problems.map((problem) => `  - ${problem}`).join("\n")}`);
  }
}

/** The registry's confirmations for a chain, or the fallback for an unknown one. */
export function defaultConfirmations(chainId: number): number {
  return getChain(chainId)?.confirmations ?? fallbackConfirmations;
}

/** The confirmations a chain needs here: the configured override, else the registry's default. */
export function confirmationsFor(chainId: number, overrides: Readonly<Record<number, number>> = {}): number {
  return overrides[chainId] ?? defaultConfirmations(chainId);
}

/** Whether a block has at least `confirmations` at this head (the block itself counts as one). */
export function isConfirmed(blockNumber: bigint, head: bigint, confirmations: number): boolean {
  return head - blockNumber + 1n >= BigInt(confirmations);
}

/** The newest block that has `confirmations` at this head (below 0 while the chain is younger than that). */
export function confirmedHead(head: bigint, confirmations: number): bigint {
  return head - BigInt(confirmations) + 1n;
}

const confirmationsVariable = /^CONFIRMATIONS_(\d+)$/;

/** Reads `CONFIRMATIONS_<chainId>` variables (empty ones count as unset); throws one error listing every bad one. */
export function confirmationsFromEnv(env: Record<string, string | undefined>): Record<number, number> {
  const overrides: Record<number, number> = {};
  const problems: string[] = [];
  for (const [name, value] of Object.entries(env)) {
    const match = confirmationsVariable.exec(name);
    if (!match || value === undefined || value.trim() === "") continue;
    const chainId = Number(match[1]);
    const count = Number(value.trim());
    if (!Number.isSafeInteger(chainId) || chainId <= 0) {
      problems.push(`${name}: ${match[1]} is not a valid chain id`);
    } else if (!/^\d+$/.test(value.trim()) || count < 1 || count > maxConfirmations) {
      problems.push(`${name}: "${value}" is not a whole number from 1 to ${maxConfirmations}`);
    } else {
      overrides[chainId] = count;
    }
  }
  if (problems.length > 0) throw new InvalidConfirmationsError(problems.sort());
  return overrides;
}
