// The mint transactions, loaded only when a mint starts (viem's actions stay out of the page chunks).
import { dropfairBadgesAbi } from "@dropfair/chain/abis";
import type { MintVoucher } from "@dropfair/schemas/badges";
import type { Address, Hash, Hex } from "viem";
import { writeContract } from "viem/actions";
import type { WalletClient } from "../../../shared/wallet/transactions";

export { clientOnChain, connectWallet, waitForSuccess } from "../../../shared/wallet/transactions";

function voucherArgs({ voucher }: MintVoucher) {
  return {
    account: voucher.account as Address,
    badgeId: BigInt(voucher.badgeId),
    soulbound: voucher.soulbound,
    period: BigInt(voucher.period),
    nonce: BigInt(voucher.nonce),
    deadline: BigInt(voucher.deadline),
  };
}

/** `mint` for one voucher, `mintBatch` for several (all or none), on the vouchers' contract. */
export function sendMint(client: WalletClient, vouchers: readonly MintVoucher[]): Promise<Hash> {
  const [first] = vouchers;
  if (!first) throw new RangeError("no voucher to mint");
  const address = first.contractAddress as Address;
  if (vouchers.length === 1)
    return writeContract(client, {
      address,
      abi: dropfairBadgesAbi,
      functionName: "mint",
      args: [voucherArgs(first), first.signature as Hex],
    });
  return writeContract(client, {
    address,
    abi: dropfairBadgesAbi,
    functionName: "mintBatch",
    args: [vouchers.map(voucherArgs), vouchers.map((entry) => entry.signature as Hex)],
  });
}
