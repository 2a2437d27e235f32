// T27: SIGTERM to the real API server (`apps/api/src/server.ts` as a child process, embedded worker) while
// autocannon keeps 100 connections busy, a sign-in request is in flight (its body still arriving) and a picker
// pipeline job is running (held at X). Every request in flight gets its answer; requests after the stop get 503
// with `Connection: close`, then new connections are refused; no request is reset; the job's grace is measured
// from SIGTERM, so it is returned to the queue and the process exits cleanly within the shutdown timeout even
// though the in-flight request took half of it. PostgreSQL (TEST_DATABASE_URL): the test reads the job's row.
import { request as httpRequest } from "node:http";
import { fileURLToPath } from "node:url";
import { createTestDatabase, type TestDatabase } from "@dropfair/db/testing";
import { createXSandbox, type XSandbox } from "@dropfair/sandbox/x";
import autocannon from "autocannon";
import { PgBoss } from "pg-boss";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { enqueuePickerPipeline, pickerPipelineJob } from "../src/modules/picker/index.ts";
import { newWallet } from "./helper.ts";
import { insertPicker } from "./picker-pipeline-harness.ts";
import { startNodeProcess, type WorkerProcess } from "./worker-process-helper.ts";

const serverEntry = fileURLToPath(new URL("../src/server.ts", import.meta.url));
const shutdownTimeoutMs = 8000;

let database: TestDatabase;
let sandbox: XSandbox;
let boss: PgBoss;
let server: WorkerProcess | undefined;
let releaseX: () => void = () => undefined;

beforeAll(async () => {
  if (!process.env.TEST_DATABASE_URL) throw new Error("set TEST_DATABASE_URL (PostgreSQL)");
  database = await createTestDatabase();
  if (database.kind !== "postgres") throw new Error("expected a PostgreSQL test database");
  sandbox = createXSandbox({ seed: "graceful-shutdown", benchEntrants: 2000, rateLimits: false });
  const released = new Promise<void>((resolve) => {
    releaseX = resolve;
  });
  // The reposters' list never answers until the test is over: the job stays running.
  sandbox.addHook("onRequest", async (request) => {
    if (request.routeOptions.url === "/2/tweets/:id/retweeted_by") await released;
  });
  await sandbox.listen({ port: 0, host: "127.0.0.1" });
  const address = sandbox.server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  boss = new PgBoss({
    connectionString: database.connectionString,
    max: 2,
    supervise: false,
    schedule: false,
  });
  boss.on("error", () => undefined);
  server = await startNodeProcess(
    serverEntry,
    {
      HOST: "127.0.0.1",
      PORT: "0",
      LOG_LEVEL: "info",
      DATABASE_URL: database.connectionString,
      X_API_BASE: `http://127.0.0.1:${port}`,
      X_BEARER_TOKEN: sandbox.appBearerToken,
      SHUTDOWN_TIMEOUT_MS: String(shutdownTimeoutMs),
      RATE_LIMIT_PER_MINUTE: "100000000",
      SIGN_IN_RATE_LIMIT_PER_MINUTE: "100000",
    },
    "server.ready",
  );
  await boss.start();
}, 180_000);

afterAll(async () => {
  releaseX();
  if (server?.running()) await server.kill("SIGKILL");
  await boss?.stop({ graceful: false, timeout: 2000 });
  await sandbox?.close();
  await database?.destroy();
});

