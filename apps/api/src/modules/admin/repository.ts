// The SQL of the admin module: the append-only audit trail of administrators' actions.
import { adminActions, and, type Db, type DbWriter, desc, eq, lt, or, sql, users } from "@dropfair/db";

export type AdminActionInput = {
  actorUserId: number;
  /** `<module>.<verb>`, for instance `points.grant`. */
  action: string;
  targetKind: string;
  targetId: string;
  details?: Record<string, unknown>;
};

/**
 * Records one administrator action. Call it with the transaction that makes the change, so the change and its
 * audit row land together or not at all.
 */
export async function recordAdminAction(db: DbWriter, input: AdminActionInput): Promise<void> {
  await db.insert(adminActions).values({
    actorUserId: input.actorUserId,
    actorAddress: sql`(select ${users.address} from ${users} where ${users.id} = ${input.actorUserId})`,
    action: input.action,
    targetKind: input.targetKind,
    targetId: input.targetId,
    details: input.details ?? {},
  });
}

export type AdminActionRow = typeof adminActions.$inferSelect;

/** Newest first, keyset-paged on (createdAt, id); `action` filters on one action or a `<module>.` prefix. */
export async function listAdminActions(
  db: Db,
  query: { action?: string; before?: { createdAt: Date; id: number }; limit: number },
): Promise<AdminActionRow[]> {
  const conditions = [];
  if (query.action)
    conditions.push(
      query.action.endsWith(".")
        ? sql`starts_with(${adminActions.action}, ${query.action})`
        : eq(adminActions.action, query.action),
    );
  if (query.before)
    conditions.push(
      or(
        lt(adminActions.createdAt, query.before.createdAt),
        and(eq(adminActions.createdAt, query.before.createdAt), lt(adminActions.id, query.before.id)),
      ),
    );
  return db
    .select()
    .from(adminActions)
    .where(conditions.length > 0 ? and(...conditions) : undefined)
    .orderBy(desc(adminActions.createdAt), desc(adminActions.id))
    .limit(query.limit);
}
