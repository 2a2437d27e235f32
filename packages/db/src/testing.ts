import { createHash, randomBytes } from "node:crypto";
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { type DatabaseHandle, migrateDatabase, migrationsFolder, openDatabase } from "./client.ts";

/**
 * Test databases. PGlite takes a while to boot and migrate, so the first call per test run migrates
 * once and dumps the data directory; every test file then loads its own copy of that template.
 * With TEST_DATABASE_URL set, each test file gets a fresh PostgreSQL database instead, copied from a migrated
 * template database (below).
 */
const templateFile = join(
  tmpdir(),
  `dropfair-pglite-template-${process.env.DROPFAIR_TEST_RUN ?? process.pid}.tar.gz`,
);

async function pgliteTemplate(): Promise<Blob> {
  try {
    if (statSync(templateFile).size > 0) return new Blob([readFileSync(templateFile)]);
  } catch {
    // no template yet: build it below
  }
  const pglite = await PGlite.create();
  const handle = await openDatabase({ pglite });
  await migrateDatabase(handle);
  const dump = await pglite.dumpDataDir("gzip");
  await pglite.close();
  const bytes = Buffer.from(await dump.arrayBuffer());
  mkdirSync(tmpdir(), { recursive: true });
  const partial = `${templateFile}.${process.pid}.part`;
  writeFileSync(partial, bytes);
  // rename is atomic, so concurrent workers never read a half-written template
  (await import("node:fs")).renameSync(partial, templateFile);
  return new Blob([bytes]);
}

export type TestDatabase = DatabaseHandle & { destroy(): Promise<void> };

export async function createTestDatabase(): Promise<TestDatabase> {
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const name = `dropfair_test_${randomBytes(6).toString("hex")}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      await admin.query(`create database ${name} template ${await postgresTemplate(admin, url)}`);
    } finally {
      await admin.end();
    }
    const handle = await openDatabase({ databaseUrl: databaseUrlOf(url, name), poolSize: 5 });
    return {
      ...handle,
      destroy: async () => {
        await handle.close();
        const cleanup = new pg.Client({ connectionString: url });
        await cleanup.connect();
        await cleanup.query(`drop database if exists ${name} with (force)`);
        await cleanup.end();
      },
    };
  }
  const pglite = await PGlite.create({ loadDataDir: await pgliteTemplate() });
  const handle = await openDatabase({ pglite });
  return { ...handle, destroy: () => handle.close() };
}

function databaseUrlOf(serverUrl: string, database: string): string {
  const target = new URL(serverUrl);
  target.pathname = `/${database}`;
  return target.toString();
}

/** The committed migrations' content, so that a changed or added migration gets a template of its own. */
function migrationsDigest(): string {
  const hash = createHash("sha256");
  for (const file of readdirSync(migrationsFolder, { recursive: true }).map(String).sort()) {
    const path = join(migrationsFolder, file);
    if (!statSync(path).isFile()) continue;
    hash.update(file).update("\0").update(readFileSync(path)).update("\0");
  }
  return hash.digest("hex").slice(0, 16);
}

/**
 * The migrated schema as a PostgreSQL database that test databases are copied from (`create database … template`
 * copies files: a tenth of a second, against about a second to apply the migrations to an empty one). It is named
 * by the migrations' digest and kept on the server, so it is built once per schema version, under an advisory
 * lock against concurrent workers; it is built under a temporary name and renamed when complete, so a run killed
 * half-way never leaves a half-migrated template behind.
 */
async function postgresTemplate(admin: pg.Client, serverUrl: string): Promise<string> {
  const name = `dropfair_template_${migrationsDigest()}`;
  await admin.query("select pg_advisory_lock(727275)");
  try {
    const found = await admin.query("select 1 from pg_database where datname = $1", [name]);
    if (found.rowCount === 1) return name;
    const building = `${name}_building`;
    await admin.query(`drop database if exists ${building} with (force)`);
    await admin.query(`create database ${building}`);
    const handle = await openDatabase({ databaseUrl: databaseUrlOf(serverUrl, building), poolSize: 1 });
    try {
      await migrateDatabase(handle);
    } finally {
      await handle.close();
    }
    await admin.query(`alter database ${building} rename to ${name}`);
    return name;
  } finally {
    await admin.query("select pg_advisory_unlock(727275)");
  }
}
