import type { DatabaseHandle } from "@dropfair/db";
import { fromPglite, PgBoss } from "pg-boss";

/** pg-boss on whichever database the app uses: its own pool on PostgreSQL, the shared instance on PGlite. */
export function createJobQueue(database: DatabaseHandle): PgBoss {
  if (database.kind === "pglite") {
    return new PgBoss({ db: fromPglite(database.pglite), schedule: true, supervise: true });
  }
  return new PgBoss({ connectionString: database.connectionString, max: 4, schedule: true, supervise: true });
}
