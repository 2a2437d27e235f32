import type { AirdropDetail, UpdateAirdropBody } from "@dropfair/schemas/airdrop";
import { airdropRequest, airdropSchemas } from "./request";

/** PATCH /:id: the changed fields of a draft (or the texts of a released airdrop). */
export function updateAirdrop(id: number, body: UpdateAirdropBody): Promise<AirdropDetail> {
  return airdropRequest(`/${id}`, () => airdropSchemas().then((module) => module.airdropDetailSchema), {
    method: "PATCH",
    body,
  });
}
