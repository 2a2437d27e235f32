import type { AirdropDetail } from "@dropfair/schemas/airdrop";
import { useState } from "react";
import { usePrepareAirdrop } from "../api/prepare-airdrop";
import { NftNotOwnedError } from "../model/errors";
import { nameTokenIds, nftCounts, parseTokenIds, validateTokenIds } from "../model/token-ids";
import { validateReward } from "../model/wizard-form";
import { useReportAirdropError } from "./use-airdrop-error";
import { useAirdropTransactions } from "./use-airdrop-transactions";
import { useNftFill } from "./use-nft-fill";
import type { WizardState } from "./use-wizard-state";

type WizardFundingInput = {
  state: WizardState;
  detail: AirdropDetail | undefined;
  saveDraft: () => Promise<AirdropDetail | undefined>;
};

/**
 * Funding the airdrop from the wizard: the deposit for a token, the ids to register for an NFT, and the frozen
 * list for a Discord role. The NFT ids are not part of the saved draft: they go to the chain, and the API reads
 * them from there.
 */
export function useWizardFunding({ state, detail, saveDraft }: WizardFundingInput) {
  const report = useReportAirdropError();
  const prepare = usePrepareAirdrop();
  const transactions = useAirdropTransactions();
  const [tokenIds, setTokenIds] = useState("");
  const nftFill = useNftFill(transactions.walletNfts, changeTokenIds);
  const { draft } = state;
  const nft = detail ? nftCounts(detail, draft) : { total: 0, needed: 0 };

  function changeTokenIds(value: string) {
    setTokenIds(value);
    // A failed attempt's steps describe the ids as they were.
    if (!transactions.running) transactions.clearSteps();
    state.clearErrors("tokenIds", "deposit");
  }

  /** Step 3's checks, with the NFT ids when some are still to be registered. */
  function rewardErrors(count: number) {
    const errors = validateReward(draft, count);
    if (draft.rewardType !== "nft" || nft.needed === 0) return errors;
    const idsError = validateTokenIds(tokenIds, nft.needed);
    return idsError ? { ...errors, tokenIds: idsError } : errors;
  }

  /** Saves, prepares the on-chain parameters when the campaign is not on chain yet, and funds what is missing. */
  async function ensureFunded(): Promise<AirdropDetail | undefined> {
    let current = await saveDraft();
    if (!current) return undefined;
    if (current.rewardType === "nft") return registerNfts(current);
    // A Discord role needs no deposit, only the frozen list (the API checks the role is ours to grant).
    if (current.rewardType === "discord_role")
      return current.prepared ? current : prepare.mutateAsync(current.id);
    if (current.campaignId === null) current = await prepare.mutateAsync(current.id);
    const required = current.requiredDeposit === null ? 0n : BigInt(current.requiredDeposit);
    const missing = required - BigInt(current.deposited);
    if (missing > 0n) current = await transactions.fund(current, missing);
    return current;
  }

  /** Prepares an NFT airdrop and registers the ids the creator entered, when some are still needed. */
  async function registerNfts(saved: AirdropDetail): Promise<AirdropDetail | undefined> {
    let current = saved;
    if (!current.prepared) current = await prepare.mutateAsync(current.id);
    const { needed } = nftCounts(current, { mode: current.mode, shares: String(current.shares ?? "") });
    if (needed === 0) return current;
    // The API's count is the authority: check the ids against it once more now that it is frozen.
    const idsError = validateTokenIds(tokenIds, needed);
    if (idsError) {
      state.showErrors({ tokenIds: idsError }, 2);
      return undefined;
    }
    current = await transactions.registerNfts(current, parseTokenIds(tokenIds).ids);
    setTokenIds("");
    return current;
  }

  /** Shows a failed funding step where it belongs: NFTs the wallet does not own under the ids, the rest in a dialog. */
  function reportFunding(error: unknown) {
    if (error instanceof NftNotOwnedError) {
      state.showErrors(
        { tokenIds: { key: "airdrop:nft.errors.notOwned", params: { ids: nameTokenIds(error.tokenIds) } } },
        2,
      );
      return;
    }
    report(error);
  }

  return {
    transactions,
    chain: detail ? transactions.chainOf(detail) : undefined,
    nft: {
      tokenIds,
      onTokenIdsChange: changeTokenIds,
      needed: nft.needed,
      total: nft.total,
      onFill: () => void nftFill.fill(draft, draft.tokenAddress.trim(), nft.needed),
      filling: nftFill.filling,
      fillNote: nftFill.note,
    },
    rewardErrors,
    ensureFunded,
    reportFunding,
  };
}
