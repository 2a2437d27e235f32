// T27: SIGTERM to the real API server (`apps/api/src/server.ts` as a child process, embedded worker) while
// autocannon keeps 100 connections busy, a sign-in request is in flight (its body still arriving) and a picker
// pipeline job is running (held at X). Every request in flight gets its answer; requests after the stop get 503
// with `Connection: close`, then new connections are refused. Counted on the client, connection by connection,
// every request sent is answered except those the server never read (written after its `Connection: close`, or
// on a connection reset before it was read); the job's grace is measured from SIGTERM, so it is returned to the
// queue and the process exits cleanly within the shutdown timeout even though the in-flight request took half of
// it. PostgreSQL (TEST_DATABASE_URL): the test reads the job's row. docs/security.md says what this measures.
import { request as httpRequest } from "node:http";
import type { Socket } from "node:net";
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

/** One connection of the load, as its client saw it. */
type LoadSocket = {
  connected: boolean;
  written: number;
  answered: number;
  /** Requests written after an answer with `Connection: close` on this connection. */
  writtenAfterClose: number;
  closeAnswered: boolean;
  reset: boolean;
};

/**
 * Counts autocannon's requests on the client, connection by connection: written, answered, and why any went
 * unanswered. autocannon writes a connection's first request before the connection is up, so a request counts
 * as sent only on a connection that was established (a refused one sent nothing).
 */
function trackLoad() {
  const sockets = new Map<Socket, LoadSocket>();
  let reading: LoadSocket | undefined;
  function track(socket: Socket) {
    let seen = sockets.get(socket);
    if (seen) return seen;
    const created: LoadSocket = {
      connected: !socket.connecting,
      written: 0,
      answered: 0,
      writtenAfterClose: 0,
      closeAnswered: false,
      reset: false,
    };
    seen = created;
    sockets.set(socket, created);
    socket.once("connect", () => {
      created.connected = true;
    });
    // Before autocannon parses the chunk: the answer it finds came on this connection.
    socket.prependListener("data", () => {
      reading = created;
    });
    socket.on("error", (error: NodeJS.ErrnoException) => {
      if (error.code === "ECONNRESET" || error.code === "EPIPE") created.reset = true;
    });
    return created;
  }
  type Client = { conn: Socket; on(event: string, listener: (...values: never[]) => void): void };
  return {
    setupClient(client: Client) {
      client.on("request", () => {
        const socket = track(client.conn);
        socket.written++;
        if (socket.closeAnswered) socket.writtenAfterClose++;
      });
      client.on("headers", (info: { headers: string[] }) => {
        const closes = info.headers.some(
          (value, index) =>
            index % 2 === 0 && value.toLowerCase() === "connection" && info.headers[index + 1] === "close",
        );
        if (reading && closes) reading.closeAnswered = true;
      });
      client.on("response", () => {
        if (reading) reading.answered++;
      });
    },
    summary() {
      const total = { sent: 0, answered: 0, writtenAfterClose: 0, reset: 0, other: 0 };
      for (const socket of sockets.values()) {
        if (!socket.connected) continue;
        total.sent += socket.written;
        total.answered += socket.answered;
        const unanswered = socket.written - socket.answered;
        const afterClose = Math.min(unanswered, socket.writtenAfterClose);
        total.writtenAfterClose += afterClose;
        total[socket.reset ? "reset" : "other"] += unanswered - afterClose;
      }
      return total;
    },
  };
}

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

    // 100 connections of steady reads, counted on the client: what was sent, what was answered, what failed.
    const statuses: Record<number, number> = {};
    const errors: Record<string, number> = {};
    const tracked = trackLoad();
    const load = autocannon({
      url: `${base}/api/bounty/platform/config`,
      connections: 100,
      duration: 60,
      // Not in autocannon's types, but an option of its own (called with each client before it connects).
      ...({ setupClient: tracked.setupClient } as object),
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
    // client that connected once the listener had closed was refused (its request never left: not counted as
    // sent). autocannon ignores `Connection: close` and writes its next request on the socket the server is
    // closing, which the kernel resets; no other error is allowed.
    expect(Object.keys(statuses).sort()).toEqual(["200", "503"]);
    expect(
      Object.keys(errors).filter((code) => !["ECONNREFUSED", "ECONNRESET", "EPIPE"].includes(code)),
    ).toEqual([]);

    // Nothing lost, counted on both sides. The server answered every request it read: its log has as many
    // completions as arrivals (the load's, the sign-in message and the login).
    const incoming = running.lines.filter((line) => line.msg === "incoming request").length;
    const completed = running.lines.filter((line) => line.msg === "request completed").length;
    expect(completed).toBe(incoming);
    const serverRead = incoming - 2;
    const counted = tracked.summary();
    expect(counted.answered).toBe(Object.values(statuses).reduce((sum, count) => sum + count, 0));
    expect({
      // Every request the server read got its answer to the client…
      answered: counted.answered,
      // …and every request the client sent and got no answer for was one the server never read: written after
      // the server's `Connection: close` (the kernel drops or resets it), or on a connection reset before the
      // server read it (closed idle as the listener closed). None was left without an answer otherwise.
      unansweredAfterCloseOrReset: counted.writtenAfterClose + counted.reset,
      unansweredOtherwise: counted.other,
    }).toEqual({
      answered: serverRead,
      unansweredAfterCloseOrReset: counted.sent - serverRead,
      unansweredOtherwise: 0,
    });

    // The job got its grace from SIGTERM and went back to the queue: another worker picks it up.
    const [after] = await boss.findJobs(pickerPipelineJob.queue, { id: job?.id });
    expect(after?.state).toBe("retry");
    const stopLine = running.lines.find((line) => line.event === "server.stop");
    expect(stopLine).toBeDefined();
  }, 180_000);
});
