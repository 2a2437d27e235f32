import type { FastifyBaseLogger } from "fastify";
import type { PgBoss } from "pg-boss";
import { type DrawStepDependencies, runDrawStep } from "./draw.ts";

export const pickerDrawQueue = "picker-draw";
/** How often a waiting draw looks for its block. */
export const drawPollSeconds = 2;

export async function enqueuePickerDraw(boss: PgBoss, drawId: number, startAfterSeconds = 0) {
  await boss.send(
    pickerDrawQueue,
    { drawId },
    { startAfter: startAfterSeconds, retryLimit: 5, retryDelay: 5 },
  );
}

/** A waiting draw polls for its block; each attempt is idempotent, so a duplicate job is harmless. */
export async function registerPickerDrawJob(
  boss: PgBoss,
  deps: DrawStepDependencies & { logger: FastifyBaseLogger },
  work: boolean,
) {
  await boss.createQueue(pickerDrawQueue);
  if (!work) return;
  await boss.work<{ drawId: number }>(pickerDrawQueue, { pollingIntervalSeconds: 1 }, async ([job]) => {
    if (!job) return;
    const outcome = await runDrawStep(deps, job.data.drawId);
    if (outcome.state === "waiting") await enqueuePickerDraw(boss, job.data.drawId, drawPollSeconds);
    else
      deps.logger.info(
        { event: pickerDrawQueue, drawId: job.data.drawId, outcome: outcome.state },
        "draw step",
      );
    return outcome;
  });
}
