import { typeCodes } from "@dropfair/schemas/codes";
import { createFeatureRequest } from "../../../shared/api/feature-request";

/**
 * One picker API call under /api/bounty/picker. The picker explains its own 403s ('You are not owner', 'sign in
 * with the correct account'); any other 403, the beta whitelist (183) included, opens the beta-access dialog.
 */
export const pickerRequest = createFeatureRequest({
  feature: "picker",
  prefix: "/picker",
  explainedForbidden: [typeCodes.forbidden, typeCodes.pickerNotOwner],
});

/** The wire schemas load with the first picker request, not with the first route (see ContentSchema). */
export const pickerSchemas = () => import("@dropfair/schemas/picker");
