// ERC-721 token ids as a creator types them (separated by commas, spaces or new lines), how messages name them,
// and the batches registerNft takes them in: shared by the airdrop's and the wheel's NFT funding.

/** The largest ERC-721 token id (uint256). */
const maxTokenId = 2n ** 256n - 1n;
/** Ids named in one message, before "…". */
const namedIdsMax = 10;
/** Ids per `registerNft` transaction: each moves an NFT (about 80k gas), so 50 stay far below any block limit. */
export const nftRegisterBatchSize = 50;

export type ParsedTokenIds = {
  /** The valid ids, in the order entered, each once. */
  ids: bigint[];
  /** Entries that are not a whole number from 0 to 2²⁵⁶−1, as typed. */
  invalid: string[];
  /** Ids entered more than once, each named once. */
  duplicates: bigint[];
};

/** Token ids typed by the creator: separated by commas, spaces or new lines. */
export function parseTokenIds(text: string): ParsedTokenIds {
  const ids: bigint[] = [];
  const invalid: string[] = [];
  const seen = new Set<bigint>();
  const duplicates = new Set<bigint>();
  for (const entry of text.split(/[\s,，]+/)) {
    if (entry === "") continue;
    if (!/^\d+$/.test(entry) || BigInt(entry) > maxTokenId) {
      invalid.push(entry);
      continue;
    }
    const id = BigInt(entry);
    if (seen.has(id)) duplicates.add(id);
    else {
      seen.add(id);
      ids.push(id);
    }
  }
  return { ids, invalid, duplicates: [...duplicates] };
}

/** Ids for a message: "1, 2, 3" or "1, 2, … (+5)" past ten. */
export function nameTokenIds(ids: readonly (bigint | string)[]): string {
  const named = ids.slice(0, namedIdsMax).map(String).join(", ");
  return ids.length > namedIdsMax ? `${named}, … (+${ids.length - namedIdsMax})` : named;
}

/** Ids as the creator's text field shows them. */
export function formatTokenIds(ids: readonly bigint[]): string {
  return ids.map(String).join(", ");
}

/** `items` in consecutive groups of at most `size`. */
export function inBatches<Item>(items: readonly Item[], size: number): Item[][] {
  const batches: Item[][] = [];
  for (let start = 0; start < items.length; start += size) batches.push(items.slice(start, start + size));
  return batches;
}
