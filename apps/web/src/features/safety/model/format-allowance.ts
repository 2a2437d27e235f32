import type { LiveAllowance } from "@dropfair/chain/approvals";
import { formatUnits } from "viem";

/** An allowance amount for display: whole tokens with up to 4 decimals, or undefined for NFT approvals. */
export function allowanceAmountText(allowance: LiveAllowance): string | undefined {
  if (allowance.amount === undefined) return undefined;
  if (allowance.decimals === undefined) return allowance.amount.toString();
  const [whole = "0", fraction = ""] = formatUnits(allowance.amount, allowance.decimals).split(".");
  const shortFraction = fraction.slice(0, 4).replace(/0+$/, "");
  return `${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ",")}${shortFraction ? `.${shortFraction}` : ""}`;
}

/** A stable key for a row: kind, token, spender and token id. */
export function allowanceRowKey(allowance: LiveAllowance): string {
  return [allowance.kind, allowance.token, allowance.spender, allowance.tokenId ?? ""]
    .join(":")
    .toLowerCase();
}
