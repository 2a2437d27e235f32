import { typeCodes } from "@dropfair/schemas/envelope";
import { AppError } from "../../platform/errors.ts";

export const safetyErrors = {
  explorerNotConfigured: () =>
    new AppError(typeCodes.explorerNotConfigured, 404, "safety.explorerNotConfigured"),
  explorerUnavailable: () => new AppError(typeCodes.explorerUnavailable, 502, "safety.explorerUnavailable"),
} as const;
