// Real API replicas for the tests that need more than one process: each is `apps/api/src/server.ts` started as
// a child process (the same entry point as production), on a port of its own, with the environment given.
import { type ChildProcess, spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { expect } from "vitest";
import { newWallet } from "./helper.ts";

const serverEntry = fileURLToPath(new URL("../src/server.ts", import.meta.url));

export type Replica = {
  base: string;
  fetch(path: string, init?: RequestInit & { clientIp?: string }): Promise<Response>;
  stop(): Promise<void>;
  /** Sends `signal` and resolves with how the process ended. */
  kill(signal: NodeJS.Signals): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
};

/** Starts one API process and resolves once it listens (its `server.ready` log line names the address). */
export function startReplica(environment: Record<string, string>): Promise<Replica> {
  const child = spawn(process.execPath, ["--import", "tsx", serverEntry], {
    env: {
      PATH: process.env.PATH ?? "",
      HOME: process.env.HOME ?? "",
      HOST: "127.0.0.1",
      PORT: "0",
      LOG_LEVEL: "info",
      WORKER_MODE: "off",
      SHUTDOWN_TIMEOUT_MS: "3000",
      // Required outside sandbox mode; any stable value of 32 characters or more.
      NEWSLETTER_SECRET: "replica-tests-newsletter-secret-0123456789",
      ...environment,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  return new Promise<Replica>((resolve, reject) => {
    const onExit = (code: number | null) =>
      reject(new Error(`the API process exited (${code}) before it was ready:\n${output.slice(-4000)}`));
    child.once("exit", onExit);
    child.stderr?.on("data", (chunk) => {
      output += chunk;
    });
    let pending = "";
    child.stdout?.on("data", (chunk) => {
      pending += chunk;
      const lines = pending.split("\n");
      pending = lines.pop() ?? "";
      for (const line of lines) {
        output += `${line}\n`;
        const ready = readyAddress(line);
        if (!ready) continue;
        child.off("exit", onExit);
        resolve(replicaAt(ready, child));
      }
    });
  });
}

function readyAddress(line: string): string | undefined {
  if (!line.includes('"server.ready"')) return undefined;
  try {
    const entry = JSON.parse(line) as { event?: string; address?: string };
    return entry.event === "server.ready" ? entry.address : undefined;
  } catch {
    return undefined;
  }
}

function replicaAt(base: string, child: ChildProcess): Replica {
  const ended = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null)
      resolve({ code: child.exitCode, signal: child.signalCode });
    else child.once("exit", (code, signal) => resolve({ code, signal }));
  });
  const exited = ended.then(() => undefined);
  return {
    base,
    fetch: (path, init = {}) => {
      const { clientIp, ...rest } = init;
      const headers = new Headers(rest.headers);
      // The replicas trust 127.0.0.1 as a proxy: each burst of a test speaks for a client address of its own.
      if (clientIp) headers.set("x-forwarded-for", clientIp);
      return fetch(`${base}${path}`, { ...rest, headers });
    },
    kill: async (signal) => {
      if (child.exitCode !== null || child.signalCode !== null)
        throw new Error("the API process had already exited");
      if (!child.kill(signal)) throw new Error(`could not send ${signal} to the API process`);
      return ended;
    },
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill("SIGTERM");
      const killer = setTimeout(() => child.kill("SIGKILL"), 10_000);
      await exited;
      clearTimeout(killer);
    },
  };
}

/** The limits the replicas run with: small, so that a burst crosses each of them. */
export const replicaLimits = {
  RATE_LIMIT_PER_MINUTE: "12",
  SIGN_IN_RATE_LIMIT_PER_MINUTE: "5",
  REFERRAL_LOOKUP_RATE_LIMIT_PER_MINUTE: "1000",
  REFERRAL_LOOKUP_MISS_LIMIT: "4",
  MISSION_CHECK_RATE_LIMIT_PER_MINUTE: "3",
  MISSION_CHECK_IP_RATE_LIMIT_PER_MINUTE: "1000",
  SEARCH_RATE_LIMIT_PER_MINUTE: "4",
  TRUSTED_PROXIES: "127.0.0.1",
};

