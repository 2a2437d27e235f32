import { readdirSync, readFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import { configDefaults, defineConfig } from "vitest/config";

// One PGlite template per test run, shared by every worker (see packages/db/src/testing.ts).
process.env.DROPFAIR_TEST_RUN ??= `${process.pid}-${Date.now()}`;

// Suites that need a server of their own run only where one is named: `*.pg.test.ts` with TEST_DATABASE_URL
// (several processes on one PostgreSQL database), `*.redis.test.ts` with TEST_REDIS_URL. npm test names them,
// and under CI fails when they do not answer (scripts/test.mjs).
const needsServer = [
  ...(process.env.TEST_DATABASE_URL ? [] : ["**/*.pg.test.ts"]),
  ...(process.env.TEST_REDIS_URL ? [] : ["**/*.redis.test.ts"]),
];

// The node project's files share their worker's module cache (below), where a module mock would leak into the
// files after it, or miss a module already loaded. Such a test belongs in an isolated project: say so at once.
const nodeTestFolders = ["packages", "apps/api/test", "scripts/test"];
const mockingNodeTests = nodeTestFolders
  .flatMap((folder) =>
    readdirSync(folder, { recursive: true })
      .map(String)
      .filter((file) => file.endsWith(".test.ts") && !file.includes("node_modules"))
      .map((file) => `${folder}/${file}`),
  )
  .filter((file) => /\bvi\.(do)?mock\(/.test(readFileSync(file, "utf8")));
if (mockingNodeTests.length > 0)
  throw new Error(`module mocks in tests that share a worker's modules: ${mockingNodeTests.join(", ")}`);

export default defineConfig({
  test: {
    // A forgotten `.only` fails the run instead of silently narrowing it.
    allowOnly: false,
    // vitest's default is one worker fewer than the cores: one worker on a 2-core runner, where much of a test's
    // time is spent waiting on a local chain, a sandbox or PGlite. Two use both cores (three were no faster).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        test: {
          name: "node",
          include: [
            "packages/*/test/**/*.test.ts",
            "apps/api/test/**/*.test.ts",
            "scripts/test/**/*.test.ts",
          ],
          exclude: [...configDefaults.exclude, ...needsServer],
          environment: "node",
          allowOnly: false,
          // The files of a worker share its module cache: the app's module graph is imported once a worker instead
          // of once a file (about 4 s each). So no test here mocks modules (checked above), and the test helpers
          // reset their module state in their own set-up (apps/api/test/*-helper.ts).
          isolate: false,
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      "apps/web/vitest.config.ts",
    ],
  },
});
