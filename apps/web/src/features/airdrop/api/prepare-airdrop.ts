import type { AirdropDetail } from "@dropfair/schemas/airdrop";
import { airdropRequest, airdropSchemas } from "./request";
import { useDetailMutation } from "./use-detail-mutation";

/** POST /:id/prepare: checks the reward settings and builds the Merkle tree and the on-chain parameters. */
export function prepareAirdrop(id: number): Promise<AirdropDetail> {
  return airdropRequest(
    `/${id}/prepare`,
    () => airdropSchemas().then((module) => module.airdropDetailSchema),
    {
      method: "POST",
      body: {},
    },
  );
}

export function usePrepareAirdrop() {
  return useDetailMutation(prepareAirdrop);
}
