import { typeCodes } from "@dropfair/schemas/envelope";
import { AppError } from "../../platform/errors.ts";

export const pointsErrors = {
  userUnknown: () => new AppError(typeCodes.pointsUserUnknown, 404, "points.userUnknown"),
  balanceTooLow: (balance: number) =>
    new AppError(typeCodes.pointsBalanceTooLow, 400, "points.balanceTooLow", { balance }),
} as const;
