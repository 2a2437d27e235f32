import { type LiveAllowance, revokeCall } from "@dropfair/chain/approvals";
import type { Address, Hash } from "viem";
import { writeContract } from "viem/actions";
import type { ChainRecord, PlatformConfig } from "../../../shared/api/get-platform-config";
import { clientOnChain, connectWallet, waitForSuccess } from "../../../shared/wallet/transactions";

/** The connected wallet is not the owner of the allowance, so it cannot revoke it. */
export class NotOwnerWalletError extends Error {
  override readonly name = "NotOwnerWalletError";
  constructor(readonly connected: Address) {
    super(`the connected wallet ${connected} does not own this approval`);
  }
}

/**
 * Sends the revoking transaction from the owner's wallet (approve 0, setApprovalForAll false, Permit2 lockdown) on
 * the allowance's chain, and waits until it is mined successfully.
 */
export async function revokeAllowance(
  config: Pick<PlatformConfig, "chains" | "sandbox">,
  chain: ChainRecord,
  owner: Address,
  allowance: LiveAllowance,
): Promise<Hash> {
  const { engine, address } = await connectWallet(config);
  if (address.toLowerCase() !== owner.toLowerCase()) throw new NotOwnerWalletError(address);
  const client = await clientOnChain(engine, chain);
  const call = revokeCall(allowance);
  const hash = await writeContract(client, call as Parameters<typeof writeContract>[1]);
  await waitForSuccess(client, hash);
  return hash;
}
