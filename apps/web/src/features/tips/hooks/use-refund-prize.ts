import type { PlatformConfig } from "@dropfair/schemas/platform";
import type { TipsCampaignDetail } from "@dropfair/schemas/tips";
import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useState } from "react";
import { useTranslation } from "react-i18next";
import { platformConfigQueryOptions } from "../../../shared/api/get-platform-config";
import type { StepStatus, TransactionStep } from "../../../shared/ui/transaction-steps";
import { tipsCampaignKey } from "../api/campaigns";
import { reportTipsRefund } from "../api/payouts";
import { tipsQueryKey } from "../api/request";

/**
 * The creator's refund of what is left after the claim window, step by step: the signed-in wallet on the
 * campaign's chain, the distributor's `refund`, then the report whose Refunded event is recorded. A refund goes
 * through once on chain, so when its transaction succeeded but the report failed, the next attempt only reports
 * that transaction again. The wallet code loads on the first refund.
 */
export function useRefundPrize(campaign: TipsCampaignDetail, signedInAddress: string | undefined) {
  const { t } = useTranslation("tips");
  const queryClient = useQueryClient();
  const [steps, setSteps] = useState<TransactionStep[]>([]);
  const [running, setRunning] = useState(false);
  // The refund transaction that succeeded on chain and is not recorded yet.
  const [unreported, setUnreported] = useState<string>();

  const setStep = useCallback((key: string, status: StepStatus, hash?: string) => {
    setSteps((previous) =>
      previous.map((step) => (step.key === key ? { ...step, status, ...(hash ? { hash } : {}) } : step)),
    );
  }, []);

  async function send(config: PlatformConfig): Promise<string> {
    const chainName = config.chains.find((chain) => chain.id === campaign.chainId)?.name ?? "";
    setSteps([
      { key: "network", label: t("refund.steps.network", { name: chainName }), status: "active" },
      { key: "send", label: t("refund.steps.send"), status: "waiting" },
      { key: "record", label: t("refund.steps.record"), status: "waiting" },
    ]);
    const wallet = await import("../wallet/tips-wallet");
    const { client, confirmations } = await wallet.signedInWalletOn(
      config,
      campaign.chainId,
      signedInAddress ?? "",
    );
    setStep("network", "done");
    setStep("send", "active");
    const hash = await wallet.refundRest(
      client,
      campaign,
      (sent) => setStep("send", "active", sent),
      confirmations,
    );
    setStep("send", "done", hash);
    setUnreported(hash);
    return hash;
  }

  async function refund() {
    const config = await queryClient.ensureQueryData(platformConfigQueryOptions());
    setRunning(true);
    try {
      const hash = unreported ?? (await send(config));
      if (unreported)
        setSteps([{ key: "record", label: t("refund.steps.record"), status: "active", hash: unreported }]);
      else setStep("record", "active");
      await reportTipsRefund(campaign.id, hash);
      setUnreported(undefined);
      setStep("record", "done");
    } catch (error) {
      setSteps((previous) =>
        previous.map((step) => (step.status === "active" ? { ...step, status: "failed" } : step)),
      );
      throw error;
    } finally {
      setRunning(false);
      await queryClient.invalidateQueries({ queryKey: tipsCampaignKey(campaign.id) });
      void queryClient.invalidateQueries({ queryKey: [...tipsQueryKey, "campaigns"] });
    }
  }

  return { steps, running, refund, unreported };
}
