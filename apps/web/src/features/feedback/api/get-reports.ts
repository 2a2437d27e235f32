import type { ReportKind, ReportStatus } from "@dropfair/schemas/feedback";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { feedbackRequest, wire } from "./request";

export type ReportFilter = { status?: ReportStatus | undefined; kind?: ReportKind | undefined; page: number };

export const reportPageSize = 20;

/** `GET /api/bounty/feedback/reports` (administrators): reports, newest first. */
export function getReports(filter: ReportFilter, signal?: AbortSignal) {
  return feedbackRequest("/reports", () => wire().then((schemas) => schemas.reportListSchema), {
    query: { status: filter.status, kind: filter.kind, page: filter.page, size: reportPageSize },
    ...(signal ? { signal } : {}),
  });
}

export function reportsQueryOptions(filter: ReportFilter) {
  return queryOptions({
    queryKey: ["feedback", "reports", filter] as const,
    queryFn: ({ signal }) => getReports(filter, signal),
    placeholderData: keepPreviousData,
  });
}

/** All report lists, whatever their filter: what a status change invalidates. */
export const allReportsQueryKey = ["feedback", "reports"] as const;

export function useReports(filter: ReportFilter, enabled: boolean) {
  return useQuery({ ...reportsQueryOptions(filter), enabled });
}
