import type { ChainRecord } from "../api/get-platform-config";

/** The chain's block explorer page of a transaction, when the chain names an explorer. */
export function transactionUrl(chain: ChainRecord | undefined, hash: string): string | undefined {
  const explorer = chain?.info.blockExplorerUrls[0];
  return explorer ? `${explorer.replace(/\/+$/, "")}/tx/${hash}` : undefined;
}
