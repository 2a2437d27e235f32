import {
  explorerHoldersQuerySchema,
  explorerHoldersSchema,
  explorerSourceQuerySchema,
  explorerSourceSchema,
} from "@dropfair/schemas/safety";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { ok, responses } from "../../platform/envelope.ts";
import { extraRateLimit } from "../../platform/rate-limits.ts";
import type { ExplorerLookups } from "./explorer-lookups.ts";

export type SafetyRouteOptions = {
  /** Explorer look-ups per client IP and minute (each may cost the server's explorer key a call). */
  explorerRateLimitPerMinute: number;
};

/**
 * Under /api/bounty/safe: the contract checker's explorer look-ups for anyone, read-only, rate-limited per client,
 * made with the server's key (404, typeCode 690, when none is configured; 502, 691, when the explorer fails).
 */
export function safetyRoutes(lookups: ExplorerLookups, options: SafetyRouteOptions): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ["safe check"];
    // One count per client IP for both look-ups: each may cost the server's explorer key a call.
    const explorerLimit = extraRateLimit(app, {
      max: options.explorerRateLimitPerMinute,
      timeWindow: "1 minute",
      keyOf: (request) => `explorer:${request.ip}`,
    });
    app.get(
      "/explorer/source",
      {
        preHandler: explorerLimit,
        schema: {
          tags,
          summary:
            "Whether the block explorer has verified source for a contract, and its ABI (Etherscan v2 getsourcecode)",
          querystring: explorerSourceQuerySchema,
          response: responses(explorerSourceSchema),
        },
      },
      async (request) => ok(await lookups.source(request.query.chainId, request.query.address)),
    );
    app.get(
      "/explorer/holders",
      {
        preHandler: explorerLimit,
        schema: {
          tags,
          summary: "A token's largest holders' balances, largest first (Etherscan v2 tokenholderlist)",
          querystring: explorerHoldersQuerySchema,
          response: responses(explorerHoldersSchema),
        },
      },
      async (request) =>
        ok(await lookups.holders(request.query.chainId, request.query.address, request.query.count)),
    );
  };
}
