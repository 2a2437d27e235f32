import { type SQL, sql } from "@dropfair/db";

/** A JSON value as one jsonb parameter: bulk rows go in as `jsonb_to_recordset(...)` on PGlite and PostgreSQL alike. */
export function jsonParameter(value: unknown): SQL {
  return sql`${JSON.stringify(value)}::jsonb`;
}
