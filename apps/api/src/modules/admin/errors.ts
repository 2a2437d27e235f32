import { typeCodes } from "@dropfair/schemas/envelope";
import { AppError } from "../../platform/errors.ts";

export const adminErrors = {
  /** A signed-in wallet that is not one of the configured platform administrators. */
  adminRequired: () => new AppError(typeCodes.adminRequired, 403, "admin.adminRequired"),
} as const;