/** A sign-in whose body is half sent: in flight at the server until `finish` sends the rest. */
async function slowSignIn(base: string) {
  const wallet = newWallet();
  const issued = await fetch(`${base}/api/reg/Authentication/signMsg/Dropfair/${wallet.address}`);
  expect(issued.status).toBe(200);
  const message = ((await issued.json()) as { content: string }).content;
  const body = JSON.stringify({ signature: await wallet.signMessage({ message }) });
  const login = httpRequest(`${base}/api/reg/Authentication/login/Dropfair/${wallet.address}`, {
    method: "PUT",
    agent: false,
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
  login.flushHeaders();
  return { answered, finish: () => login.end(body.slice(10)) };
}

describe("T27: SIGTERM under load", () => {
  it("answers what is in flight, refuses the rest cleanly, returns the running job, and exits within its timeout", async () => {
    const running = server!;
    const base = (running.lines.find((line) => line.event === "server.ready")?.address as string) ?? "";

    // A running job: the pipeline of a picker, waiting on X.
    const picker = await insertPicker(database.db, sandbox.world, {
      postId: sandbox.world.fixtures.posts.bench,
      ownerXUserId: sandbox.world.fixtures.users.benchHost.id,
    });
    await enqueuePickerPipeline(boss, picker.id);
    const [job] = await boss.findJobs(pickerPipelineJob.queue, { key: String(picker.id) });
    await running.waitForLine((line) => line.event === "job.start" && line.jobId === job?.id, 60_000);

    // 100 connections of steady reads.
    const statuses: Record<number, number> = {};
    const errors: Record<string, number> = {};
    const load = autocannon({
      url: `${base}/api/bounty/platform/config`,
      connections: 100,
      duration: 60,
    });
    load.on("response", (_client: unknown, statusCode: number) => {
      statuses[statusCode] = (statuses[statusCode] ?? 0) + 1;
    });
    load.on("reqError", (error: NodeJS.ErrnoException) => {
      const code = error.code ?? error.message;
      errors[code] = (errors[code] ?? 0) + 1;
    });
    const finished = new Promise<autocannon.Result>((resolve) => load.on("done", resolve));
    await new Promise((resolve) => setTimeout(resolve, 3000));
    expect(statuses[200]).toBeGreaterThan(0);

    const slow = await slowSignIn(base);
    await new Promise((resolve) => setTimeout(resolve, 200));

    const stoppedAt = Date.now();
    const exited = running.kill("SIGTERM");
    // The in-flight sign-in takes half the shutdown timeout to finish sending its body.
    await new Promise((resolve) => setTimeout(resolve, shutdownTimeoutMs / 2));
    slow.finish();
    const answer = await slow.answered;
    const ended = await exited;
    const tookMs = Date.now() - stoppedAt;
    load.stop();
    await finished;

    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toMatchObject({ content: { token: expect.any(String) } });
    expect({ ended, withinTimeout: tookMs < shutdownTimeoutMs }).toEqual({
      ended: { code: 0, signal: null },
      withinTimeout: true,
    });
    // Answers were 200 (before the stop, and in flight at it) or 503 with `Connection: close` (after it); a
    // client that connected once the listener had closed was refused. autocannon ignores `Connection: close`
    // and writes its next request on the socket the server is closing: the kernel resets that write, which
    // never reached the server (no other error is allowed).
    expect(Object.keys(statuses).sort()).toEqual(["200", "503"]);
    expect(Object.keys(errors).filter((code) => code !== "ECONNREFUSED" && code !== "ECONNRESET")).toEqual(
      [],
    );

    // Nothing lost: every request that reached the server was answered, and every answer reached its client.
    const incoming = running.lines.filter((line) => line.msg === "incoming request").length;
    const completed = running.lines.filter((line) => line.msg === "request completed").length;
    expect(completed).toBe(incoming);
    // The load's answers, the sign-in message and the login.
    const received = Object.values(statuses).reduce((sum, count) => sum + count, 0) + 2;
    expect(received).toBe(completed);

    // The job got its grace from SIGTERM and went back to the queue: another worker picks it up.
    const [after] = await boss.findJobs(pickerPipelineJob.queue, { id: job?.id });
    expect(after?.state).toBe("retry");
    const stopLine = running.lines.find((line) => line.event === "server.stop");
    expect(stopLine).toBeDefined();
  }, 180_000);
});
