// Every row of every table of a test database, to show that a refused request changed nothing at all. The
// rate-limit counters are left out: every request, refused or not, counts there.
import { type Db, type SQL, sql } from "@dropfair/db";

export type TableSnapshot = Record<string, string[]>;

/** Each table's rows as sorted JSON lines (bigints spelled out), keyed by schema.table. */
export async function everyTableOf(db: Db): Promise<TableSnapshot> {
  const rowsOf = async (query: SQL) =>
    ((await db.execute(query)) as unknown as { rows: Record<string, unknown>[] }).rows;
  const tables = await rowsOf(
    sql`select table_schema, table_name from information_schema.tables
        where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema')
          and table_name <> 'rate_limit_counters'`,
  );
  const snapshot: TableSnapshot = {};
  for (const { table_schema: schema, table_name: name } of tables) {
    const rows = await rowsOf(sql.raw(`select * from "${schema}"."${name}"`));
    snapshot[`${schema}.${name}`] = rows
      .map((row) => JSON.stringify(row, (_, value) => (typeof value === "bigint" ? `${value}n` : value)))
      .sort();
  }
  return snapshot;
}
