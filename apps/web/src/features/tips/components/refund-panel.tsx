import { formatDateTime } from "@dropfair/core/date";
import type { TipsCampaignDetail } from "@dropfair/schemas/tips";
import { Badge, Button, Card, Group, Stack, Text, Title } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { usePlatformConfig } from "../../../shared/api/get-platform-config";
import { TransactionSteps } from "../../../shared/ui/transaction-steps";
import { isUserRejection } from "../../../shared/wallet/eip1193";
import { useRefundPrize } from "../hooks/use-refund-prize";
import { useTipsErrorText } from "../hooks/use-tips-error";
import { formatPrize } from "../model/display";
import type { TipsViewer } from "../model/integrations";
import { TransactionLink } from "./transaction-link";

/**
 * The creator's refund once the claim window has ended: Refund sends the distributor's `refund` from the
 * connected wallet (switched to the campaign's chain) and reports its transaction; then the refunded amount and
 * the transaction. The page shows it to the creator only (model/refund.ts).
 */
export function RefundPanel({ campaign, viewer }: { campaign: TipsCampaignDetail; viewer: TipsViewer }) {
  const { t } = useTranslation(["tips", "validation"]);
  const { data: config } = usePlatformConfig();
  const errorText = useTipsErrorText();
  const prize = useRefundPrize(campaign, viewer.walletAddress);
  const [failure, setFailure] = useState<string>();
  const refunded = campaign.refund;

  async function onRefund() {
    setFailure(undefined);
    try {
      await prize.refund();
    } catch (error) {
      setFailure(
        isUserRejection(error)
          ? t("validation:validation.transaction.cancelled")
          : (errorText(error) ?? t("tips:errors.unexpected")),
      );
    }
  }

  return (
    <Card
      withBorder
      radius="lg"
      padding="lg"
      data-testid="tips-refund-panel"
      data-state={refunded ? "refunded" : "open"}
    >
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <Title order={2} fz="h4">
            {t("tips:refund.title")}
          </Title>
          <Badge color={refunded ? "gray" : "jade"} variant="light" data-testid="tips-refund-state">
            {t(refunded ? "tips:refund.states.refunded" : "tips:refund.states.open")}
          </Badge>
        </Group>
        {refunded ? (
          <>
            <Text fw={700} fz="xl" data-testid="tips-refund-amount">
              {formatPrize(refunded.amount, campaign.tokenDecimals)} {campaign.tokenSymbol}
            </Text>
            <Text size="sm" data-testid="tips-refund-text">
              {t("tips:refund.done", { time: formatDateTime(refunded.refundedAt) })}
            </Text>
            <TransactionLink chainId={campaign.chainId} hash={refunded.txHash} testId="tips-refund-tx" />
          </>
        ) : (
          <>
            <Text size="sm" data-testid="tips-refund-text">
              {prize.unreported
                ? t("tips:refund.unreported")
                : t("tips:refund.open", {
                    until: formatDateTime(campaign.claimableUntil),
                    id: campaign.distributorCampaignId ?? "",
                  })}
            </Text>
            {prize.steps.length > 0 && (
              <TransactionSteps
                steps={prize.steps}
                chain={config?.chains.find((chain) => chain.id === campaign.chainId)}
                transactionLabel={(hash) => t("tips:claim.transaction", { hash })}
              />
            )}
            {failure && (
              <Text size="sm" c="red" data-testid="tips-refund-error">
                {failure}
              </Text>
            )}
            <Button
              onClick={() => void onRefund()}
              loading={prize.running}
              style={{ alignSelf: "flex-start" }}
              data-testid="tips-refund"
            >
              {t(prize.unreported ? "tips:refund.retry" : "tips:refund.button")}
            </Button>
          </>
        )}
      </Stack>
    </Card>
  );
}
