import type { SocialLinkInfo } from "@dropfair/schemas/auth";
import { apiRequest } from "../../../shared/api/client";

const wire = () => import("./wire-schemas");

export type SocialProvider = "discord" | "telegram";

/** POST /api/reg/socialmedia/{provider}/authorize: where to send the browser (Discord's page, Telegram's login). */
export function authorizeSocialLink(provider: SocialProvider): Promise<{ url: string }> {
  return apiRequest(
    `/socialmedia/${provider}/authorize`,
    () => wire().then((schemas) => schemas.socialAuthorizeResultSchema),
    { base: "reg", method: "POST" },
  );
}

/** POST /api/reg/socialmedia/discord/callback with the code and state Discord sent back. */
export function finishDiscordLink(input: { code: string; state: string }): Promise<SocialLinkInfo> {
  return apiRequest(
    "/socialmedia/discord/callback",
    () => wire().then((schemas) => schemas.socialLinkSchema),
    {
      base: "reg",
      method: "POST",
      body: input,
    },
  );
}

/** POST /api/reg/socialmedia/telegram/callback with the login widget's signed fields. */
export function finishTelegramLink(input: {
  state: string;
  fields: Record<string, string>;
}): Promise<SocialLinkInfo> {
  return apiRequest(
    "/socialmedia/telegram/callback",
    () => wire().then((schemas) => schemas.socialLinkSchema),
    {
      base: "reg",
      method: "POST",
      body: input,
    },
  );
}

/** POST /api/reg/socialmedia/{provider}/unlink. */
export function unlinkSocial(provider: SocialProvider): Promise<{ done: true }> {
  return apiRequest(`/socialmedia/${provider}/unlink`, () => wire().then((schemas) => schemas.doneSchema), {
    base: "reg",
    method: "POST",
  });
}
