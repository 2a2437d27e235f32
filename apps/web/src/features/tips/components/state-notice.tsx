import { formatDateTime } from "@dropfair/core/date";
import { tipsStatuses } from "@dropfair/schemas/codes";
import type { TipsCampaignDetail } from "@dropfair/schemas/tips";
import { Alert } from "@mantine/core";
import { useTranslation } from "react-i18next";

const notices = {
  [tipsStatuses.processing]: { key: "state.processing", color: "orange" },
  [tipsStatuses.awaitingConfirmation]: { key: "state.awaitingConfirmation", color: "yellow" },
  [tipsStatuses.ended]: { key: "state.ended", color: "gray" },
  [tipsStatuses.error]: { key: "state.error", color: "red" },
} as Record<number, { key: string; color: string } | undefined>;

/**
 * Where a campaign stands after its end, for everyone: the final snapshot being taken (4), waiting for the
 * creator's confirmation (7), payouts open until the end of the claim window (5), stopped by an error (10).
 */
export function StateNotice({ campaign }: { campaign: TipsCampaignDetail }) {
  const { t } = useTranslation("tips");
  const found = notices[campaign.status];
  if (!found) return null;
  const claimWindowOver =
    campaign.status === tipsStatuses.ended && Date.parse(campaign.claimableUntil) <= Date.now();
  const notice = claimWindowOver ? { key: "state.claimWindowOver", color: "gray" } : found;
  return (
    <Alert
      color={notice.color}
      variant="light"
      title={t(`${notice.key}Title`)}
      data-testid="tips-state-notice"
      data-status={campaign.status}
    >
      {t(notice.key, { until: formatDateTime(campaign.claimableUntil) })}
    </Alert>
  );
}
