import { mkdtempSync } from "node:fs";
import { request } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createTestDatabase, type TestDatabase } from "@dropfair/db/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { purgeExpiredSignInsJob } from "../src/modules/auth/index.ts";
import { purgeExpiredXSignInsJob } from "../src/modules/x-auth/index.ts";
import { purgeExpiredRateLimitsJob } from "../src/platform/rate-limits.ts";
import { startServer } from "../src/server.ts";
import { newWallet } from "./helper.ts";

/** The real entry point: migrations, job queue, listener and graceful shutdown, on PGlite or PostgreSQL. */
let postgres: TestDatabase | undefined;
let environment: Record<string, string>;
beforeAll(async () => {
  environment = {
    PORT: "0",
    LOG_LEVEL: "silent",
    SHUTDOWN_TIMEOUT_MS: "8000",
    NEWSLETTER_SECRET: "server-tests-newsletter-secret-0123456789",
  };
  if (process.env.TEST_DATABASE_URL) {
    postgres = await createTestDatabase();
    if (postgres.kind === "postgres") environment.DATABASE_URL = postgres.connectionString;
  } else {
    environment.DATA_DIR = mkdtempSync(join(tmpdir(), "dropfair-server-"));
  }
});
afterAll(async () => {
  await postgres?.destroy();
});

describe("startServer", () => {
  it("serves, schedules the purge job, and shuts down gracefully", async () => {
    const server = await startServer(environment);
    const port = (server.app.server.address() as { port: number }).port;
    const base = `http://127.0.0.1:${port}`;
    expect((await fetch(`${base}/healthz`)).status).toBe(200);
    const ready = await fetch(`${base}/readyz`);
    expect(await ready.json()).toMatchObject({ status: "ready", checks: { database: "ok", jobs: "ok" } });

    const schedules = await server.boss.getSchedules();
    expect(schedules.map((schedule) => schedule.name)).toContain(purgeExpiredSignInsJob.queue);
    expect(schedules.map((schedule) => schedule.name)).toContain(purgeExpiredXSignInsJob.queue);
    expect(schedules.map((schedule) => schedule.name)).toContain(purgeExpiredRateLimitsJob.queue);

    // A request in flight when the stop begins still completes; the server then exits cleanly. The sign-in
    // is in flight for sure: the server has its headers and half its body when the stop begins.
    const wallet = newWallet();
    const issued = await fetch(`${base}/api/reg/Authentication/signMsg/Dropfair/${wallet.address}`);
    const message = ((await issued.json()) as { content: string }).content;
    const body = JSON.stringify({ signature: await wallet.signMessage({ message }) });
    const received = new Promise((resolve) => server.app.server.once("request", resolve));
    const login = request(`${base}/api/reg/Authentication/login/Dropfair/${wallet.address}`, {
      method: "PUT",
      headers: { "content-type": "application/json", "content-length": Buffer.byteLength(body) },
    });
    const answered = new Promise<{ status: number; body: string }>((resolve, reject) => {
      login.on("response", (response) => {
        let text = "";
        response.on("data", (chunk) => {
          text += chunk;
        });
        response.on("end", () => resolve({ status: response.statusCode ?? 0, body: text }));
      });
      login.on("error", reject);
    });
    login.write(body.slice(0, 10));
    await received;
    await new Promise((resolve) => setTimeout(resolve, 50));
    const stopped = server.stop("SIGTERM");
    await new Promise((resolve) => setTimeout(resolve, 50));
    login.end(body.slice(10));
    const answer = await answered;
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toMatchObject({ content: { token: expect.any(String) } });
    await stopped;
    await expect(fetch(`${base}/healthz`)).rejects.toThrow();
  });
});
