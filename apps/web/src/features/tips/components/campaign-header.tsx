import { formatDateTime } from "@dropfair/core/date";
import type { TipsCampaignDetail } from "@dropfair/schemas/tips";
import { Alert, Badge, Card, Group, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { errorReasonKey, formatPrize } from "../model/display";
import { ChainName } from "./chain-name";
import { TipsStatusBadge } from "./status-badge";

function Fact({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <Stack gap={0} style={{ minWidth: 0 }} data-testid={testId}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      {children}
    </Stack>
  );
}

/** The campaign's head: title, state, description, what posts must contain, times, prize, chain and funding. */
export function CampaignHeader({
  campaign,
  children,
}: {
  campaign: TipsCampaignDetail;
  children?: ReactNode;
}) {
  const { t } = useTranslation("tips");
  const essentials = (["hashtag", "mention", "slogan"] as const).filter((key) => campaign[key] !== "");
  return (
    <Card withBorder radius="lg" padding="lg" data-testid="tips-header">
      <Stack gap="md">
        {children}
        <Group justify="space-between" align="flex-start" gap="sm">
          <Title
            order={1}
            fz={{ base: 24, sm: 30 }}
            style={{ wordBreak: "break-word" }}
            data-testid="tips-campaign-title"
          >
            {campaign.title}
          </Title>
          <TipsStatusBadge status={campaign.status} size="lg" />
        </Group>
        {campaign.description && (
          <Text style={{ whiteSpace: "pre-wrap" }} data-testid="tips-description">
            {campaign.description}
          </Text>
        )}
        <Stack gap={6}>
          <Text size="sm" fw={600}>
            {t("campaign.required")}
          </Text>
          <Group gap="xs">
            {essentials.map((key) => (
              <Badge key={key} variant="outline" size="lg" tt="none" data-testid={`tips-required-${key}`}>
                {t(`campaign.${key}`)}: {campaign[key]}
              </Badge>
            ))}
          </Group>
        </Stack>
        <SimpleGrid cols={{ base: 2, sm: 3, md: 6 }} spacing="md" verticalSpacing="sm">
          <Fact label={t("campaign.prize")} testId="tips-header-prize">
            <Text fw={700}>
              {formatPrize(campaign.totalPrize, campaign.tokenDecimals)} {campaign.tokenSymbol}
            </Text>
          </Fact>
          <Fact label={t("campaign.chain")}>
            <ChainName chainId={campaign.chainId} />
          </Fact>
          <Fact label={t("campaign.participants")} testId="tips-header-participants">
            <Text fw={600}>{campaign.participants}</Text>
          </Fact>
          <Fact label={t("campaign.start")}>
            <Text size="sm">{formatDateTime(campaign.startAt)}</Text>
          </Fact>
          <Fact label={t("campaign.end")}>
            <Text size="sm">{formatDateTime(campaign.endAt)}</Text>
          </Fact>
          <Fact label={t("campaign.claimableUntil")}>
            <Text size="sm">{formatDateTime(campaign.claimableUntil)}</Text>
          </Fact>
        </SimpleGrid>
        <Text size="xs" c="dimmed" ff="monospace" style={{ wordBreak: "break-all" }}>
          {t("campaign.token")}: {campaign.token}
        </Text>
        {campaign.funded ? (
          <Text size="xs" c="dimmed" data-testid="tips-funded">
            {t("campaign.funded", { id: campaign.distributorCampaignId ?? "" })}
          </Text>
        ) : (
          <Alert color="orange" variant="light" data-testid="tips-unfunded-notice">
            {t("campaign.unfunded")}
          </Alert>
        )}
        {campaign.errorReason && (
          <Alert color="red" variant="light" data-testid="tips-error-reason">
            {t(errorReasonKey(campaign.errorReason))}
          </Alert>
        )}
        <Text size="xs" c="dimmed">
          {campaign.computedAt
            ? t("campaign.computedAt", { time: formatDateTime(campaign.computedAt) })
            : t("campaign.notComputed")}
        </Text>
      </Stack>
    </Card>
  );
}
