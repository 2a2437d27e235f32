import { formatDateTime } from "@dropfair/core/date";
import { tipsStatuses } from "@dropfair/schemas/codes";
import type { TipsCampaignDetail } from "@dropfair/schemas/tips";
import { Alert, Stack, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { formatPrize } from "../model/display";
import { TransactionLink } from "./transaction-link";

const notices = {
  [tipsStatuses.processing]: { key: "state.processing", color: "orange" },
  [tipsStatuses.awaitingConfirmation]: { key: "state.awaitingConfirmation", color: "yellow" },
  [tipsStatuses.ended]: { key: "state.ended", color: "gray" },
  [tipsStatuses.error]: { key: "state.error", color: "red" },
} as Record<number, { key: string; color: string } | undefined>;

/**
 * Where a campaign stands after its end, for everyone: the final snapshot being taken (4), waiting for the
 * creator's confirmation (7), payouts open until the end of the claim window (5), the window over, the rest
 * refunded to the creator (amount and transaction), stopped by an error (10).
 */
export function StateNotice({ campaign }: { campaign: TipsCampaignDetail }) {
  const { t } = useTranslation("tips");
  const found = notices[campaign.status];
  if (!found) return null;
  const ended = campaign.status === tipsStatuses.ended;
  // The server records a refund only after the window, so a recorded refund means the window is over too.
  const refund = ended ? campaign.refund : null;
  const claimWindowOver = ended && Date.parse(campaign.claimableUntil) <= Date.now();
  const notice = refund
    ? { key: "state.refunded", color: "gray" }
    : claimWindowOver
      ? { key: "state.claimWindowOver", color: "gray" }
      : found;
  return (
    <Alert
      color={notice.color}
      variant="light"
      title={t(`${notice.key}Title`)}
      data-testid="tips-state-notice"
      data-status={campaign.status}
    >
      {refund ? (
        <Stack gap={4}>
          <Text size="sm">
            {t("state.refunded", {
              until: formatDateTime(campaign.claimableUntil),
              amount: formatPrize(refund.amount, campaign.tokenDecimals),
              symbol: campaign.tokenSymbol,
              time: formatDateTime(refund.refundedAt),
            })}
          </Text>
          {refund.txHash !== "" && (
            <TransactionLink chainId={campaign.chainId} hash={refund.txHash} testId="tips-state-refund-tx" />
          )}
        </Stack>
      ) : (
        t(notice.key, { until: formatDateTime(campaign.claimableUntil) })
      )}
    </Alert>
  );
}
