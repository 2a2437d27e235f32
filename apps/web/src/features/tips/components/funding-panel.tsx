import { formatDateTime } from "@dropfair/core/date";
import type { TipsCampaignDetail } from "@dropfair/schemas/tips";
import { Button, Card, Stack, Text, Title } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { platformConfigQueryOptions, usePlatformConfig } from "../../../shared/api/get-platform-config";
import { fundTipsCampaign } from "../api/actions";
import { tipsCampaignKey } from "../api/campaigns";
import { tipsQueryKey } from "../api/request";
import { useTipsErrorText } from "../hooks/use-tips-error";
import { formatPrize } from "../model/display";
import type { TipsViewer } from "../model/integrations";

type Stage = "idle" | "approve" | "deposit" | "register";

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
      const wallet = await import("../wallet/tips-wallet");
      const distributorCampaignId = await wallet.fundPrize(
        loaded,
        campaign,
        viewer.walletAddress ?? "",
        setStage,
      );
      setStage("register");
      return fundTipsCampaign(campaign.id, distributorCampaignId);
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
