import { formatDateTime } from "@dropfair/core/date";
import type { PlatformConfig } from "@dropfair/schemas/platform";
import type { TipsCampaignDetail } from "@dropfair/schemas/tips";
import { Button, Card, Stack, Text, Title } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiError } from "../../../shared/api/errors";
import { platformConfigQueryOptions, usePlatformConfig } from "../../../shared/api/get-platform-config";
import { fundTipsCampaign } from "../api/actions";
import { tipsCampaignKey } from "../api/campaigns";
import { tipsQueryKey } from "../api/request";
import { useTipsErrorText } from "../hooks/use-tips-error";
import { formatPrize } from "../model/display";
import type { TipsViewer } from "../model/integrations";
import { clearPendingFunding, readPendingFunding, savePendingFunding } from "../model/pending-funding";

type Stage = "idle" | "approve" | "deposit" | "register";

/** The API answered a tips refusal (4xx with its code), not an outage (503 chain or X unavailable). */
const refusedByApi = (error: unknown) =>
  error instanceof ApiError &&
  error.kind === "code" &&
  error.status !== undefined &&
  error.status >= 400 &&
  error.status < 500;

/**
 * The distributor campaign holding the prize: the one a deposit sent earlier from this browser opened, when the
 * API never heard of it, else a new approve-and-deposit from the wallet, remembered from the moment it is sent.
 */
async function depositPrize(
  config: PlatformConfig,
  campaign: TipsCampaignDetail,
  address: string,
  setStage: (stage: Stage) => void,
) {
  const pending = readPendingFunding(campaign);
  if (pending?.distributorCampaignId) return pending.distributorCampaignId;
  const wallet = await import("../wallet/tips-wallet");
  try {
    if (pending) {
      setStage("deposit");
      const opened = await wallet.sentFundingCampaign(config, campaign, address, pending.txHash);
      if (opened) {
        savePendingFunding(campaign, { ...pending, distributorCampaignId: opened });
        return opened;
      }
    }
    let txHash: `0x${string}` | undefined;
    const opened = await wallet.fundPrize(config, campaign, address, setStage, (hash) => {
      txHash = hash;
      savePendingFunding(campaign, { txHash: hash });
    });
    if (txHash) savePendingFunding(campaign, { txHash, distributorCampaignId: opened });
    return opened;
  } catch (error) {
    if (error instanceof Error && error.name === "TransactionRevertedError") clearPendingFunding(campaign);
    throw error;
  }
}

/**
 * The creator's funding of an unfunded campaign: approve the token and open a distributor campaign holding the
 * whole prize from the wallet, then name it to the API (which checks it on chain).
 */
export function FundingPanel({ campaign, viewer }: { campaign: TipsCampaignDetail; viewer: TipsViewer }) {
  const { t } = useTranslation("tips");
  const { data: config } = usePlatformConfig();
  const queryClient = useQueryClient();
  const errorText = useTipsErrorText();
  const [stage, setStage] = useState<Stage>("idle");
  const chainName =
    config?.chains.find((chain) => chain.id === campaign.chainId)?.name ?? String(campaign.chainId);
  const fund = useMutation({
    mutationFn: async () => {
      const loaded = await queryClient.ensureQueryData(platformConfigQueryOptions());
      const distributorCampaignId = await depositPrize(
        loaded,
        campaign,
        viewer.walletAddress ?? "",
        setStage,
      );
      setStage("register");
      try {
        const funded = await fundTipsCampaign(campaign.id, distributorCampaignId);
        clearPendingFunding(campaign);
        return funded;
      } catch (error) {
        // The API looked at that campaign and refused it: it cannot fund this one, so the next Fund starts anew.
        // Anything else (the network, the API or the chain down) keeps it for the next try.
        if (refusedByApi(error)) clearPendingFunding(campaign);
        throw error;
      }
    },
    onSuccess: () => {
      notifications.show({ color: "green", message: t("funding.done") });
      void queryClient.invalidateQueries({ queryKey: tipsCampaignKey(campaign.id) });
      void queryClient.invalidateQueries({ queryKey: [...tipsQueryKey, "campaigns"] });
    },
    onSettled: () => setStage("idle"),
  });
  const failure = fund.isError ? errorText(fund.error) : undefined;
  return (
    <Card withBorder radius="lg" padding="lg" data-testid="tips-funding">
      <Stack gap="sm">
        <Title order={2} fz="h4">
          {t("funding.title")}
        </Title>
        <Text size="sm">
          {t("funding.text", {
            amount: formatPrize(campaign.totalPrize, campaign.tokenDecimals),
            symbol: campaign.tokenSymbol,
            chain: chainName,
            until: formatDateTime(campaign.claimableUntil),
          })}
        </Text>
        {stage !== "idle" && (
          <Text size="sm" c="dimmed" data-testid="tips-funding-stage">
            {t(
              stage === "approve"
                ? "funding.approving"
                : stage === "deposit"
                  ? "funding.depositing"
                  : "funding.registering",
            )}
          </Text>
        )}
        {failure && (
          <Text size="sm" c="red" data-testid="tips-funding-error">
            {failure}
          </Text>
        )}
        <Button
          onClick={() => fund.mutate()}
          loading={fund.isPending}
          disabled={!viewer.walletAddress}
          style={{ alignSelf: "flex-start" }}
          data-testid="tips-fund"
        >
          {t("funding.button")}
        </Button>
        {!viewer.walletAddress && (
          <Text size="xs" c="dimmed">
            {t("funding.connect")}
          </Text>
        )}
      </Stack>
    </Card>
  );
}
