import { defineConfig } from "vitest/config";

// One template database per test run, shared by every worker (see packages/db/src/testing.ts).
process.env.DROPFAIR_TEST_RUN ??= `${process.pid}-${Date.now()}`;

export default defineConfig({
  test: {
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
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      "apps/web/vitest.config.ts",
    ],
  },
});
