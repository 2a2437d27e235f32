// The job worker as a real child process (`apps/worker/src/main.ts`, the same entry point as production), for
// the tests that kill it: it needs PostgreSQL (PGlite cannot be shared between processes). Its log lines are
// kept, parsed, so a test can wait for one (`worker.ready`, `job.start`). `startNodeProcess` starts any entry
// point so (the API server too).
import { type ChildProcess, spawn } from "node:child_process";
import { fileURLToPath } from "node:url";

const workerEntry = fileURLToPath(new URL("../../worker/src/main.ts", import.meta.url));

export type LogLine = Record<string, unknown> & { event?: string; msg?: string };

export type WorkerProcess = {
  pid: number;
  /** Every JSON log line so far, in order. */
  lines: LogLine[];
  /** Resolves with the first log line (from `from` on) that `match` accepts. */
  waitForLine(match: (line: LogLine) => boolean, timeoutMs?: number, from?: number): Promise<LogLine>;
  /** Sends `signal` and resolves with how the process ended. */
  kill(signal: NodeJS.Signals): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Resolves with how the process ended (it may be running still). */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Whether the process is still running. */
  running(): boolean;
  /** The process's output so far, for failure messages. */
  output(): string;
};

/** Starts one worker and resolves once it logs `worker.ready`. */
export function startWorker(environment: Record<string, string>): Promise<WorkerProcess> {
  return startNodeProcess(workerEntry, { LOG_LEVEL: "info", ...environment }, "worker.ready");
}

/** Starts `entry` (TypeScript, through tsx) and resolves once it logs the event `ready`. */
export async function startNodeProcess(
  entry: string,
  environment: Record<string, string>,
  ready: string,
): Promise<WorkerProcess> {
  const child = spawn(process.execPath, ["--import", "tsx", entry], {
    env: {
      PATH: process.env.PATH ?? "",
      HOME: process.env.HOME ?? "",
      // Required outside sandbox mode; any stable value of 32 characters or more.
      NEWSLETTER_SECRET: "process-tests-newsletter-secret-0123456789",
      ...environment,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const started = watch(child);
  await started.waitForLine((line) => line.event === ready, 120_000);
  return started;
}

function watch(child: ChildProcess): WorkerProcess {
  const lines: LogLine[] = [];
  let text = "";
  let pending = "";
  const waiters = new Set<() => void>();
  child.stdout?.on("data", (chunk) => {
    text += chunk;
    pending += chunk;
    const parts = pending.split("\n");
    pending = parts.pop() ?? "";
    for (const part of parts) {
      try {
        lines.push(JSON.parse(part) as LogLine);
      } catch {
        // not a log line (a stray print): kept in the text only
      }
    }
    for (const wake of waiters) wake();
  });
  child.stderr?.on("data", (chunk) => {
    text += chunk;
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.once("exit", (code, signal) => {
      resolve({ code, signal });
      for (const wake of waiters) wake();
    });
  });
  const output = () => text.slice(-6000);
  return {
    pid: child.pid ?? 0,
    lines,
    exited,
    output,
    running: () => child.exitCode === null && child.signalCode === null,
    waitForLine: (match, timeoutMs = 60_000, from = 0) =>
      new Promise<LogLine>((resolve, reject) => {
        const check = () => {
          const found = lines.slice(from).find(match);
          if (found) return finish(() => resolve(found));
          if (child.exitCode !== null || child.signalCode !== null)
            return finish(() => reject(new Error(`the worker exited before the line came:\n${output()}`)));
        };
        const timer = setTimeout(
          () => finish(() => reject(new Error(`no such log line within ${timeoutMs} ms:\n${output()}`))),
          timeoutMs,
        );
        const finish = (settle: () => void) => {
          clearTimeout(timer);
          waiters.delete(check);
          settle();
        };
        waiters.add(check);
        check();
      }),
    kill: async (signal) => {
      if (child.exitCode !== null || child.signalCode !== null)
        throw new Error(`the worker had already exited:\n${output()}`);
      if (!child.kill(signal)) throw new Error(`could not send ${signal} to the worker`);
      return exited;
    },
  };
}
