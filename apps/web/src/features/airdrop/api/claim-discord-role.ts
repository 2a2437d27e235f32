import type { AirdropClaim } from "@dropfair/schemas/airdrop";
import { airdropRequest, airdropSchemas } from "./request";

/** POST /:id/discord-role: our bot grants the role to the Discord account bound to the signed-in wallet. */
export function claimDiscordRole(id: number): Promise<AirdropClaim> {
  return airdropRequest(
    `/${id}/discord-role`,
    () => airdropSchemas().then((module) => module.airdropClaimSchema),
    { method: "POST", body: {} },
  );
}
