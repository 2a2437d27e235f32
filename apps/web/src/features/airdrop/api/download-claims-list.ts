import { apiDownload } from "../../../shared/api/client";

/** Saves the claims list (`index,account,amount`), named by the server's content-disposition. */
export async function downloadClaimsList(id: number) {
  const { blob, filename } = await apiDownload(`/airdrop/${id}/claims-list`, {
    fallbackName: `dropfair-airdrop-${id}-claims.csv`,
  });
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
  return filename;
}
