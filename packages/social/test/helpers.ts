// The X client against a real sandbox over HTTP, with one manual clock shared by both sides so that
// "waiting for a rate-limit reset" takes no real time.
// Relative import until `npm install` links @dropfair/sandbox into node_modules (then: "@dropfair/sandbox/x").
import { createXSandbox, type XSandbox, type XSandboxOptions } from "@dropfair/sandbox/x";
import { type Clock, createXClient, type XClient, type XClientOptions } from "../src/x/index.ts";

export type ManualClock = Clock & { advance(ms: number): void; sleeps: number[] };

export function createManualClock(start: number): ManualClock {
  let now = start;
  const sleeps: number[] = [];
  return {
    now: () => now,
    sleep: async (ms) => {
      sleeps.push(ms);
      now += ms;
    },
    advance: (ms) => {
      now += ms;
    },
    sleeps,
  };
}

/** Whole seconds, so rate-limit resets (in seconds) give exact waits. */
export const worldNow = Date.UTC(2026, 5, 15, 12, 0, 0);

export type Harness = {
  sandbox: XSandbox;
  url: string;
  clock: ManualClock;
  client: XClient;
  /** Status codes the sandbox answered, in order. */
  statuses: number[];
  close(): Promise<void>;
};

export async function startHarness(
  options: { sandbox?: XSandboxOptions; client?: Partial<XClientOptions> } = {},
): Promise<Harness> {
  const clock = createManualClock(worldNow);
  const sandbox = createXSandbox({
    seed: "social-tests",
    now: worldNow,
    benchEntrants: 2000,
    clock: clock.now,
    ...options.sandbox,
  });
  const statuses: number[] = [];
  sandbox.addHook("onResponse", async (_request, reply) => {
    statuses.push(reply.statusCode);
  });
  await sandbox.listen({ port: 0, host: "127.0.0.1" });
  const address = sandbox.server.address();
  const url = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
  const client = createXClient({
    baseUrl: url,
    bearerToken: sandbox.appBearerToken,
    clock,
    ...options.client,
  });
  return { sandbox, url, clock, client, statuses, close: () => sandbox.close() };
}
