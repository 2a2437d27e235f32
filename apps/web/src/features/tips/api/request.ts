import { typeCodes } from "@dropfair/schemas/codes";
import { createFeatureRequest } from "../../../shared/api/feature-request";

/** The wire schemas load with the first tips request, not with the first route. */
export const tipsSchemas = () => import("@dropfair/schemas/tips");

export const tipsQueryKey = ["tips"] as const;

/**
 * Calls under /api/bounty/tips; an error typeCode becomes an ApiCodeError carrying the server's message. Tips
 * explains its own 403s ('You Are Not The Creator', organizers only, banned, join missions, bind X, another's
 * claim) inline; any other 403 opens the beta-access dialog.
 */
export const tipsRequest = createFeatureRequest({
  feature: "tips",
  prefix: "/tips",
  explainedForbidden: [
    typeCodes.tipsNotCreator,
    typeCodes.tipsMissionsUnfinished,
    typeCodes.tipsBindXFirst,
    typeCodes.tipsBanned,
    typeCodes.forbidden,
  ],
});
