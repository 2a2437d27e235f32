import type { AirdropDetail } from "@dropfair/schemas/airdrop";
import type { FieldMessage } from "./wizard-form";

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

const message = (key: string, params?: Record<string, unknown>): FieldMessage =>
  params ? { key: `airdrop:${key}`, params } : { key: `airdrop:${key}` };

/**
 * The creator's token ids checked against what the campaign still needs: whole numbers, each once, and exactly
 * `needed` of them (or, with `upTo`, from 1 to `needed`). Undefined when they are fine.
 */
export function validateTokenIds(
  text: string,
  needed: number,
  options: { upTo?: boolean } = {},
): FieldMessage | undefined {
  const { ids, invalid, duplicates } = parseTokenIds(text);
  if (invalid.length > 0) return message("nft.errors.invalid", { ids: nameTokenIds(invalid) });
  if (duplicates.length > 0) return message("nft.errors.duplicate", { ids: nameTokenIds(duplicates) });
  if (ids.length === 0) return message("nft.errors.required", { count: needed });
  if (options.upTo ? ids.length > needed : ids.length !== needed)
    return message(options.upTo ? "nft.errors.tooMany" : "nft.errors.count", {
      count: needed,
      entered: ids.length,
    });
  return undefined;
}

/**
 * How many NFTs the airdrop pays out (`total`) and how many the creator still has to register (`needed`): once
 * prepared, the API's required deposit (less what is registered); before, or when the draft changed the mode or
 * the shares since, what the draft implies (one per participant, or one per share for first-come-first-served).
 */
export function nftCounts(
  detail: Pick<AirdropDetail, "requiredDeposit" | "deposited" | "participantCount" | "mode" | "shares">,
  draft: { mode: AirdropDetail["mode"]; shares: string },
): { total: number; needed: number } {
  const draftShares = /^\d+$/.test(draft.shares.trim()) ? Number(draft.shares.trim()) : 0;
  const sameReward = draft.mode === detail.mode && (draft.mode !== "fcfs" || draftShares === detail.shares);
  if (detail.requiredDeposit !== null && sameReward) {
    const missing = BigInt(detail.requiredDeposit) - BigInt(detail.deposited);
    return { total: Number(detail.requiredDeposit), needed: missing > 0n ? Number(missing) : 0 };
  }
  const total = draft.mode === "fcfs" ? draftShares : detail.participantCount;
  return { total, needed: total };
}

/** `items` in consecutive groups of at most `size`. */
export function inBatches<Item>(items: readonly Item[], size: number): Item[][] {
  const batches: Item[][] = [];
  for (let start = 0; start < items.length; start += size) batches.push(items.slice(start, start + size));
  return batches;
}
