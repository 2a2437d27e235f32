import { formatDateTime } from "@dropfair/core/date";
import type { TipsCampaignDetail, TipsClaim } from "@dropfair/schemas/tips";
import { Alert, Badge, Button, Card, Group, Loader, Stack, Text, Title } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { usePlatformConfig } from "../../../shared/api/get-platform-config";
import { TransactionSteps } from "../../../shared/ui/transaction-steps";
import { isUserRejection } from "../../../shared/wallet/eip1193";
import { useTipsClaim } from "../api/payouts";
import { useClaimPayout } from "../hooks/use-claim-payout";
import { useTipsErrorText } from "../hooks/use-tips-error";
import { formatPrize, timeLeft } from "../model/display";
import { type TipsViewer, viewerKey } from "../model/integrations";
import { TransactionLink } from "./transaction-link";

const stateColors: Record<TipsClaim["state"], string> = {
  none: "gray",
  pending: "yellow",
  claimable: "jade",
  claiming: "blue",
  claimed: "gray",
  expired: "red",
};

/** What the participant's payout stands at, in words. */
function ClaimText({ claim }: { claim: TipsClaim }) {
  const { t } = useTranslation("tips");
  const until = formatDateTime(claim.claimableUntil);
  const left = timeLeft(claim.claimableUntil);
  const text =
    claim.state === "none"
      ? t("claim.none")
      : claim.state === "pending"
        ? t("claim.pending", { until })
        : claim.state === "claimed"
          ? t("claim.claimed", { time: claim.claimedAt ? formatDateTime(claim.claimedAt) : "" })
          : claim.state === "expired"
            ? t("claim.expired", { until })
            : t("claim.window", { until, ...left });
  return (
    <Text size="sm" data-testid="tips-claim-text">
      {text}
    </Text>
  );
}

/**
 * The signed-in participant's payout once the campaign has ended: the amount, the claim window (30 days after
 * the end, with the time left), and Claim, which takes the API's voucher to the AirdropDistributor from the
 * connected wallet; then the claim's transaction.
 */
export function ClaimPanel({ campaign, viewer }: { campaign: TipsCampaignDetail; viewer: TipsViewer }) {
  const { t } = useTranslation(["tips", "validation"]);
  const { data: config } = usePlatformConfig();
  const errorText = useTipsErrorText();
  const claim = useTipsClaim(campaign.id, viewerKey(viewer), campaign.me.joined);
  const payout = useClaimPayout(campaign, viewer.walletAddress);
  const [failure, setFailure] = useState<string>();

  async function onClaim() {
    setFailure(undefined);
    try {
      await payout.claim();
    } catch (error) {
      setFailure(
        isUserRejection(error)
          ? t("validation:validation.transaction.cancelled")
          : (errorText(error) ?? t("tips:errors.unexpected")),
      );
    }
  }

  const data = claim.data;
  const canClaim = data?.state === "claimable" || data?.state === "claiming";
  return (
    <Card withBorder radius="lg" padding="lg" data-testid="tips-claim-panel" data-state={data?.state}>
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <Title order={2} fz="h4">
            {t("tips:claim.title")}
          </Title>
          {data && (
            <Badge color={stateColors[data.state]} variant="light" data-testid="tips-claim-state">
              {t(`tips:claim.states.${data.state}`)}
            </Badge>
          )}
        </Group>
        {claim.isError ? (
          <Alert color="red" variant="light">
            {errorText(claim.error) ?? t("tips:errors.unexpected")}
          </Alert>
        ) : !data ? (
          <Loader size="sm" />
        ) : (
          <>
            {data.amount !== "0" && (
              <Text fw={700} fz="xl" data-testid="tips-claim-amount">
                {formatPrize(data.amount, campaign.tokenDecimals)} {campaign.tokenSymbol}
              </Text>
            )}
            <ClaimText claim={data} />
            {data.txHash && (
              <TransactionLink chainId={data.chainId} hash={data.txHash} testId="tips-claim-tx" />
            )}
            {payout.steps.length > 0 && (
              <TransactionSteps
                steps={payout.steps}
                chain={config?.chains.find((chain) => chain.id === campaign.chainId)}
                transactionLabel={(hash) => t("tips:claim.transaction", { hash })}
              />
            )}
            {failure && (
              <Text size="sm" c="red" data-testid="tips-claim-error">
                {failure}
              </Text>
            )}
            {canClaim && (
              <Button
                onClick={() => void onClaim()}
                loading={payout.running}
                style={{ alignSelf: "flex-start" }}
                data-testid="tips-claim"
              >
                {t("tips:claim.button")}
              </Button>
            )}
          </>
        )}
      </Stack>
    </Card>
  );
}
