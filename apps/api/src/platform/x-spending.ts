// The month's X budget (`X_SPENDING_CAP`), kept in the database so that every API and worker process spends
// from the same one. X bills per post or user read; a request reserves the most its answer can bring before it
// is sent, in one conditional upsert on the month's row, so the cap holds however many requests run at once,
// and settles to what it really read afterwards.
import { type Db, type DbWriter, eq, sql, xSpendingMonths } from "@dropfair/db";
import { type SpendingLedger, XSpendingCapError } from "@dropfair/social/x";

/** The calendar month (UTC) a time falls in: "YYYY-MM". */
export function spendingMonth(at: Date): string {
  return at.toISOString().slice(0, 7);
}

/** What the app read from X this month, and the cap (null: no cap set, so nothing is counted). */
export type XSpending = { month: string; items: number; requests: number; cap: number | null };

export async function readXSpending(db: DbWriter, cap: number | undefined, now: Date): Promise<XSpending> {
  const month = spendingMonth(now);
  const [row] = await db
    .select({ items: xSpendingMonths.items, requests: xSpendingMonths.requests })
    .from(xSpendingMonths)
    .where(eq(xSpendingMonths.month, month));
  return { month, items: row?.items ?? 0, requests: row?.requests ?? 0, cap: cap ?? null };
}

/** The ledger of the month's budget: `cap` posts and users per calendar month (UTC), all processes together. */
export function createXSpendingLedger(options: { db: Db; cap: number; now: () => Date }): SpendingLedger {
  const { db, cap } = options;
  return {
    async reserve(items) {
      const month = spendingMonth(options.now());
      const refused = async () => {
        const spent = await readXSpending(db, cap, new Date(`${month}-01T00:00:00Z`));
        return new XSpendingCapError("items", cap, spent.items);
      };
      // A new month's row starts at the reservation itself, which must fit on its own.
      if (items > cap) throw await refused();
      const [reserved] = await db
        .insert(xSpendingMonths)
        .values({ month, items })
        .onConflictDoUpdate({
          target: xSpendingMonths.month,
          set: { items: sql`${xSpendingMonths.items} + excluded.items`, updatedAt: sql`now()` },
          setWhere: sql`${xSpendingMonths.items} + excluded.items <= ${cap}`,
        })
        .returning({ items: xSpendingMonths.items });
      if (!reserved) throw await refused();
      return {
        settle: async (used) => {
          await db
            .update(xSpendingMonths)
            .set({
              items: sql`${xSpendingMonths.items} - ${items - used}`,
              requests: sql`${xSpendingMonths.requests} + 1`,
              updatedAt: sql`now()`,
            })
            .where(eq(xSpendingMonths.month, month));
        },
      };
    },
  };
}
