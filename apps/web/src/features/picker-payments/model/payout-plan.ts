import { type Address, getAddress, type Hex, isAddress, keccak256, toHex } from "viem";

/** A confirmed winner and the EVM address they submitted. */
export type PayoutWinner = { xUserId: string; username: string; address: string };

export type PayoutPlan = {
  recipients: Address[];
  /** One amount per recipient, all equal. */
  amounts: bigint[];
  total: bigint;
  /** Winners whose submitted info is not an EVM address: they cannot be paid in the batch. */
  unpayable: PayoutWinner[];
};

/**
 * The batch of one picker's payout: every winner with a valid address gets `amountPerWinner` base units, in the
 * given order (the API checks the receipt against the same list). Addresses are checksummed, never compared as
 * mixed-case strings.
 */
export function buildPayoutPlan(winners: readonly PayoutWinner[], amountPerWinner: bigint): PayoutPlan {
  const recipients: Address[] = [];
  const unpayable: PayoutWinner[] = [];
  for (const winner of winners) {
    const address = winner.address.trim();
    if (isAddress(address, { strict: false })) recipients.push(getAddress(address));
    else unpayable.push(winner);
  }
  return {
    recipients,
    amounts: recipients.map(() => amountPerWinner),
    total: amountPerWinner * BigInt(recipients.length),
    unpayable,
  };
}

/**
 * The bytes32 a batch carries so it pays this picker and no other: keccak256 of "dropfair-picker:" + seed,
 * as the API's `paymentReference` computes it.
 */
export function pickerPaymentReference(seed: string): Hex {
  return keccak256(toHex(`dropfair-picker:${seed}`));
}

/** How much to approve before paying: nothing when the allowance already covers the total. */
export function approvalNeeded(allowance: bigint, total: bigint): bigint {
  return allowance >= total ? 0n : total;
}

const txHashPattern = /^0x[0-9a-fA-F]{64}$/;

/** A pasted transaction hash, trimmed and lowercased; undefined when it is not one. */
export function parseTxHash(input: string): Hex | undefined {
  const value = input.trim();
  return txHashPattern.test(value) ? (value.toLowerCase() as Hex) : undefined;
}
