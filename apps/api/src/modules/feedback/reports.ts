// Bug reports and feature requests: anyone sends one (a tripped honeypot is answered alike and kept nowhere);
// administrators list them, read their screenshots and move them through new → triaged → done.
import { isHoneypotTripped } from "@dropfair/core/feedback";
import type { Db } from "@dropfair/db";
import type {
  CreateReportInput,
  FeedbackReport,
  ReportKind,
  ReportList,
  ReportStatus,
} from "@dropfair/schemas/feedback";
import type { Language } from "../../platform/i18n.ts";
import { decodeImageDataUrl } from "../../platform/images.ts";
import { recordAdminAction } from "../admin/index.ts";
import { feedbackErrors } from "./errors.ts";
import * as repository from "./repository.ts";

export type FeedbackDependencies = {
  db: Db;
  now: () => Date;
  /** Signs unsubscribe links (configuration refuses to boot without one outside sandbox mode). */
  newsletterSecret: string;
  /** Where unsubscribe links point: the app's canonical origin. */
  appOrigin: string;
};

function reportView(row: repository.ReportRow): FeedbackReport {
  return {
    id: row.id,
    kind: row.kind,
    title: row.title,
    description: row.description,
    page: row.page,
    contact: row.contact,
    locale: row.locale,
    status: row.status,
    hasScreenshot: row.screenshotType !== null,
    reporterAddress: row.reporterAddress,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The screenshot's bytes, checked to be the image type it declares; an error the reporter can act on. */
function decodeScreenshot(screenshot: string) {
  const decoded = decodeImageDataUrl(screenshot);
  if ("problem" in decoded)
    throw decoded.problem === "tooLarge"
      ? feedbackErrors.screenshotTooLarge()
      : feedbackErrors.screenshotInvalid();
  return decoded;
}

export async function submitReport(
  { db, now }: FeedbackDependencies,
  input: CreateReportInput,
  context: { userId: number | null; language: Language },
): Promise<{ received: true }> {
  if (isHoneypotTripped(input.website)) return { received: true };
  const screenshot = input.screenshot ? decodeScreenshot(input.screenshot) : null;
  const at = now();
  await repository.insertReport(db, {
    kind: input.kind,
    title: input.title,
    description: input.description,
    page: input.page,
    contact: input.contact,
    locale: input.locale ?? context.language,
    reporterUserId: context.userId,
    screenshotType: screenshot?.contentType ?? null,
    screenshot: screenshot?.bytes ?? null,
    screenshotBytes: screenshot?.bytes.length ?? null,
    createdAt: at,
    updatedAt: at,
  });
  return { received: true };
}

export async function listReports(
  { db }: FeedbackDependencies,
  query: { status?: ReportStatus | undefined; kind?: ReportKind | undefined; page: number; size: number },
): Promise<ReportList> {
  const { rows, total } = await repository.listReports(db, {
    ...(query.status ? { status: query.status } : {}),
    ...(query.kind ? { kind: query.kind } : {}),
    offset: (query.page - 1) * query.size,
    limit: query.size,
  });
  return { items: rows.map(reportView), total, page: query.page, size: query.size };
}

/** Changes a report's status and records who did it, in one transaction. */
export async function setReportStatus(
  { db, now }: FeedbackDependencies,
  id: number,
  status: ReportStatus,
  actorUserId: number,
): Promise<FeedbackReport> {
  await db.transaction(async (tx) => {
    const current = await repository.reportStatusForUpdate(tx, id);
    if (!current) throw feedbackErrors.reportNotFound();
    if (current.status === status) return;
    await repository.setReportStatus(tx, id, status, now());
    await recordAdminAction(tx, {
      actorUserId,
      action: "feedback.triage",
      targetKind: "feedback_report",
      targetId: String(id),
      details: { from: current.status, to: status },
    });
  });
  const row = await repository.reportById(db, id);
  if (!row) throw feedbackErrors.reportNotFound();
  return reportView(row);
}

export async function reportScreenshot({ db }: FeedbackDependencies, id: number) {
  const row = await repository.reportScreenshot(db, id);
  if (!row) throw feedbackErrors.reportNotFound();
  if (!row.type || !row.bytes) throw feedbackErrors.screenshotNotFound();
  return { contentType: row.type, bytes: row.bytes };
}
