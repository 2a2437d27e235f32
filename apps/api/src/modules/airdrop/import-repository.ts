// The SQL of participant imports: a list too long for one request is read, checked and stored by a job,
// which records its step and progress here so the page can follow it and a restarted worker can resume it.
import {
  type AirdropParticipantImportPhase,
  airdropParticipantImports,
  and,
  type DbWriter,
  desc,
  eq,
  inArray,
  type Tx,
} from "@dropfair/db";
import type { ParticipantReport } from "@dropfair/schemas/airdrop";
import type { AppError } from "../../platform/errors.ts";

export type ParticipantImportRow = typeof airdropParticipantImports.$inferSelect;

type ImportError = Pick<AppError, "typeCode" | "messageKey" | "params">;
const isOpenImport = () => inArray(airdropParticipantImports.state, ["queued", "running"]);

export async function insertImport(
  tx: Tx,
  values: { airdropId: number; uploadedBy: number; text: string; totalLines: number },
): Promise<ParticipantImportRow> {
  const [row] = await tx.insert(airdropParticipantImports).values(values).returning();
  return row!;
}

export async function latestImport(
  db: DbWriter,
  airdropId: number,
): Promise<ParticipantImportRow | undefined> {
  const [row] = await db
    .select()
    .from(airdropParticipantImports)
    .where(eq(airdropParticipantImports.airdropId, airdropId))
    .orderBy(desc(airdropParticipantImports.id))
    .limit(1);
  return row;
}

/**
 * Ends open (queued or running) imports as failed with this error, their text deleted: all of an airdrop's, or
 * one (unless it already ended).
 */
export async function failOpenImports(
  db: DbWriter,
  which: { airdropId: number } | { importId: number },
  error: ImportError,
  at: Date,
): Promise<void> {
  await db
    .update(airdropParticipantImports)
    .set({
      state: "failed",
      text: null,
      errorTypeCode: error.typeCode,
      errorKey: error.messageKey,
      errorParams: error.params,
      phase: null,
      finishedAt: at,
      updatedAt: at,
    })
    .where(
      and(
        "importId" in which
          ? eq(airdropParticipantImports.id, which.importId)
          : eq(airdropParticipantImports.airdropId, which.airdropId),
        isOpenImport(),
      ),
    );
}

/** Marks a queued (or interrupted running) import as running from line 0; undefined when it already ended. */
export async function startImport(
  db: DbWriter,
  importId: number,
  at: Date,
): Promise<ParticipantImportRow | undefined> {
  const [row] = await db
    .update(airdropParticipantImports)
    .set({
      state: "running",
      processedLines: 0,
      phase: "parsing",
      phaseDone: 0,
      phaseTotal: airdropParticipantImports.totalLines,
      startedAt: at,
      updatedAt: at,
    })
    .where(and(eq(airdropParticipantImports.id, importId), isOpenImport()))
    .returning();
  return row;
}

/** Where a running import stands: its step, done of total in it, and the lines read so far. */
export type ImportProgress = {
  phase: AirdropParticipantImportPhase;
  phaseDone: number;
  phaseTotal: number;
  processedLines?: number;
};

/** Records progress of a running import; false when it is no longer running (replaced). */
export async function recordImportProgress(
  db: DbWriter,
  importId: number,
  progress: ImportProgress,
  at: Date,
): Promise<boolean> {
  const [still] = await db
    .update(airdropParticipantImports)
    .set({ ...progress, updatedAt: at })
    .where(and(eq(airdropParticipantImports.id, importId), eq(airdropParticipantImports.state, "running")))
    .returning({ id: airdropParticipantImports.id });
  return still !== undefined;
}

/** The import's state, its row locked. */
export async function loadImportStateForUpdate(tx: Tx, importId: number) {
  const [row] = await tx
    .select({ state: airdropParticipantImports.state })
    .from(airdropParticipantImports)
    .where(eq(airdropParticipantImports.id, importId))
    .for("update");
  return row?.state;
}

export async function finishImport(
  tx: Tx,
  importId: number,
  result: { processedLines: number; report: ParticipantReport },
  at: Date,
): Promise<void> {
  await tx
    .update(airdropParticipantImports)
    .set({ state: "done", text: null, phase: null, ...result, finishedAt: at, updatedAt: at })
    .where(eq(airdropParticipantImports.id, importId));
}
