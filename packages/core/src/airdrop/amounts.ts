/**
 * An airdrop's amounts. A token reward is shared in one of two ways:
 * - `all`: every participant gets totalAmount × weight ÷ totalWeight, rounded down to a base unit; the deposit
 *   is what those shares add up to (at most the total, never more).
 * - `fcfs`: `shares` equal shares of totalAmount ÷ shares, rounded down; the first claimers take them.
 * An NFT reward is one token per claim; a Discord-role reward has no amount.
 * All amounts are bigint base units; totals arrive as the decimal string the creator typed.
 */
import { parseUnits } from "viem";

export type RewardType = "token" | "nft" | "discord_role";
export type ShareMode = "all" | "fcfs";

/** "12.5000" → "12.5", "3.0000" → "3": a numeric(40,4) column as the creator typed it. */
export function trimDecimal(value: string): string {
  return value.includes(".") ? value.replace(/\.?0+$/, "") : value;
}

/** The total the creator typed, in the token's base units. */
export function amountBaseOf(totalAmount: string, decimals: number): bigint {
  return parseUnits(trimDecimal(totalAmount), decimals);
}

/** One `all` participant's share: amountBase × weight ÷ totalWeight, rounded down. */
export function weightedShare(amountBase: bigint, weight: number, totalWeight: number): bigint {
  return (amountBase * BigInt(weight)) / BigInt(totalWeight);
}

/** `fcfs`: each share, and the deposit that pays all of them; null when a share would be 0. */
export function fcfsShares(
  amountBase: bigint,
  shares: number,
): { amountPerShare: bigint; requiredDeposit: bigint } | null {
  const amountPerShare = amountBase / BigInt(shares);
  if (amountPerShare === 0n) return null;
  return { amountPerShare, requiredDeposit: amountPerShare * BigInt(shares) };
}

/** What a prepared airdrop keeps of its reward (amounts in base units, as decimal strings). */
export type PreparedReward = {
  preparedAt: Date | null;
  rewardType: RewardType;
  mode: ShareMode;
  amountBase: string | null;
  amountPerShare: string | null;
  totalWeight: number;
};

/**
 * A participant's claim in base units once the reward is prepared: by weight (`all`), per share (`fcfs`),
 * or one NFT; null before preparing and for a Discord role.
 */
export function amountOf(reward: PreparedReward, weight: number): bigint | null {
  if (!reward.preparedAt || reward.rewardType === "discord_role") return null;
  if (reward.rewardType === "nft") return 1n;
  if (reward.mode === "fcfs") return reward.amountPerShare === null ? null : BigInt(reward.amountPerShare);
  if (reward.amountBase === null || reward.totalWeight === 0) return null;
  return weightedShare(BigInt(reward.amountBase), weight, reward.totalWeight);
}
