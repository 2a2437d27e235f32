import type { ReportStatus } from "@dropfair/schemas/feedback";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { allReportsQueryKey } from "./get-reports";
import { feedbackRequest, wire } from "./request";

/** `PATCH /api/bounty/feedback/reports/:id` (administrators): move a report to new, triaged or done. */
export function updateReportStatus(id: number, status: ReportStatus) {
  return feedbackRequest(`/reports/${id}`, () => wire().then((schemas) => schemas.feedbackReportSchema), {
    method: "PATCH",
    body: { status },
  });
}

export function useUpdateReportStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: number; status: ReportStatus }) => updateReportStatus(id, status),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: allReportsQueryKey }),
  });
}
