// The participant list's uploads: a short list whose checks take few upstream requests is checked and stored within
// the request; a long one, or one whose checks take many requests (Discord and Telegram check one account per
// request), is staged and imported by a background job, its progress readable meanwhile, step by step: reading
// the lines, the upstream requests, the rows stored. Clearing the list lives here too.
import type { Tx } from "@dropfair/db";
import type { ParticipantImportPhase, ParticipantReport } from "@dropfair/schemas/airdrop";
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
import type { ImportProgress, ParticipantImportRow } from "./import-repository.ts";
import * as importRepository from "./import-repository.ts";
import {
  checkList,
  countLines,
  type ListCheckers,
  type ListScope,
  parseList,
  plannedRequests,
  type StoredParticipant,
} from "./participants.ts";
import * as repository from "./repository.ts";

/**
 * Participant lists of at most this many lines are read within the upload request; longer ones are staged and
 * imported by a job (202), with progress on GET …/participants/import. 20,000 wallet lines take well under a
 * second.
 */
export const inlineListMaxLines = 20_000;

/**
 * An upload waits for at most this many upstream requests (X lookups of 100 accounts, one Discord or Telegram
 * request per account), a few seconds; a list whose checks take more is imported by a job too.
 */
export const inlineRequestMax = 50;

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
  phase: ParticipantImportPhase | null;
  phaseDone: number;
  phaseTotal: number;
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
    phase: row.state === "running" ? row.phase : null,
    phaseDone: row.phaseDone,
    phaseTotal: row.phaseTotal,
    report: (row.report as ParticipantReport | null) ?? null,
    error:
      row.errorKey === null
        ? null
        : { typeCode: row.errorTypeCode ?? 0, key: row.errorKey, params: row.errorParams ?? {} },
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

const checkersOf = (dependencies: AirdropDependencies): ListCheckers => ({
  x: dependencies.x,
  discord: dependencies.discord,
  telegram: dependencies.telegram,
});

