import { mkdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import type { ExtractTablesWithRelations } from "drizzle-orm";
import { drizzle as drizzleNodePostgres } from "drizzle-orm/node-postgres";
import { migrate as migrateNodePostgres } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import * as schema from "./schema/index.ts";

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Domain functions take a DbWriter so they work both standalone and inside a transaction. */
export type DbWriter = Db | Tx;

export const migrationsFolder = fileURLToPath(new URL("../migrations", import.meta.url));

export type DatabaseHandle =
  | { kind: "pglite"; db: Db; pglite: PGlite; close(): Promise<void>; ping(): Promise<void> }
  | {
      kind: "postgres";
      db: Db;
      pool: pg.Pool;
      connectionString: string;
      close(): Promise<void>;
      ping(): Promise<void>;
    };

export type DatabaseOptions =
  | { databaseUrl: string; poolSize?: number }
  | { dataDir: string }
  | { pglite: PGlite };

/** Opens PostgreSQL when a URL is given, otherwise an embedded PGlite in `dataDir` (or an existing instance). */
export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if ("databaseUrl" in options) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: options.poolSize ?? 10 });
    // An idle connection the server closes (a restart, a failover) is dropped from the pool and replaced on
    // the next query; without a listener its 'error' event would crash the process.
    pool.on("error", () => undefined);
    const db = drizzleNodePostgres(pool, { schema }) as unknown as Db;
    return {
      kind: "postgres",
      db,
      pool,
      connectionString: options.databaseUrl,
      close: () => pool.end(),
      ping: async () => {
        await pool.query("select 1");
      },
    };
  }
  let pglite: PGlite;
  if ("pglite" in options) {
    pglite = options.pglite;
  } else {
    mkdirSync(options.dataDir, { recursive: true });
    pglite = await PGlite.create(options.dataDir);
  }
  const db = drizzlePglite(pglite, { schema }) as unknown as Db;
  return {
    kind: "pglite",
    db,
    pglite,
    close: () => pglite.close(),
    ping: async () => {
      await pglite.query("select 1");
    },
  };
}

/** Applies the committed migrations; safe to run at every start and from several replicas. */
export async function migrateDatabase(handle: DatabaseHandle): Promise<void> {
  if (handle.kind === "pglite") {
    await migratePglite(drizzlePglite(handle.pglite), { migrationsFolder });
    return;
  }
  // An advisory lock keeps replicas that start together from racing on the same migration.
  const client = await handle.pool.connect();
  try {
    await client.query("select pg_advisory_lock(727274)");
    await migrateNodePostgres(drizzleNodePostgres(client), { migrationsFolder });
  } finally {
    await client.query("select pg_advisory_unlock(727274)").catch(() => undefined);
    client.release();
  }
}
