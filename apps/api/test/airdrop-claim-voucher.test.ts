// The distributor claim voucher the tips payouts and the wheel prizes are signed with (the airdrop module's
// signClaimVoucher): its fields in decimal text, a signature of the platform key over exactly those fields, and a
// deadline that never outlives the claim window.
import { airdropVoucherDomain, airdropVoucherTypes } from "@dropfair/chain/abis";
import { type Address, recoverTypedDataAddress } from "viem";
import { describe, expect, it } from "vitest";
import { createVoucherSigner, signClaimVoucher } from "../src/modules/airdrop/index.ts";

const signer = createVoucherSigner("0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d");
const distributor: Address = "0x5FbDB2315678afecb367f032d93F642f64180aa3";
const account: Address = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";
const target = { chainId: 31337, distributor, campaignId: 7n };
const claim = { id: 42, account, amount: "1500000000000000000" };
const now = new Date("2026-01-01T00:00:00.500Z");

describe("signClaimVoucher", () => {
  it("answers the claim's voucher, signed by the platform key for the distributor", async () => {
    const claimableUntil = new Date("2026-02-01T00:00:00Z");
    const signed = await signClaimVoucher(signer, target, claim, { now, ttlSeconds: 600, claimableUntil });
    expect(signed).toEqual({
      claimId: 42,
      chainId: 31337,
      distributor,
      voucher: {
        campaignId: "7",
        recipient: account,
        amount: "1500000000000000000",
        nonce: "42",
        // now + TTL, whole seconds (the half second is dropped)
        deadline: String(Date.parse("2026-01-01T00:10:00Z") / 1000),
      },
      signature: expect.stringMatching(/^0x[0-9a-f]{130}$/),
    });
    const recovered = await recoverTypedDataAddress({
      domain: airdropVoucherDomain(31337, distributor),
      types: airdropVoucherTypes,
      primaryType: "Voucher",
      message: {
        campaignId: 7n,
        recipient: account,
        amount: 1500000000000000000n,
        nonce: 42n,
        deadline: BigInt(signed.voucher.deadline),
      },
      signature: signed.signature,
    });
    expect(recovered).toBe(signer.address);
  });

  it("ends the voucher a second before the claim window closes when the TTL would outlive it", async () => {
    const claimableUntil = new Date("2026-01-01T00:05:00Z");
    const signed = await signClaimVoucher(signer, target, claim, { now, ttlSeconds: 600, claimableUntil });
    expect(signed.voucher.deadline).toBe(String(Date.parse("2026-01-01T00:04:59Z") / 1000));
  });
});
