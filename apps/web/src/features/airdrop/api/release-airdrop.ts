import type { AirdropDetail } from "@dropfair/schemas/airdrop";
import { airdropRequest, airdropSchemas } from "./request";
import { useDetailMutation } from "./use-detail-mutation";

/** POST /:id/release: publishes the airdrop ('Need Deposit.' while the deposit is short). */
export function releaseAirdrop(id: number): Promise<AirdropDetail> {
  return airdropRequest(
    `/${id}/release`,
    () => airdropSchemas().then((module) => module.airdropDetailSchema),
    {
      method: "POST",
      body: {},
    },
  );
}

export function useReleaseAirdrop() {
  return useDetailMutation(releaseAirdrop);
}
