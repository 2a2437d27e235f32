// The participant list's uploads: a short list is checked and stored within the request; a long one is staged and
// imported by a background job, its progress readable meanwhile. Clearing the list lives here too.
import type { Tx } from "@dropfair/db";
import type { ParticipantReport } from "@dropfair/schemas/airdrop";
import { AppError } from "../../platform/errors.ts";
import {
  assertEditable,
  ownedAirdrop,
  ownedAirdropForUpdate,
  unprepare,
  unpreparedFields,
  type Viewer,
} from "./access.ts";
import type { AirdropDependencies } from "./dependencies.ts";
import { airdropErrors } from "./errors.ts";
import { countLines, readParticipantList, type StoredParticipant } from "./participants.ts";
import type { ParticipantImportRow } from "./repository.ts";
import * as repository from "./repository.ts";

/**
 * Participant lists of at most this many lines are checked and stored within the upload request (200 with the
 * report); longer ones are staged and imported by a job (202), with progress on GET …/participants/import.
 * 20,000 wallet lines take well under a second; X lists of that size take about 200 lookups.
 */
export const inlineListMaxLines = 20_000;

/** What an upload answers: the report of a list stored at once, or the background import of a long one. */
export type ParticipantUpload =
  | { kind: "stored"; report: ParticipantReport }
  | { kind: "import"; import: ParticipantImportView };

/** A participant import as its creator sees it; the error is translated by the route. */
export type ParticipantImportView = {
  id: number;
  state: "queued" | "running" | "done" | "failed";
  processedLines: number;
  totalLines: number;
  report: ParticipantReport | null;
  error: { typeCode: number; key: string; params: Record<string, unknown> } | null;
  createdAt: string;
  finishedAt: string | null;
};

/** How one run of the import job ended. */
export type ParticipantImportOutcome = "done" | "failed" | "replaced" | "skipped";

/** The import was replaced by a newer upload (or the list was cleared): it stops and writes nothing. */
class ImportReplaced extends Error {}

