import { apiDownload } from "../../../shared/api/client";
import { saveFile } from "../../../shared/lib/download";

/** Saves the claims list (`index,account,amount`), named by the server's content-disposition. */
export async function downloadClaimsList(id: number) {
  const { blob, filename } = await apiDownload(`/airdrop/${id}/claims-list`, {
    fallbackName: `dropfair-airdrop-${id}-claims.csv`,
  });
  saveFile(blob, filename);
  return filename;
}
