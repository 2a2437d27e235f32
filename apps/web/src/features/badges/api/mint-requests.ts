import type { MintVoucher, RecordedMint } from "@dropfair/schemas/badges";
import { badgeSchemas, badgesRequest } from "./request";

/** POST /badges/:id/voucher: the platform's signed permission to mint one badge for the current period. */
export function requestVoucher(badgeId: number): Promise<MintVoucher> {
  return badgesRequest(
    `/badges/${badgeId}/voucher`,
    () => badgeSchemas().then((module) => module.mintVoucherSchema),
    { method: "POST" },
  );
}

/** POST /vouchers: "mint all", a voucher for every badge the wallet may mint now. */
export function requestVouchers(filter: { programme?: string; chainId?: number }): Promise<MintVoucher[]> {
  return badgesRequest("/vouchers", () => badgeSchemas().then((module) => module.mintVoucherSchema.array()), {
    method: "POST",
    body: filter,
  });
}

/** POST /mints: the API reads the transaction's receipt and records its mints. */
export function reportMint(chainId: number, txHash: string): Promise<RecordedMint[]> {
  return badgesRequest("/mints", () => badgeSchemas().then((module) => module.recordedMintSchema.array()), {
    method: "POST",
    body: { chainId, txHash },
  });
}
