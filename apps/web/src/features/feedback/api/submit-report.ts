import type { CreateReportBody } from "@dropfair/schemas/feedback";
import { useMutation } from "@tanstack/react-query";
import { feedbackRequest, wire } from "./request";

/** `POST /api/bounty/feedback/reports`: a bug report or feature request, with an optional screenshot. */
export function submitReport(body: CreateReportBody) {
  return feedbackRequest("/reports", () => wire().then((schemas) => schemas.reportReceivedSchema), {
    method: "POST",
    body,
  });
}

export function useSubmitReport() {
  return useMutation({ mutationFn: submitReport });
}
