import type { AirdropDetail } from "@dropfair/schemas/airdrop";
import { airdropRequest, airdropSchemas } from "./request";
import { useDetailMutation } from "./use-detail-mutation";

/** POST /:id/transactions: a mined distributor transaction; the API reads its receipt and applies the events. */
export function recordTransaction(id: number, txHash: string): Promise<AirdropDetail> {
  return airdropRequest(
    `/${id}/transactions`,
    () => airdropSchemas().then((module) => module.airdropDetailSchema),
    { method: "POST", body: { txHash } },
  );
}

export function useRecordTransaction() {
  return useDetailMutation(({ id, txHash }: { id: number; txHash: string }) => recordTransaction(id, txHash));
}
