// The wheel's verify panel exactly as the game page runs it: the same worker file and the same verification
// function, in a minimal page so the benchmark needs neither the API nor the rest of the app. Plain JavaScript:
// the repository's TypeScript check of bench/ has no DOM library, and Vite bundles the TypeScript it imports.
import { verifyGameFile } from "../../apps/web/src/features/wheel/model/verify";

function summarize(ms, report) {
  return { ms, verified: report.verified, spins: report.spins.length, mismatches: report.mismatches };
}

/** From the game file's text in hand to the report: parsed, then recomputed in a fresh worker (as the page does). */
function inWorker(text) {
  const start = performance.now();
  const file = JSON.parse(text);
  const worker = new Worker(
    new URL("../../apps/web/src/features/wheel/worker/verify.worker.ts", import.meta.url),
    {
      type: "module",
    },
  );
  return new Promise((resolve, reject) => {
    worker.addEventListener("message", (event) => {
      const reply = event.data;
      worker.terminate();
      if (reply.type === "result") resolve(summarize(performance.now() - start, reply.report));
      else reject(new Error(reply.message));
    });
    worker.addEventListener("error", (event) => reject(new Error(event.message)));
    worker.postMessage({ runId: 1, file });
  });
}

function onMainThread(text) {
  const start = performance.now();
  const report = verifyGameFile(JSON.parse(text));
  return summarize(performance.now() - start, report);
}

Object.assign(window, { benchWheel: { inWorker, onMainThread } });
document.getElementById("status").textContent = "loaded";
