import type { TipsCampaignDetail } from "@dropfair/schemas/tips";
import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useState } from "react";
import { useTranslation } from "react-i18next";
import { platformConfigQueryOptions } from "../../../shared/api/get-platform-config";
import type { StepStatus, TransactionStep } from "../../../shared/ui/transaction-steps";
import { tipsCampaignKey } from "../api/campaigns";
import { reportTipsClaim, requestTipsClaimVoucher } from "../api/payouts";
import { tipsQueryKey } from "../api/request";

/**
 * A participant's claim of their payout, step by step: the API's voucher, the signed-in wallet on the campaign's
 * chain, the distributor's claimWithVoucher, then the report whose Claimed event settles the claim. A step left
 * active when something fails is marked failed. The wallet code loads on the first claim.
 */
export function useClaimPayout(campaign: TipsCampaignDetail, signedInAddress: string | undefined) {
  const { t } = useTranslation("tips");
  const queryClient = useQueryClient();
  const [steps, setSteps] = useState<TransactionStep[]>([]);
  const [running, setRunning] = useState(false);
  // One key per claim attempt: a retried request for the same attempt answers the same voucher.
  const [idempotencyKey, setIdempotencyKey] = useState(() => crypto.randomUUID());

  const setStep = useCallback((key: string, status: StepStatus, hash?: string) => {
    setSteps((previous) =>
      previous.map((step) => (step.key === key ? { ...step, status, ...(hash ? { hash } : {}) } : step)),
    );
  }, []);

  async function claim() {
    const config = await queryClient.ensureQueryData(platformConfigQueryOptions());
    const chainName = config.chains.find((chain) => chain.id === campaign.chainId)?.name ?? "";
    setRunning(true);
    setSteps([
      { key: "voucher", label: t("claim.steps.voucher"), status: "active" },
      { key: "network", label: t("claim.steps.network", { name: chainName }), status: "waiting" },
      { key: "send", label: t("claim.steps.send"), status: "waiting" },
      { key: "record", label: t("claim.steps.record"), status: "waiting" },
    ]);
    try {
      const signed = await requestTipsClaimVoucher(campaign.id, idempotencyKey);
      setStep("voucher", "done");
      setStep("network", "active");
      const wallet = await import("../wallet/tips-wallet");
      const { client, confirmations } = await wallet.signedInWalletOn(
        config,
        signed.chainId,
        signedInAddress ?? "",
      );
      setStep("network", "done");
      setStep("send", "active");
      const hash = await wallet.claimPayout(
        client,
        signed,
        (sent) => setStep("send", "active", sent),
        confirmations,
      );
      setStep("send", "done", hash);
      setStep("record", "active");
      await reportTipsClaim(campaign.id, signed.claimId, hash);
      setStep("record", "done");
    } catch (error) {
      setSteps((previous) =>
        previous.map((step) => (step.status === "active" ? { ...step, status: "failed" } : step)),
      );
      setIdempotencyKey(crypto.randomUUID());
      throw error;
    } finally {
      setRunning(false);
      await queryClient.invalidateQueries({ queryKey: tipsCampaignKey(campaign.id) });
      void queryClient.invalidateQueries({ queryKey: [...tipsQueryKey, "campaigns"] });
    }
  }

  return { steps, running, claim, reset: () => setSteps([]) };
}
