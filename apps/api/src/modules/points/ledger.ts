// Credits and balances: the part of the module other modules call (missions, referral), inside their own
// transactions when they have one.
import {
  and,
  type DbWriter,
  eq,
  gte,
  pointsBalanceDeltas,
  pointsLedger,
  pointsTotals,
  sql,
} from "@dropfair/db";
import { pointsErrors } from "./errors.ts";

/**
 * The source kinds the history words with parameters (docs/points.md): a mission (source id: the mission id), a
 * referral reward (the referee's user id), an administrator's grant or revocation (the grant id).
 */
export const missionSourceKind = "mission";
export const referralSourceKind = "referral";
export const adminGrantSourceKind = "admin";

export type PointsCredit = {
  userId: number;
  /** Whole points; negative to take points back. */
  amount: number;
  /** The stored audit text (English); the history shows a translated label built from the source instead. */
  reason: string;
  /** What earned the points ('mission', 'referral', 'admin'…) and which one of them: credited once per user. */
  sourceKind: string;
  sourceId: string;
};

/** A single credit or revocation may move at most this many points (keeps every sum a safe integer). */
export const maxCreditAmount = 1_000_000_000;
const maxReasonLength = 200;
const maxSourceLength = 200;

function assertCredit(credit: PointsCredit): void {
  const { userId, amount, reason, sourceKind, sourceId } = credit;
  if (!Number.isSafeInteger(userId) || userId < 1) throw new TypeError(`points: bad user id ${userId}`);
  if (!Number.isSafeInteger(amount) || amount === 0 || Math.abs(amount) > maxCreditAmount)
    throw new RangeError(
      `points: amount must be a non-zero integer within ±${maxCreditAmount}, got ${amount}`,
    );
  if (reason.trim() === "" || reason.length > maxReasonLength)
    throw new RangeError(`points: reason must be 1-${maxReasonLength} characters`);
  for (const part of [sourceKind, sourceId])
    if (part === "" || part.length > maxSourceLength)
      throw new RangeError(`points: source kind and id must be 1-${maxSourceLength} characters`);
}

/** The SQLSTATE of a database error, looking through the wrappers the driver and the ORM add. */
function sqlStateOf(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && typeof current === "object" && current !== null; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string" && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/** The rows of a raw query: PGlite and node-postgres both answer `{rows}`. */
export function rowsOf<Row>(result: unknown): Row[] {
  return (result as { rows: Row[] }).rows;
}

const checkViolation = "23514";

/**
 * Adds one ledger row and moves the user's total in the same statement. A source already credited to the
 * user (a retry, a concurrent completion) adds nothing and answers false. A revocation larger than the
 * balance is refused with pointsErrors.balanceTooLow and leaves nothing behind; inside a caller's transaction
 * it runs in a savepoint, so the caller's transaction stays usable. A gain cannot be refused, and its one
 * statement is atomic on its own, so it runs without a transaction or savepoint of its own (a mission
 * completion's credit costs one round trip).
 */
export async function creditPoints(db: DbWriter, credit: PointsCredit): Promise<boolean> {
  assertCredit(credit);
  if (credit.amount > 0) return applyCredit(db, credit);
  try {
    return await db.transaction((tx) => applyCredit(tx, credit));
  } catch (error) {
    if (sqlStateOf(error) === checkViolation)
      throw pointsErrors.balanceTooLow(await pointsOf(db, credit.userId));
    throw error;
  }
}

/** The ledger row and the total's move, in one statement. */
async function applyCredit(db: DbWriter, credit: PointsCredit): Promise<boolean> {
  const result = await db.execute(sql`
    with credited as (
      insert into ${pointsLedger} (user_id, amount, reason, source_kind, source_id)
      values (${credit.userId}, ${credit.amount}, ${credit.reason}, ${credit.sourceKind}, ${credit.sourceId})
      on conflict (user_id, source_kind, source_id) do nothing
      returning user_id, amount
    ),
    raised as (
      insert into ${pointsTotals} (user_id, points, updated_at)
      select user_id, amount, now() from credited where amount > 0
      on conflict (user_id) do update
        set points = ${pointsTotals}.points + excluded.points, updated_at = excluded.updated_at
      returning points
    ),
    lowered as (
      update ${pointsTotals} as total set points = total.points + credited.amount, updated_at = now()
      from credited where credited.amount < 0 and total.user_id = credited.user_id
      returning total.points
    ),
    moved as (
      select points as now_points, points - (select amount from credited) as before_points from raised
      union all
      select points, points - (select amount from credited) from lowered
    ),
    recounted as (
      insert into ${pointsBalanceDeltas} (points, delta)
      select now_points, 1 from moved where now_points > 0
      union all
      select before_points, -1 from moved where before_points > 0
    )
    select (select count(*) from credited) as credited, (select count(*) from moved) as moved`);
  const [row] = rowsOf<{ credited: string; moved: string }>(result);
  if (Number(row?.credited) === 0) return false;
  if (Number(row?.moved) !== 1) throw pointsErrors.balanceTooLow(0);
  return true;
}

/** The user's balance (0 before any credit). */
export async function pointsOf(db: DbWriter, userId: number): Promise<number> {
  const [row] = await db
    .select({ points: pointsTotals.points })
    .from(pointsTotals)
    .where(eq(pointsTotals.userId, userId));
  return row ? Number(row.points) : 0;
}

/** What one kind of source has credited the user since a moment (revocations included), e.g. for a cap. */
export async function sumOfSource(
  db: DbWriter,
  query: { userId: number; sourceKind: string; since: Date },
): Promise<number> {
  const [row] = await db
    .select({ total: sql<string | null>`sum(${pointsLedger.amount})` })
    .from(pointsLedger)
    .where(
      and(
        eq(pointsLedger.userId, query.userId),
        eq(pointsLedger.sourceKind, query.sourceKind),
        gte(pointsLedger.createdAt, query.since),
      ),
    );
  return row?.total == null ? 0 : Number(row.total);
}
