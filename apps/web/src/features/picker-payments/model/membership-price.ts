import { type MembershipPlan, membershipPlans } from "@dropfair/core/picker";
import { parseUnits } from "viem";

/** The price of a plan in the token's base units: the monthly price (a decimal string) × its months. */
export function membershipPrice(monthlyPrice: string, decimals: number, plan: MembershipPlan): bigint {
  return parseUnits(monthlyPrice, decimals) * BigInt(membershipPlans[plan]);
}
