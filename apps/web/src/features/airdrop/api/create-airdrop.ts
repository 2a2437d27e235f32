import type { AirdropDetail, CreateAirdropBody } from "@dropfair/schemas/airdrop";
import { airdropRequest, airdropSchemas } from "./request";

/** POST /: a new draft from step 1's fields. */
export function createAirdrop(body: CreateAirdropBody): Promise<AirdropDetail> {
  return airdropRequest("", () => airdropSchemas().then((module) => module.airdropDetailSchema), {
    method: "POST",
    body,
  });
}
