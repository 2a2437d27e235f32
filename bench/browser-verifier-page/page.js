// The browser verifier exactly as the simulator page runs it: the same worker file and the same verification
// function, in a minimal page so the benchmark needs neither the API nor the rest of the app. Plain JavaScript:
// the repository's TypeScript check of bench/ has no DOM library, and Vite bundles the TypeScript it imports.
import { verifyAndSimulate } from "../../apps/web/src/features/simulator/model/verification";

function summarize(ms, report) {
  return {
    ms,
    commitmentMatches: report.commitmentMatches,
    publishedMatch: report.publishedWinners?.matches ?? null,
    entryCount: report.draw.entryCount,
    winners: report.winners.length,
    userRank: report.user?.rank ?? null,
    simulatedDraws: report.simulation?.draws ?? null,
  };
}

/** From the draw file's text in hand to the report, in a fresh worker (as the page does for each run). */
function inWorker(input) {
  const start = performance.now();
  const worker = new Worker(
    new URL("../../apps/web/src/features/simulator/worker/verifier.worker.ts", import.meta.url),
    { type: "module" },
  );
  return new Promise((resolve, reject) => {
    worker.addEventListener("message", (event) => {
      const reply = event.data;
      if (reply.type === "progress") return;
      worker.terminate();
      if (reply.type === "result") resolve(summarize(performance.now() - start, reply.report));
      else reject(new Error(reply.failure.message));
    });
    worker.addEventListener("error", (event) => reject(new Error(event.message)));
    worker.postMessage({ runId: 1, input });
  });
}

function onMainThread(input) {
  const start = performance.now();
  const report = verifyAndSimulate(input);
  return summarize(performance.now() - start, report);
}

Object.assign(window, { benchVerifier: { inWorker, onMainThread } });
document.getElementById("status").textContent = "loaded";
