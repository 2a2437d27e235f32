// A simple API read (GET /api/bounty/platform/config) on our full stack against bare Fastify serving the
// same JSON, side by side in one run with autocannon. Target: ours ≥ 50% of bare Fastify's requests/s.
import { fork } from "node:child_process";
import { join } from "node:path";
import autocannon from "autocannon";

const root = join(import.meta.dirname, "..");
const duration = Number(process.env.BENCH_SECONDS ?? 10);

/** Starts one of bench/api-servers.ts's servers in its own process (`env`: its environment, e.g. a database). */
export function startServer(kind, env = process.env) {
  return new Promise((resolve, reject) => {
    const child = fork(join(root, "bench/api-servers.ts"), [kind], {
      execArgv: ["--import", "tsx"],
      cwd: root,
      env,
    });
    child.once("message", (message) => resolve({ child, port: message.port }));
    child.once("exit", (code) => reject(new Error(`${kind} server exited with ${code}`)));
  });
}

async function measure(kind) {
  const { child, port } = await startServer(kind);
  const url = `http://127.0.0.1:${port}/api/bounty/platform/config`;
  await autocannon({ url, connections: 20, duration: 2 }); // warm-up
  const result = await autocannon({ url, connections: 50, pipelining: 1, duration });
  child.kill("SIGKILL");
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${kind}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return { rps: result.requests.average, p99: result.latency.p99 };
}

export async function apiThroughput() {
  const bare = await measure("bare");
  const ours = await measure("dropfair");
  return { bare, ours, ratio: ours.rps / bare.rps, duration };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(await apiThroughput());
}
