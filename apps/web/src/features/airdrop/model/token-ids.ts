import type { AirdropDetail } from "@dropfair/schemas/airdrop";
import { nameTokenIds, parseTokenIds } from "../../../shared/lib/token-ids";
import type { FieldMessage } from "./wizard-form";

export {
  formatTokenIds,
  inBatches,
  nameTokenIds,
  nftRegisterBatchSize,
  type ParsedTokenIds,
  parseTokenIds,
} from "../../../shared/lib/token-ids";

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