function importViewOf(row: ParticipantImportRow): ParticipantImportView {
  return {
    id: row.id,
    state: row.state,
    processedLines: row.processedLines,
    totalLines: row.totalLines,
    report: (row.report as ParticipantReport | null) ?? null,
    error:
      row.errorKey === null
        ? null
        : { typeCode: row.errorTypeCode ?? 0, key: row.errorKey, params: row.errorParams ?? {} },
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

const checkersOf = (dependencies: AirdropDependencies) => ({
  x: dependencies.x,
  discord: dependencies.discord,
  telegram: dependencies.telegram,
});

/**
 * Replaces the airdrop's list (positions 0…n−1 in file order) and its counts, and clears the frozen reward, in
 * one transaction; `before` runs first in it (the checks, and what the old list leaves behind).
 */
async function replaceParticipants(
  dependencies: AirdropDependencies,
  airdropId: number,
  list: { participants: readonly StoredParticipant[]; report: ParticipantReport },
  before: (tx: Tx) => Promise<void>,
): Promise<void> {
  await dependencies.db.transaction(async (tx) => {
    await before(tx);
    await repository.deleteParticipants(tx, airdropId);
    await repository.insertParticipants(tx, airdropId, list.participants);
    await repository.setAirdropFields(tx, airdropId, {
      participantCount: list.participants.length,
      totalWeight: list.report.totalWeight,
      ...unpreparedFields,
      updatedAt: dependencies.now(),
    });
  });
}

/** Stages a long list and queues its import; a newer upload replaces an import still under way. */
async function stageImport(
  dependencies: AirdropDependencies,
  id: number,
  viewer: Viewer,
  text: string,
  totalLines: number,
): Promise<ParticipantUpload> {
  const { db, now } = dependencies;
  const queue = dependencies.imports;
  if (!queue) throw new Error("no job queue for participant imports");
  const staged = await db.transaction(async (tx) => {
    const current = await ownedAirdropForUpdate(tx, id, viewer);
    assertEditable(current, now());
    await repository.failOpenImports(tx, { airdropId: id }, airdropErrors.importReplaced(), now());
    return repository.insertImport(tx, {
      airdropId: id,
      uploadedBy: current.creatorUserId,
      text,
      totalLines,
    });
  });
  try {
    await queue.enqueue(staged.id);
  } catch (error) {
    // No job will run it: end it now, so it neither shows as queued for ever nor keeps its text.
    await repository.failOpenImports(db, { importId: staged.id }, airdropErrors.importFailed(), now());
    throw error;
  }
  return { kind: "import", import: importViewOf(staged) };
}

/**
 * Replaces the list. Up to `inlineListMaxLines` lines it is checked and stored at once; a longer one is staged
 * and imported by a job. Either way a newer upload replaces an import still under way.
 */
export async function uploadParticipants(
  dependencies: AirdropDependencies,
  id: number,
  viewer: Viewer,
  text: string,
): Promise<ParticipantUpload> {
  const { db, now } = dependencies;
  const row = await ownedAirdrop(db, id, viewer);
  assertEditable(row, now());
  const totalLines = countLines(text);
  if (totalLines > (dependencies.inlineListMaxLines ?? inlineListMaxLines))
    return stageImport(dependencies, id, viewer, text, totalLines);
  const list = await readParticipantList(text, row.idType, checkersOf(dependencies), {
    discordGuildId: row.discordGuildId,
    telegramChatId: row.telegramChatId,
  });
  await replaceParticipants(dependencies, id, list, async (tx) => {
    await unprepare(tx, await ownedAirdropForUpdate(tx, id, viewer), now());
    await repository.failOpenImports(tx, { airdropId: id }, airdropErrors.importReplaced(), now());
  });
  return { kind: "stored", report: list.report };
}

/** The airdrop's latest participant import, for its creator; null when none was made. */
export async function participantImport(
  dependencies: AirdropDependencies,
  id: number,
  viewer: Viewer,
): Promise<ParticipantImportView | null> {
  await ownedAirdrop(dependencies.db, id, viewer);
  const row = await repository.latestImport(dependencies.db, id);
  return row ? importViewOf(row) : null;
}

/**
 * The import job: checks the staged text (progress written after every piece) and stores the list in ONE
 * transaction, with the import marked done in it. A run that dies before that commit leaves the list as it
 * was; pg-boss runs the job again from the staged text, with the same result. An error of ours (a funded
 * campaign) fails the import; an upstream that is down, and anything unexpected, is thrown for a retry and fails
 * the import on the last attempt. A newer upload replaces the import: this run then stops without writing.
 */
export async function runParticipantImport(
  dependencies: AirdropDependencies,
  importId: number,
  options: { signal?: AbortSignal | undefined; lastAttempt?: boolean } = {},
): Promise<ParticipantImportOutcome> {
  const { db, now } = dependencies;
  const staged = await repository.startImport(db, importId, now());
  if (!staged || staged.text === null) return "skipped";
  const creator: Viewer = { userId: staged.uploadedBy, address: null, xUserId: null };
  try {
    const row = await repository.findAirdrop(db, staged.airdropId);
    if (!row) throw airdropErrors.notFound();
    const list = await readParticipantList(
      staged.text,
      row.idType,
      checkersOf(dependencies),
      { discordGuildId: row.discordGuildId, telegramChatId: row.telegramChatId },
      async (processedLines) => {
        if (!(await repository.recordImportProgress(db, importId, processedLines, now())))
          throw new ImportReplaced();
        options.signal?.throwIfAborted();
      },
    );
    await replaceParticipants(dependencies, staged.airdropId, list, async (tx) => {
      // The airdrop row first, as uploads lock it, then the import: still ours to finish?
      const current = await ownedAirdropForUpdate(tx, staged.airdropId, creator);
      if ((await repository.loadImportStateForUpdate(tx, importId)) !== "running") throw new ImportReplaced();
      await unprepare(tx, current, now());
      await repository.finishImport(
        tx,
        importId,
        { processedLines: staged.totalLines, report: list.report },
        now(),
      );
    });
    return "done";
  } catch (error) {
    if (error instanceof ImportReplaced) return "replaced";
    if (error instanceof AppError) {
      // An upstream that is down (5xx) may be back by the next attempt, which pg-boss makes after a backoff.
      if (error.statusCode >= 500 && !options.lastAttempt) throw error;
      await repository.failOpenImports(db, { importId }, error, now());
      return "failed";
    }
    if (options.lastAttempt)
      await repository.failOpenImports(db, { importId }, airdropErrors.importFailed(), now());
    throw error;
  }
}

/** Clears the list (and the frozen reward), ending any import under way. */
export async function clearParticipants(
  dependencies: AirdropDependencies,
  id: number,
  viewer: Viewer,
): Promise<void> {
  const { db, now } = dependencies;
  await db.transaction(async (tx) => {
    const row = await ownedAirdropForUpdate(tx, id, viewer);
    await unprepare(tx, row, now());
    await repository.failOpenImports(tx, { airdropId: id }, airdropErrors.importReplaced(), now());
    await repository.deleteParticipants(tx, id);
    await repository.setAirdropFields(tx, id, {
      ...unpreparedFields,
      participantCount: 0,
      totalWeight: 0,
      updatedAt: now(),
    });
  });
}