/** Sends `count` requests at once, alternating between the replicas; answers in sending order. */
export async function burstAcross(
  replicas: Replica[],
  count: number,
  request: (replica: Replica, index: number) => Promise<Response>,
) {
  const answers = await Promise.all(
    Array.from({ length: count }, async (_, index) => {
      const response = await request(replicas[index % replicas.length]!, index);
      return { status: response.status, body: (await response.json()) as Record<string, unknown> };
    }),
  );
  return {
    answers,
    /** How many of each status, e.g. `{200: 12, 429: 8}`. */
    tally: answers.reduce<Record<number, number>>((tally, answer) => {
      tally[answer.status] = (tally[answer.status] ?? 0) + 1;
      return tally;
    }, {}),
  };
}

const tooManyRequests = {
  content: null,
  typeCode: 450,
  message: "Too many requests. Please wait a moment and try again.",
};

/**
 * Bursts split across the replicas against each kind of limit: the global per-IP limit, a route's own limit
 * (sign-in), a hand-written throttle (referral look-ups of unknown codes), and `createRateLimit` limits keyed
 * by user (mission checks) and by IP across routes (searches). Each must refuse exactly the requests past the shared limit; the answers of all
 * four are compared at once, so a failure shows every limit that did not hold.
 */
export async function expectSharedLimits(replicas: Replica[]) {
  const global = await burstAcross(replicas, 20, (replica) =>
    replica.fetch("/api/bounty/platform/config", { clientIp: "198.51.100.1" }),
  );
  const signInMessages = await burstAcross(replicas, 11, (replica, index) =>
    replica.fetch(`/api/reg/Authentication/signMsg/Dropfair/${addressOf(index)}`, {
      clientIp: "198.51.100.2",
    }),
  );
  const lookups = await burstAcross(replicas, 10, (replica, index) =>
    replica.fetch(`/api/bounty/referral/codes/unknown-${index}`, { clientIp: "198.51.100.3" }),
  );
  const searches = await burstAcross(replicas, 9, (replica, index) =>
    replica.fetch(
      index % 3 ? `/api/bounty/picker/seed/no-such-seed-${index}` : "/api/bounty/picker/resolve?q=x",
      {
        clientIp: "198.51.100.6",
      },
    ),
  );
  // One wallet signed in on the first replica, checking through both.
  const token = await signInThrough(replicas[0]!, "198.51.100.4");
  const checks = await burstAcross(replicas, 7, (replica) =>
    replica.fetch("/api/bounty/missions/987654/check", {
      method: "POST",
      clientIp: "198.51.100.5",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: "{}",
    }),
  );

  expect({
    global: global.tally,
    signInMessages: signInMessages.tally,
    lookups: lookups.tally,
    checks: checks.tally,
    searches: searches.tally,
  }).toEqual({
    global: { 200: 12, 429: 8 },
    signInMessages: { 200: 5, 429: 6 },
    lookups: { 200: 4, 429: 6 },
    // The mission does not exist: the checks within the limit reach the use case and get its 404.
    checks: { 404: 3, 429: 4 },
    // Nothing is found; the searches within the limit still reach the use case.
    searches: { 404: 4, 429: 5 },
  });
  expect(global.answers.find((answer) => answer.status === 429)?.body).toEqual(tooManyRequests);
  expect(lookups.answers.find((answer) => answer.status === 429)?.body).toMatchObject({ typeCode: 643 });
}

/** Wallet sign-in over HTTP (message, signature, login); returns the session token. */
export async function signInThrough(replica: Replica, clientIp: string): Promise<string> {
  const wallet = newWallet();
  const issued = await replica.fetch(`/api/reg/Authentication/signMsg/Dropfair/${wallet.address}`, {
    clientIp,
  });
  const message = ((await issued.json()) as { content: string }).content;
  const login = await replica.fetch(`/api/reg/Authentication/login/Dropfair/${wallet.address}`, {
    method: "PUT",
    clientIp,
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ signature: await wallet.signMessage({ message }) }),
  });
  expect(login.status).toBe(200);
  return ((await login.json()) as { content: { token: string } }).content.token;
}

function addressOf(index: number) {
  return `0x${(index + 1).toString(16).padStart(40, "0")}`;
}
