import { typeCodes } from "@dropfair/schemas/envelope";
import { AppError } from "../../platform/errors.ts";
import type { SocialProvider } from "./repository.ts";

export const socialLinkErrors = {
  notConfigured: (provider: SocialProvider) =>
    new AppError(typeCodes.socialNotConfigured, 503, "socialLinks.notConfigured", { provider }),
  stateInvalid: () => new AppError(typeCodes.socialLinkStateInvalid, 400, "socialLinks.stateInvalid"),
  rejected: (provider: SocialProvider, cause?: unknown) =>
    new AppError(typeCodes.socialLinkRejected, 400, "socialLinks.rejected", { provider }, { cause }),
  signInAgain: () => new AppError(typeCodes.unauthorized, 401, "socialLinks.signInAgain"),
  xTaken: () => new AppError(typeCodes.socialAccountTaken, 409, "socialLinks.xTaken"),
  walletHasOtherX: (username: string | null) =>
    new AppError(typeCodes.socialAccountTaken, 409, "socialLinks.walletHasOtherX", {
      username: username ?? "",
    }),
  taken: (provider: SocialProvider) =>
    new AppError(typeCodes.socialAccountTaken, 409, "socialLinks.taken", { provider }),
} as const;
