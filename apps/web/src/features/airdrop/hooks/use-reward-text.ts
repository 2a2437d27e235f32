import { formatAmount } from "@dropfair/core/format";
import { useTranslation } from "react-i18next";
import { withSymbol } from "../model/amounts";
import type { WizardDraft } from "../model/wizard-form";

/** The reward in words ("1,000.00 DFT", "NFT", "Discord role") for the preview and the campaign page. */
export function useRewardText() {
  const { t } = useTranslation("airdrop");
  return (draft: Pick<WizardDraft, "rewardType" | "totalAmount">, symbol: string | null | undefined) =>
    draft.rewardType === "token"
      ? withSymbol(draft.totalAmount ? formatAmount(draft.totalAmount) : "", symbol) || t("rewardTypes.token")
      : t(`rewardTypes.${draft.rewardType}`);
}
