import { typeCodes } from "@dropfair/schemas/envelope";
import { AppError, errors } from "../../platform/errors.ts";

export const newsErrors = {
  /** An entry that does not exist, or that the caller may not see (an unpublished one). */
  notFound: () => errors.notFound(),
  categoryUnknown: (category: string) =>
    new AppError(typeCodes.newsCategoryUnknown, 400, "news.categoryUnknown", { category }),
  /** An edit that would leave the end at or before the start. */
  timeOrder: () => errors.validation("validation.airdrop.timeOrder"),
} as const;
