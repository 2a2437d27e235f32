import { typeCodes } from "@dropfair/schemas/envelope";
import { AppError } from "../../platform/errors.ts";

export const feedbackErrors = {
  screenshotInvalid: () =>
    new AppError(typeCodes.feedbackScreenshotInvalid, 400, "feedback.screenshotInvalid"),
  screenshotTooLarge: () =>
    new AppError(typeCodes.feedbackScreenshotTooLarge, 400, "feedback.screenshotTooLarge"),
  screenshotNotFound: () => new AppError(typeCodes.notFound, 404, "feedback.screenshotNotFound"),
  reportNotFound: () => new AppError(typeCodes.notFound, 404, "errors.notFound"),
  tokenInvalid: () => new AppError(typeCodes.newsletterTokenInvalid, 400, "feedback.unsubscribeTokenInvalid"),
} as const;
