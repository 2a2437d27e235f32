// Runs bench/approval-scan.ts (the approval scan of a wallet with 10,000 approval events on a local Hardhat chain;
// target: a complete list under 5 s) in its own process and formats its section of bench/RESULTS.md.
import { spawnSync } from "node:child_process";
import { cpus, loadavg, totalmem } from "node:os";
import { join } from "node:path";

const root = join(import.meta.dirname, "..");

export function approvalScanBenchmark() {
  const loadBefore = loadavg();
  const result = spawnSync(process.execPath, ["--import", "tsx", join(root, "bench/approval-scan.ts")], {
    cwd: root,
    encoding: "utf8",
    maxBuffer: 16 * 1024 * 1024,
  });
  if (result.status !== 0) throw new Error(`bench/approval-scan.ts failed:\n${result.stderr}`);
  const measured = JSON.parse(result.stdout.trim().split("\n").at(-1));
  return { ...measured, loadBefore, loadAfter: loadavg() };
}

const load = (values) => values.map((value) => value.toFixed(1)).join(" / ");

export function approvalScanSection({ blocks, runs, batchSizes, loadBefore, loadAfter }) {
  const rows = runs.map((run) => {
    const requests = Object.entries(run.requestsByMethod)
      .map(([method, count]) => `${method} ${count}`)
      .join(", ");
    const limit = run.blockLimit === null ? "none" : `${run.blockLimit.toLocaleString("en")} blocks`;
    const verdict = run.seconds < 5 ? "✓" : "✗";
    return `| ${limit} | ${run.events.toLocaleString("en")} | ${run.allowances.toLocaleString("en")} | ${run.seconds.toFixed(2)} s ${verdict} | ${run.rpcCalls} (${requests}) |`;
  });
  const cpu = cpus()[0]?.model.trim() ?? "unknown CPU";
  return [
    "## Approval scan (`bench/approval-scan.mjs`; target: 10,000 approval events to a complete list under 5 s)",
    "",
    `Run on ${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC; machine: ${cpus().length} × ${cpu}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}; load average (1 / 5 / 15 min) ${load(loadBefore)} before, ${load(loadAfter)} after, from other work on the machine.`,
    "",
    `A wallet with 10,000 approval events (5 tokens × 500 spenders × 4 rounds) over ${blocks.toLocaleString("en")} blocks of a local Hardhat chain; 2,500 allowances are live at the end. Each setting three times, alternating: no provider limit, then a provider that refuses eth_getLogs ranges over 10,000 blocks, as public RPCs do.`,
    "",
    "| provider range limit | events | live allowances | time to the complete list | JSON-RPC requests |",
    "|---|---|---|---|---|",
    ...rows,
    "",
    "One Multicall3 `aggregate3` request of N `allowance` calls on this node (median of three), which is why the scan confirms 200 calls per request:",
    "",
    "| calls per request | time | per call |",
    "|---|---|---|",
    ...batchSizes.map(
      ({ size, milliseconds }) =>
        `| ${size.toLocaleString("en")} | ${milliseconds.toLocaleString("en")} ms | ${(milliseconds / size).toFixed(2)} ms |`,
    ),
  ].join("\n");
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(approvalScanSection(approvalScanBenchmark()));
}
