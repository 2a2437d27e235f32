import { apiDownload } from "../../../shared/api/client";
import { saveFile } from "../../../shared/lib/download";

/** Saves the newsletter export (administrators), named by the server's content-disposition. */
export async function downloadSubscriptions() {
  const { blob, filename } = await apiDownload("/feedback/subscriptions/export.csv", {
    fallbackName: "newsletter.csv",
  });
  saveFile(blob, filename);
  return filename;
}

/** A report's screenshot as an object URL (the bearer header cannot ride on an <img src>). */
export async function screenshotUrl(reportId: number) {
  const { blob } = await apiDownload(`/feedback/reports/${reportId}/screenshot`, {
    fallbackName: `report-${reportId}.png`,
  });
  return URL.createObjectURL(blob);
}
