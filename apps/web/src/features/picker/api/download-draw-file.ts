import { apiDownload } from "../../../shared/api/client";
import { saveFile } from "../../../shared/lib/download";

/** Saves the draw file anyone can verify (`dropfair verify`), named by the server's content-disposition. */
export async function downloadDrawFile(id: number) {
  const { blob, filename } = await apiDownload(`/picker/${id}/draw-file`, {
    fallbackName: `dropfair-draw-${id}.json`,
  });
  // The API answers the envelope; the file is its content, pretty-printed.
  const envelope = JSON.parse(await blob.text()) as { content?: unknown };
  const file = new Blob([`${JSON.stringify(envelope.content ?? envelope, null, 2)}\n`], {
    type: "application/json",
  });
  saveFile(file, filename);
  return filename;
}
