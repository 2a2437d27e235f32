import { tipsStatuses } from "@dropfair/schemas/codes";
import { Anchor, Button, Center, Group, Loader, SimpleGrid, Stack, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { paths } from "../../../config/paths";
import { isNotFoundError } from "../../../shared/api/errors";
import { LocaleLink } from "../../../shared/i18n/locale-link";
import { useTipsCampaign } from "../api/campaigns";
import { useTipsErrorText } from "../hooks/use-tips-error";
import { type TipsViewer, viewerKey } from "../model/integrations";
import { refundPanelShown } from "../model/refund";
import { CampaignHeader } from "./campaign-header";
import { ClaimPanel } from "./claim-panel";
import { ConfirmPanel } from "./confirm-panel";
import { FormulaPanel } from "./formula-panel";
import { FundingPanel } from "./funding-panel";
import { HelpersPanel } from "./helpers-panel";
import { JoinMissionsEditor } from "./join-missions-editor";
import { JoinPanel, joinPanelShown } from "./join-panel";
import { LeaderboardTable } from "./leaderboard-table";
import { RefundPanel } from "./refund-panel";
import { StateNotice } from "./state-notice";

/** The campaign has ended: its final snapshot is being taken, awaits confirmation, or payouts are open. */
const afterTheEnd = new Set<number>([
  tipsStatuses.processing,
  tipsStatuses.awaitingConfirmation,
  tipsStatuses.ended,
]);

/** Participants can still join: the creator manages the join missions. */
const beforeTheEnd = new Set<number>([tipsStatuses.notStarted, tipsStatuses.running]);

/** Bans are still decided (by the creator and their helpers) until the creator confirms the final leaderboard. */
const bansOpen = new Set<number>([
  tipsStatuses.notStarted,
  tipsStatuses.running,
  tipsStatuses.processing,
  tipsStatuses.awaitingConfirmation,
]);

/** The ban list of one campaign: tips/banned with the campaign in the query. */
export function banListLink(campaignId: number) {
  return `${paths.tipsBanned.build()}?campaign=${campaignId}`;
}

/**
 * tips/{id}: the campaign's head, joining, the formula ("how points are counted"), the leaderboard with the
 * snapshot download, and the organizer's tools (the creator's helpers and refund after the claim window; bans for
 * every organizer). A campaign that does not exist is the 404 page.
 */
export function CampaignPage({ id, viewer }: { id: number; viewer: TipsViewer }) {
  const { t } = useTranslation("tips");
  const errorText = useTipsErrorText();
  const campaign = useTipsCampaign(id, viewerKey(viewer));
  if (campaign.isPending)
    return (
      <Center p="xl">
        <Loader />
      </Center>
    );
  if (campaign.isError) {
    if (isNotFoundError(campaign.error)) throw campaign.error;
    return <Text c="red">{errorText(campaign.error) ?? t("errors.unexpected")}</Text>;
  }
  const data = campaign.data;
  const editable = data.canManage && data.status === 0 && Date.parse(data.startAt) > Date.now();
  return (
    <Stack gap="lg" data-testid="tips-campaign-page" data-campaign-id={id}>
      <CampaignHeader campaign={data}>
        <Group justify="space-between" gap="sm">
          <Anchor component={LocaleLink} to={paths.tips.build()} size="sm">
            ← {t("campaign.back")}
          </Anchor>
          <Group gap="xs">
            {editable && (
              <Button
                component={LocaleLink}
                to={paths.tipsCreate.build({ id })}
                size="xs"
                variant="light"
                data-testid="tips-edit"
              >
                {t("campaign.edit")}
              </Button>
            )}
            <Button
              component={LocaleLink}
              to={banListLink(id)}
              size="xs"
              variant="default"
              data-testid="tips-ban-list-link"
            >
              {t("campaign.banList")}
            </Button>
          </Group>
        </Group>
      </CampaignHeader>
      {data.canManage && data.status === tipsStatuses.awaitingConfirmation ? (
        <ConfirmPanel campaign={data} />
      ) : (
        <StateNotice campaign={data} />
      )}
      {viewer.walletAddress && data.me.joined && afterTheEnd.has(data.status) && (
        <ClaimPanel campaign={data} viewer={viewer} />
      )}
      {refundPanelShown(data) && <RefundPanel campaign={data} viewer={viewer} />}
      {data.canManage && !data.funded && data.status === 0 && (
        <FundingPanel campaign={data} viewer={viewer} />
      )}
      {data.canManage && beforeTheEnd.has(data.status) && (
        <JoinMissionsEditor campaign={data} viewer={viewer} />
      )}
      {data.canManage && bansOpen.has(data.status) && <HelpersPanel campaign={data} />}
      {joinPanelShown(data) ? (
        <SimpleGrid
          cols={{ base: 1, md: 2 }}
          spacing="lg"
          // After the end the join card holds one line: it keeps its own height beside the formula.
          style={beforeTheEnd.has(data.status) ? undefined : { alignItems: "start" }}
        >
          <JoinPanel campaign={data} viewer={viewer} />
          <FormulaPanel formula={data.formula} />
        </SimpleGrid>
      ) : (
        <FormulaPanel formula={data.formula} />
      )}
      <LeaderboardTable
        campaignId={id}
        tokenDecimals={data.tokenDecimals}
        tokenSymbol={data.tokenSymbol}
        canModerate={data.canModerate}
        viewer={viewer}
        myXUserId={data.me.xUserId}
      />
    </Stack>
  );
}
