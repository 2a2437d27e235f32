import { typeCodes } from "@dropfair/schemas/codes";
import { createFeatureRequest } from "../../../shared/api/feature-request";

/**
 * One airdrop API call under /api/bounty/airdrop. The airdrop explains its own 403s ('You Are Not The
 * Creator'); any other 403 opens the beta-access dialog.
 */
export const airdropRequest = createFeatureRequest({
  feature: "airdrop",
  prefix: "/airdrop",
  explainedForbidden: [typeCodes.airdropNotCreator, typeCodes.forbidden],
});

/** The wire schemas load with the first airdrop request, not with the first route (see ContentSchema). */
export const airdropSchemas = () => import("@dropfair/schemas/airdrop");
