// The platform's EIP-712 voucher signers (airdrop claims, wheel spins, badge mints): one key, one contract's
// domain and types each; the contract checks the signer.

import type { Address, Hex, TypedData, TypedDataDomain } from "viem";
import { privateKeyToAccount } from "viem/accounts";

export type VoucherSigner<Voucher> = {
  address: Address;
  sign(voucher: Voucher, chainId: number, contract: Address): Promise<Hex>;
};

export type VoucherScheme = {
  domain(chainId: number, contract: Address): TypedDataDomain;
  types: TypedData;
  primaryType: string;
};

/** A signer of `scheme`'s vouchers with `privateKey`, bound per call to a chain and a contract deployment. */
export function createVoucherSigner<Voucher extends Record<string, unknown>>(
  privateKey: Hex,
  scheme: VoucherScheme,
): VoucherSigner<Voucher> {
  const account = privateKeyToAccount(privateKey);
  return {
    address: account.address,
    sign: (voucher, chainId, contract) =>
      account.signTypedData({
        domain: scheme.domain(chainId, contract),
        types: scheme.types,
        primaryType: scheme.primaryType,
        message: voucher,
      }),
  };
}
