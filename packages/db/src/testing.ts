import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { type DatabaseHandle, migrateDatabase, openDatabase } from "./client.ts";

/**
 * Test databases. PGlite takes a while to boot and migrate, so the first call per test run migrates
 * once and dumps the data directory; every test file then loads its own copy of that template.
 * With TEST_DATABASE_URL set, each test file gets a fresh PostgreSQL database instead.
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
    await admin.query(`create database ${name}`);
    await admin.end();
    const target = new URL(url);
    target.pathname = `/${name}`;
    const handle = await openDatabase({ databaseUrl: target.toString(), poolSize: 5 });
    await migrateDatabase(handle);
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
