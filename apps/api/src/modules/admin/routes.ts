import type { Db } from "@dropfair/db";
import {
  adminActionsPageSchema,
  adminActionsQuerySchema,
  adminStatusSchema,
  xSpendingSchema,
} from "@dropfair/schemas/admin";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { ok, responses } from "../../platform/envelope.ts";
import { readXSpending } from "../../platform/x-spending.ts";
import type { AdminAccess } from "./access.ts";
import { listAdminActions } from "./repository.ts";

function parseCursor(cursor: string | undefined) {
  if (!cursor) return undefined;
  const [millis, id] = cursor.split("_").map(Number);
  return { createdAt: new Date(millis ?? 0), id: id ?? 0 };
}

/** What the administrators' figures are read with: the month's X budget (`X_SPENDING_CAP`) and the clock. */
export type AdminFigures = { xSpendingCap: number | undefined; now: () => Date };

/**
 * Under /api/bounty/admin: whether the caller is an administrator, and for administrators the audit trail and
 * this month's X spending.
 */
export function adminRoutes(admin: AdminAccess, db: Db, figures: AdminFigures): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ["admin"];
    const security = [{ bearer: [] }];

    app.get(
      "/me",
      {
        schema: {
          tags,
          security,
          summary: "Whether the signed-in wallet is a platform administrator (false when signed out)",
          response: responses(adminStatusSchema),
        },
      },
      async (request) => ok({ isAdmin: request.session !== null && admin.isAdmin(request.session.address) }),
    );

    app.get(
      "/x-spending",
      {
        onRequest: admin.requireAdmin,
        schema: {
          tags,
          security,
          summary:
            "This month's X reads against X_SPENDING_CAP, every process together (administrators only)",
          response: responses(xSpendingSchema),
        },
      },
      async () => ok(await readXSpending(db, figures.xSpendingCap, figures.now())),
    );

    app.get(
      "/actions",
      {
        onRequest: admin.requireAdmin,
        schema: {
          tags,
          security,
          summary: "The administrators' audit trail, newest first (administrators only)",
          querystring: adminActionsQuerySchema,
          response: responses(adminActionsPageSchema),
        },
      },
      async (request) => {
        const { action, cursor, pageSize } = request.query;
        const rows = await listAdminActions(db, { action, before: parseCursor(cursor), limit: pageSize + 1 });
        const page = rows.slice(0, pageSize);
        const last = page.at(-1);
        return ok({
          rows: page.map((row) => ({
            id: row.id,
            actor: row.actorAddress,
            action: row.action,
            targetKind: row.targetKind,
            targetId: row.targetId,
            details: row.details,
            createdAt: row.createdAt.toISOString(),
          })),
          next: rows.length > pageSize && last ? `${last.createdAt.getTime()}_${last.id}` : null,
        });
      },
    );
  };
}
