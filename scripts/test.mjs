#!/usr/bin/env node
// `npm test`: lint, types, unit and API tests on PGlite, the database tests again on PostgreSQL
// when a server answers on 127.0.0.1:5432 (or TEST_DATABASE_URL), then the browser tests. The PostgreSQL step
// also runs the Redis suites (`*.redis.test.ts`) when a Redis answers on 127.0.0.1:6379 (or TEST_REDIS_URL).
// Under CI (CI set, as .ci/run does) PostgreSQL and Redis are required: without a server the run fails.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { connect } from "node:net";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const bin = (name) => join(root, "node_modules/.bin", name);
const started = Date.now();
const ci = Boolean(process.env.CI) && !["0", "false"].includes(process.env.CI.toLowerCase());

function step(label, command, args, env = {}, onFailure = () => {}) {
  const begin = Date.now();
  console.log(`\n▸ ${label}`);
  // A variable given as undefined is removed from the child's environment.
  const childEnv = Object.fromEntries(
    Object.entries({ ...process.env, ...env }).filter((entry) => entry[1] !== undefined),
  );
  const result = spawnSync(command, args, { cwd: root, stdio: "inherit", env: childEnv });
  if (result.status !== 0) {
    onFailure();
    console.error(`\n✗ ${label} failed`);
    process.exit(result.status ?? 1);
  }
  console.log(`✓ ${label} (${Math.round((Date.now() - begin) / 1000)} s)`);
}

async function postgresUrl() {
  const url = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
  const reachable = async () => {
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
    try {
      await client.connect();
      await client.query("select 1");
      return true;
    } catch {
      return false;
    } finally {
      await client.end().catch(() => undefined);
    }
  };
  if (await reachable()) return url;
  if (process.env.TEST_DATABASE_URL) throw new Error(`TEST_DATABASE_URL is set but ${url} does not answer`);
  // A local cluster that is installed but stopped can be started (Debian's pg_ctlcluster).
  if (existsSync("/etc/postgresql")) {
    for (const version of readdirSync("/etc/postgresql")) {
      spawnSync("pg_ctlcluster", ["--skip-systemctl-redirect", version, "main", "start"], {
        stdio: "ignore",
      });
    }
    if (await reachable()) return url;
  }
  return undefined;
}

/** A Redis that answers PING (TEST_REDIS_URL, else the local default), or undefined. */
async function redisUrl() {
  const url = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";
  const { hostname, port } = new URL(url);
  const answers = await new Promise((resolvePing) => {
    const socket = connect({ host: hostname.replace(/^\[|\]$/g, ""), port: Number(port || 6379) });
    const done = (answer) => {
      socket.destroy();
      resolvePing(answer);
    };
    socket.setTimeout(3000, () => done(false));
    socket.on("error", () => done(false));
    socket.on("connect", () => socket.write("PING\r\n"));
    socket.on("data", (data) => done(data.toString().startsWith("+PONG")));
  });
  if (answers) return url;
  if (process.env.TEST_REDIS_URL) throw new Error(`TEST_REDIS_URL is set but ${url} does not answer`);
  return undefined;
}

/**
 * A failed browser test leaves the page as it was (an accessibility snapshot) in error-context.md beside its
 * trace. CI keeps only the log, so the snapshots are printed there: a failure that happens once can be read.
 */
function printErrorContexts() {
  const results = resolve(root, "apps/web", process.env.E2E_OUTPUT_DIR ?? "test-results");
  if (!existsSync(results)) return;
  for (const entry of readdirSync(results, { recursive: true })) {
    if (!String(entry).endsWith("error-context.md")) continue;
    const file = join(results, String(entry));
    console.error(`\n── ${file}\n${readFileSync(file, "utf8")}`);
  }
}

const only = process.argv[2];
if (!only || only === "static") {
  step("lint and format (Biome)", bin("biome"), ["check", "."]);
  step("import boundaries", process.execPath, ["scripts/check-boundaries.mjs"]);
  step("types (server and packages)", bin("tsc"), ["--noEmit", "-p", "tsconfig.json"]);
  step("types (web)", bin("tsc"), ["--noEmit", "-p", "apps/web/tsconfig.json"]);
}
if (!only || only === "unit") {
  // Looked for first, so that CI without PostgreSQL fails at once rather than after the PGlite run.
  const url = await postgresUrl();
  if (!url && ci) {
    console.error(
      "\n✗ CI needs PostgreSQL: no server answers on 127.0.0.1:5432 (.ci/postgres.sh installs and starts one)",
    );
    process.exit(1);
  }
  const redis = await redisUrl();
  if (!redis && ci) {
    console.error("\n✗ CI needs Redis: no server answers on 127.0.0.1:6379 (.ci/redis.sh starts one)");
    process.exit(1);
  }
  step("unit and API tests on PGlite", bin("vitest"), ["run"], {
    TEST_DATABASE_URL: undefined,
    TEST_REDIS_URL: undefined,
  });
  if (url) {
    step(
      `database and API tests on PostgreSQL${redis ? " (and rate limits in Redis)" : ""}`,
      bin("vitest"),
      ["run", "--project", "node", "packages/db", "apps/api"],
      {
        TEST_DATABASE_URL: url,
        TEST_REDIS_URL: redis,
      },
    );
    if (!redis) console.log("\n– no Redis server on 127.0.0.1:6379: the Redis rate-limit tests did not run");
  } else {
    console.log("\n– no PostgreSQL server on 127.0.0.1:5432: database tests ran on PGlite only");
  }
}
if (!only || only === "e2e") {
  if (!existsSync("/usr/bin/chromium")) {
    console.error(
      "✗ the browser tests need Chromium at /usr/bin/chromium (Debian: apt-get install -y chromium)",
    );
    process.exit(1);
  }
  step(
    "browser tests (Playwright, Chromium)",
    bin("playwright"),
    ["test", "-c", "apps/web/playwright.config.ts"],
    {},
    printErrorContexts,
  );
}
console.log(`\n✓ all tests passed in ${Math.round((Date.now() - started) / 1000)} s`);
