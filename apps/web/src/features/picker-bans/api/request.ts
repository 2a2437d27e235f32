import { typeCodes } from "@dropfair/schemas/codes";
import { type ApiCodeError, createFeatureRequest, isApiCodeError } from "../../../shared/api/feature-request";

const ownerCodes: readonly number[] = [typeCodes.forbidden, typeCodes.pickerNotOwner];

/**
 * A picker API call whose 403 is the owner check, answered on the page rather than by the beta dialog. Other
 * error codes carry the server's message, already in the request's language.
 */
export const banRequest = createFeatureRequest({
  feature: "picker-bans",
  prefix: "/picker",
  explainedForbidden: ownerCodes,
});

/** 'You are not owner': the ban list is changed by the picker's owner and helpers only. */
export function isNotOwnerError(error: unknown): error is ApiCodeError {
  return isApiCodeError(error, "picker-bans") && ownerCodes.includes(error.typeCode);
}