const scopeOf = (row: { discordGuildId: string | null; telegramChatId: string | null }): ListScope => ({
  discordGuildId: row.discordGuildId,
  telegramChatId: row.telegramChatId,
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
    await importRepository.failOpenImports(tx, { airdropId: id }, airdropErrors.importReplaced(), now());
    return importRepository.insertImport(tx, {
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
    await importRepository.failOpenImports(db, { importId: staged.id }, airdropErrors.importFailed(), now());
    throw error;
  }
  return { kind: "import", import: importViewOf(staged) };
}

/**
 * Replaces the list. A list of up to `inlineListMaxLines` lines whose checks take up to `inlineRequestMax`
 * upstream requests is checked and stored at once; any other is staged and imported by a job. Either way a newer
 * upload replaces an import still under way.
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
  const parsed = await parseList(text, row.idType);
  const requests = plannedRequests(row.idType, parsed.participants, checkersOf(dependencies), scopeOf(row));
  if (requests > (dependencies.inlineRequestMax ?? inlineRequestMax))
    return stageImport(dependencies, id, viewer, text, totalLines);
  const list = await checkList(parsed, row.idType, checkersOf(dependencies), scopeOf(row));
  await replaceParticipants(dependencies, id, list, async (tx) => {
    await unprepare(tx, await ownedAirdropForUpdate(tx, id, viewer), now());
    await importRepository.failOpenImports(tx, { airdropId: id }, airdropErrors.importReplaced(), now());
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
  const row = await importRepository.latestImport(dependencies.db, id);
  return row ? importViewOf(row) : null;
}

/**
 * The progress of one run of an import, written step by step: about a hundred writes per step at most, each of
 * which finds out whether the import was replaced meanwhile (then the run stops) and whether the worker is
 * stopping.
 */
function progressWriter(
  dependencies: AirdropDependencies,
  importId: number,
  signal: AbortSignal | undefined,
) {
  const persist = async (progress: ImportProgress) => {
    if (
      !(await importRepository.recordImportProgress(dependencies.db, importId, progress, dependencies.now()))
    )
      throw new ImportReplaced();
    signal?.throwIfAborted();
  };
  // One write at a time, in order (lookups run a few at once): none lands after a later one, and once one has
  // stopped the run the rest are not written.
  let last: Promise<void> = Promise.resolve();
  const write = (progress: ImportProgress) => {
    const next = last.then(() => persist(progress));
    last = next;
    return next;
  };
  return {
    lines: (processedLines: number, totalLines: number) =>
      write({ phase: "parsing", phaseDone: processedLines, phaseTotal: totalLines, processedLines }),
    /** Starts a step of `total` units; `advance` counts them, writing after every hundredth or so and the last. */
    async step(phase: ParticipantImportPhase, total: number) {
      let done = 0;
      let written = 0;
      const every = Math.max(1, Math.ceil(total / 100));
      await write({ phase, phaseDone: 0, phaseTotal: total });
      return {
        advance: async (units: number) => {
          done += units;
          if (done - written < every && done < total) return;
          written = done;
          await write({ phase, phaseDone: done, phaseTotal: total });
        },
      };
    },
  };
}

/**
 * Stores a checked list in ONE transaction, with the import marked done in it. The airdrop row is locked first,
 * as uploads lock it, so no upload replaces the import meanwhile; the import row is locked only at the end, so
 * that on PostgreSQL the rows stored so far can be written to it from another connection as they go in (on the
 * embedded PGlite nothing else can read before the commit anyway).
 */
async function storeImport(
  dependencies: AirdropDependencies,
  staged: ParticipantImportRow,
  list: { participants: readonly StoredParticipant[]; report: ParticipantReport },
  storing: { advance(units: number): Promise<void> },
): Promise<void> {
  const { now } = dependencies;
  const creator: Viewer = { userId: staged.uploadedBy, address: null, xUserId: null };
  let stored = 0;
  await dependencies.db.transaction(async (tx) => {
    const current = await ownedAirdropForUpdate(tx, staged.airdropId, creator);
    await repository.deleteParticipants(tx, staged.airdropId);
    await repository.insertParticipants(tx, staged.airdropId, list.participants, async (inserted) => {
      if (dependencies.concurrentConnections) await storing.advance(inserted - stored);
      stored = inserted;
    });
    // Still ours to finish?
    if ((await importRepository.loadImportStateForUpdate(tx, staged.id)) !== "running")
      throw new ImportReplaced();
    await unprepare(tx, current, now());
    await repository.setAirdropFields(tx, staged.airdropId, {
      participantCount: list.participants.length,
      totalWeight: list.report.totalWeight,
      ...unpreparedFields,
      updatedAt: now(),
    });
    await importRepository.finishImport(
      tx,
      staged.id,
      { processedLines: staged.totalLines, report: list.report },
      now(),
    );
  });
}

/**
 * The import job: reads the staged text and checks its accounts upstream, with progress after each piece and
 * request, and stores the list in one transaction. A run that dies before that commit leaves the list as it was;
 * pg-boss runs the job again from the staged text, with the same result. An error of ours (a funded campaign)
 * fails the import; an upstream that is down, and anything unexpected, is thrown for a retry and fails the
 * import on the last attempt. A newer upload replaces the import: this run then stops without writing.
 */
export async function runParticipantImport(
  dependencies: AirdropDependencies,
  importId: number,
  options: { signal?: AbortSignal | undefined; lastAttempt?: boolean } = {},
): Promise<ParticipantImportOutcome> {
  const { db, now } = dependencies;
  const staged = await importRepository.startImport(db, importId, now());
  if (!staged || staged.text === null) return "skipped";
  const progress = progressWriter(dependencies, importId, options.signal);
  try {
    const row = await repository.findAirdrop(db, staged.airdropId);
    if (!row) throw airdropErrors.notFound();
    const parsed = await parseList(staged.text, row.idType, progress.lines);
    const checkers = checkersOf(dependencies);
    const planned = plannedRequests(row.idType, parsed.participants, checkers, scopeOf(row));
    const checking = await progress.step("checking", planned);
    const list = await checkList(parsed, row.idType, checkers, scopeOf(row), checking.advance);
    const storing = await progress.step("storing", list.participants.length);
    await storeImport(dependencies, staged, list, storing);
    return "done";
  } catch (error) {
    if (error instanceof ImportReplaced) return "replaced";
    if (error instanceof AppError) {
      // An upstream that is down (5xx) may be back by the next attempt, which pg-boss makes after a backoff.
      if (error.statusCode >= 500 && !options.lastAttempt) throw error;
      await importRepository.failOpenImports(db, { importId }, error, now());
      return "failed";
    }
    if (options.lastAttempt)
      await importRepository.failOpenImports(db, { importId }, airdropErrors.importFailed(), now());
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
    await importRepository.failOpenImports(tx, { airdropId: id }, airdropErrors.importReplaced(), now());
    await repository.deleteParticipants(tx, id);
    await repository.setAirdropFields(tx, id, {
      ...unpreparedFields,
      participantCount: 0,
      totalWeight: 0,
      updatedAt: now(),
    });
  });
}
