import type { AirdropDetail } from "@dropfair/schemas/airdrop";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { Address } from "viem";
import { formatTokenIds } from "../model/token-ids";
import { useReportAirdropError } from "./use-airdrop-error";
import type { useAirdropTransactions } from "./use-airdrop-transactions";

type WalletNfts = ReturnType<typeof useAirdropTransactions>["walletNfts"];

/**
 * Fills the token-id field from the creator's wallet, for collections that can list a wallet's tokens
 * (ERC721Enumerable); otherwise, or when the wallet holds too few, says so next to the field.
 */
export function useNftFill(walletNfts: WalletNfts, onIds: (text: string) => void) {
  const { t } = useTranslation("airdrop");
  const report = useReportAirdropError();
  const [filling, setFilling] = useState(false);
  const [note, setNote] = useState<string>();

  async function fill(detail: Pick<AirdropDetail, "chainId">, collection: string, needed: number) {
    setFilling(true);
    setNote(undefined);
    try {
      const found = await walletNfts(detail, collection as Address, needed);
      if (!found.enumerable) {
        setNote(t("nft.notEnumerable"));
        return;
      }
      if (found.tokenIds.length === 0) {
        setNote(t("nft.noneOwned"));
        return;
      }
      onIds(formatTokenIds(found.tokenIds));
      if (found.tokenIds.length < needed)
        setNote(t("nft.tooFewOwned", { owned: found.balance.toString(), count: needed }));
    } catch (error) {
      report(error);
    } finally {
      setFilling(false);
    }
  }

  return { fill, filling, note, clearNote: () => setNote(undefined) };
}
