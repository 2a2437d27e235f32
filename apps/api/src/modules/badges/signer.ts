// Signs badge mint vouchers with the platform key; DropfairBadges checks the signer on chain.
import { badgeVoucherDomain, badgeVoucherTypes } from "@dropfair/chain/abis";
import { createVoucherSigner, type VoucherSigner } from "@dropfair/chain/signers";
import type { Address, Hex } from "viem";

export type BadgeVoucher = {
  account: Address;
  badgeId: bigint;
  soulbound: boolean;
  period: bigint;
  nonce: bigint;
  deadline: bigint;
};

export type BadgeVoucherSigner = VoucherSigner<BadgeVoucher>;

export const createBadgeVoucherSigner = (privateKey: Hex): BadgeVoucherSigner =>
  createVoucherSigner<BadgeVoucher>(privateKey, {
    domain: badgeVoucherDomain,
    types: badgeVoucherTypes,
    primaryType: "MintVoucher",
  });
