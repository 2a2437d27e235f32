import { typeCodes } from "@dropfair/schemas/codes";
import { createFeatureRequest } from "../../../shared/api/feature-request";

/** The wire schemas load with the first badges request, not with the first route. */
export const badgeSchemas = () => import("@dropfair/schemas/badges");

export const badgesQueryKey = ["badges"] as const;

/** Calls under /api/bounty/badges; 'not eligible' is a 403 the page explains (not the beta dialog). */
export const badgesRequest = createFeatureRequest({
  feature: "badges",
  prefix: "/badges",
  explainedForbidden: [typeCodes.badgeNotEligible],
});
