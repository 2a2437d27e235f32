import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { defineConfig, devices } from "@playwright/test";
import { e2eAdminAddress } from "./e2e/support/admin";

const repoRoot = resolve(import.meta.dirname, "../..");
// E2E_PORT lets two runs (say, two checkouts) each start their own stack side by side.
const port = process.env.E2E_PORT ?? "3100";
const baseURL = `http://127.0.0.1:${port}`;
// Workers re-read this file: share one fresh data directory through the environment.
process.env.DROPFAIR_E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), "dropfair-e2e-"));

const inheritedEnv = Object.fromEntries(
  Object.entries(process.env).filter((entry): entry is [string, string] => entry[1] !== undefined),
);

export default defineConfig({
  testDir: "./e2e",
  workers: 2,
  fullyParallel: false,
  retries: 0,
  forbidOnly: true,
  timeout: 60_000,
  expect: { timeout: 15_000 },
  reporter: [["list"]],
  outputDir: process.env.E2E_OUTPUT_DIR ?? "./test-results",
  use: {
    baseURL,
    trace: "retain-on-failure",
    launchOptions: { executablePath: "/usr/bin/chromium" },
  },
  projects: [
    {
      name: "chromium",
      use: { ...devices["Desktop Chrome"], launchOptions: { executablePath: "/usr/bin/chromium" } },
    },
  ],
  webServer: {
    // The production build served by the real stack (API, worker, sandbox upstreams, local chain).
    command: "node scripts/start.mjs",
    cwd: repoRoot,
    url: `${baseURL}/healthz`,
    env: {
      ...inheritedEnv,
      PORT: port,
      DATA_DIR: process.env.DROPFAIR_E2E_DATA_DIR,
      // One browser loads hundreds of pages and assets a minute here; the API's per-IP limit is not under test.
      RATE_LIMIT_PER_MINUTE: "100000",
      FEEDBACK_RATE_LIMIT_PER_HOUR: "100000",
      // The specs read the sandboxes' fixtures through their test-control routes.
      SANDBOX_CONTROL_API: "true",
      // The curation specs sign in as this administrator.
      ADMIN_ADDRESSES: e2eAdminAddress,
      // Every X read of the stack spends from the month's budget, as a deployment with a cap does.
      X_SPENDING_CAP: "3000000",
    },
    timeout: 300_000,
    // CI and the default run always start a fresh stack; DROPFAIR_E2E_REUSE=1 iterates against a running one.
    reuseExistingServer: process.env.DROPFAIR_E2E_REUSE === "1",
    stdout: "ignore",
    stderr: "pipe",
  },
});
