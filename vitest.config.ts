import { defineConfig } from "vitest/config";

// One template database per test run, shared by every worker (see packages/db/src/testing.ts).
process.env.DROPFAIR_TEST_RUN ??= `${process.pid}-${Date.now()}`;

export default defineConfig({
  test: {
    // A forgotten `.only` fails the run instead of silently narrowing it.
    allowOnly: false,
    projects: [
      {
        test: {
          name: "node",
          include: [
            "packages/*/test/**/*.test.ts",
            "apps/api/test/**/*.test.ts",
            "scripts/test/**/*.test.ts",
          ],
          environment: "node",
          allowOnly: false,
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      "apps/web/vitest.config.ts",
    ],
  },
});
