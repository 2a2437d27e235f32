import { airdropStatuses } from "@dropfair/schemas/codes";
import { Alert, Card, Center, Group, Loader, Progress, SimpleGrid, Stack, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { isNotFoundError } from "../../../shared/api/errors";
import { usePlatformConfig } from "../../../shared/api/get-platform-config";
import { useAirdrop } from "../api/get-airdrop";
import { useLogoUrl } from "../api/get-logo";
import { useAirdropErrorText } from "../hooks/use-airdrop-error";
import { useRewardText } from "../hooks/use-reward-text";
import { formatReward } from "../model/amounts";
import type { AirdropViewer } from "../model/integrations";
import { AuditBox } from "./audit-box";
import { CampaignBanner } from "./campaign-banner";
import { ClaimBox } from "./claim-box";
import { CreatorPanel } from "./creator-panel";
import { ParticipantsTable } from "./participants-table";

export type AirdropCampaignPageProps = { id: number; viewer: AirdropViewer };

/**
 * The campaign page `airdrop/{id}`: the campaign, its progress, the claim, the creator's tools and the audit.
 */
export function AirdropCampaignPage({ id, viewer }: AirdropCampaignPageProps) {
  const { t } = useTranslation("airdrop");
  const errorText = useAirdropErrorText();
  const rewardText = useRewardText();
  const { data: config } = usePlatformConfig();
  const airdrop = useAirdrop(id, viewer.walletAddress?.toLowerCase());
  const logoUrl = useLogoUrl(id, airdrop.data?.updatedAt, Boolean(airdrop.data?.hasLogo));

  if (airdrop.isError) {
    if (isNotFoundError(airdrop.error)) throw airdrop.error;
    return (
      <Alert color="red" variant="light">
        {errorText(airdrop.error) ?? t("errors.unexpected")}
      </Alert>
    );
  }
  const detail = airdrop.data;
  if (!detail) {
    return (
      <Center py="xl">
        <Loader type="dots" />
      </Center>
    );
  }

  const chain = config?.chains.find((candidate) => candidate.id === detail.chainId);
  const shares = detail.mode === "fcfs" ? (detail.shares ?? 0) : detail.participantCount;
  const percent = shares > 0 ? Math.min(100, (detail.claimCount / shares) * 100) : 0;
  const reward = rewardText(
    { rewardType: detail.rewardType, totalAmount: detail.totalAmount ?? "" },
    detail.tokenSymbol,
  );

  return (
    <Stack gap="lg" data-testid="airdrop-campaign">
      <CampaignBanner
        title={detail.title}
        description={detail.description}
        posterStyle={detail.posterStyle}
        status={detail.status}
        startAt={detail.startAt}
        endAt={detail.endAt}
        reward={reward}
        chainId={detail.chainId}
        logoUrl={logoUrl}
      />
      {detail.status === airdropStatuses.draft && (
        <Alert color="gray" variant="light" data-testid="campaign-draft">
          {t("campaign.draftNote")}
        </Alert>
      )}
      <Card withBorder radius="lg" padding="lg" data-testid="campaign-progress">
        <Stack gap="sm">
          <Group justify="space-between">
            <Text fw={650}>{t("campaign.progress")}</Text>
            <Text size="sm" c="dimmed" data-testid="campaign-claimed">
              {t("campaign.claimedOf", { claimed: detail.claimCount, total: shares })}
            </Text>
          </Group>
          <Progress value={percent} size="lg" radius="xl" color="jade" />
          <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
            <Figure label={t("campaign.accountType")} value={t(`idTypes.${detail.idType}`)} />
            <Figure label={t("campaign.mode")} value={t(`modes.${detail.mode}`)} />
            <Figure
              label={t("list.columns.claimablePrize")}
              value={formatReward(detail.claimableAmount, detail)}
            />
            <Figure
              label={t(detail.mode === "fcfs" ? "funding.perShare" : "campaign.participantsLabel")}
              value={
                detail.mode === "fcfs"
                  ? formatReward(detail.amountPerShare, detail)
                  : String(detail.participantCount)
              }
            />
          </SimpleGrid>
        </Stack>
      </Card>
      <SimpleGrid cols={{ base: 1, md: detail.isCreator ? 2 : 1 }} spacing="lg">
        {detail.status !== airdropStatuses.draft && (
          <ClaimBox detail={detail} viewer={viewer} onClaimed={() => void airdrop.refetch()} />
        )}
        {detail.isCreator && <CreatorPanel detail={detail} />}
      </SimpleGrid>
      <ParticipantsTable detail={detail} chain={chain} />
      <AuditBox detail={detail} />
    </Stack>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={650} size="sm">
        {value || "—"}
      </Text>
    </Stack>
  );
}
