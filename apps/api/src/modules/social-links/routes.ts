import {
  discordCallbackBodySchema,
  socialAuthorizeResultSchema,
  socialLinkSchema,
  socialProviders,
  telegramCallbackBodySchema,
} from "@dropfair/schemas/auth";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { requireSession, sessionOf } from "../../platform/auth.ts";
import { ok, responses } from "../../platform/envelope.ts";
import { browserOrigin } from "../../platform/origin.ts";
import type { FlowLink } from "./repository.ts";
import type { SocialLinksService } from "./service.ts";

export function socialLinkInfo(link: FlowLink) {
  return {
    provider: link.provider,
    id: link.accountId,
    username: link.username,
    name: link.displayName,
    avatar: link.avatarUrl,
  };
}

/**
 * Bind Discord (OAuth 2.0 + PKCE) or Telegram (login widget) to the signed-in wallet, under
 * /api/reg/socialmedia/{discord,telegram}/…. The provider sends the browser back to {origin}/auth/discord or
 * {origin}/auth/telegram/{state}, where the web app posts the callback.
 */
export function socialLinkRoutes(
  service: SocialLinksService,
  options: { appOrigins: string[]; signInRateLimit: number },
): FastifyPluginAsyncZod {
  return async (app) => {
    const rateLimit = { max: options.signInRateLimit, timeWindow: "1 minute" };
    const tags = ["registration"];
    const security = [{ bearer: [] }];

    app.post(
      "/discord/authorize",
      {
        onRequest: requireSession,
        config: { rateLimit },
        schema: {
          tags,
          security,
          summary: "Start binding a Discord account: returns Discord's authorize page (identify, guilds)",
          response: responses(socialAuthorizeResultSchema),
        },
      },
      async (request) =>
        ok(await service.startDiscord(sessionOf(request), browserOrigin(request, options.appOrigins))),
    );

    app.post(
      "/discord/callback",
      {
        onRequest: requireSession,
        config: { rateLimit },
        schema: {
          tags,
          security,
          summary: "Finish binding Discord with the code and state Discord sent back",
          body: discordCallbackBodySchema,
          response: responses(socialLinkSchema),
        },
      },
      async (request) =>
        ok(
          socialLinkInfo(
            await service.finishDiscord(sessionOf(request), request.body.code, request.body.state),
          ),
        ),
    );

    app.post(
      "/telegram/authorize",
      {
        onRequest: requireSession,
        config: { rateLimit },
        schema: {
          tags,
          security,
          summary: "Start binding a Telegram account: returns the Telegram login page",
          response: responses(socialAuthorizeResultSchema),
        },
      },
      async (request) =>
        ok(await service.startTelegram(sessionOf(request), browserOrigin(request, options.appOrigins))),
    );

    app.post(
      "/telegram/callback",
      {
        onRequest: requireSession,
        config: { rateLimit },
        schema: {
          tags,
          security,
          summary:
            "Finish binding Telegram with the login widget's signed fields (checked with the bot token)",
          body: telegramCallbackBodySchema,
          response: responses(socialLinkSchema),
        },
      },
      async (request) =>
        ok(
          socialLinkInfo(
            await service.finishTelegram(sessionOf(request), request.body.state, request.body.fields),
          ),
        ),
    );

    app.post(
      "/:provider/unlink",
      {
        onRequest: requireSession,
        schema: {
          tags,
          security,
          summary: "Unbind the Discord or Telegram account from the signed-in wallet",
          params: z.object({ provider: z.enum(socialProviders) }),
          response: responses(z.object({ done: z.literal(true) })),
        },
      },
      async (request) => {
        await service.unlink(sessionOf(request).userId, request.params.provider);
        return ok({ done: true as const });
      },
    );
  };
}
