import { shortAddress } from "@dropfair/core/address";
import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  Image,
  Loader,
  Progress,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from "@mantine/core";
import { useTranslation } from "react-i18next";
import { usePlatformConfig } from "../../../shared/api/get-platform-config";
import { useBadge } from "../api/get-badge";
import {
  badgeDescription,
  badgeName,
  periodText,
  programmeTitle,
  progressPercent,
  ruleText,
} from "../model/badge-display";
import { useBadgeMinting } from "./use-badge-minting";

function Fact({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={600} data-testid={testId} style={{ overflowWrap: "anywhere" }}>
        {value}
      </Text>
    </Stack>
  );
}

/** achievement/unitag/:id: one badge's artwork, rule, holders, and the wallet's progress and mint state. */
export function BadgeDetailPage({
  id,
  viewer,
  address,
}: {
  id: number;
  viewer: string | undefined;
  address: string | undefined;
}) {
  const { t } = useTranslation(["badges", "validation"]);
  const { data: config } = usePlatformConfig();
  const pointName = config?.points.pointName ?? "";
  const detail = useBadge(id, viewer);
  const minting = useBadgeMinting(address);
  if (detail.isPending) return <Loader size="sm" />;
  if (detail.isError)
    return (
      <Alert color="gray" variant="light" data-testid="badge-error">
        {detail.error.message}
      </Alert>
    );
  const { badge, programme, listed } = detail.data;
  const chain = config?.chains.find((candidate) => candidate.id === badge.chainId);
  const name = badgeName(t, badge);
  return (
    <Stack gap="lg" data-testid="badge-detail" data-state={badge.state}>
      <Card withBorder padding="lg" radius="md">
        <Group align="flex-start" gap="lg" wrap="wrap">
          <Image src={badge.image} alt={name} w={160} h={160} fit="contain" radius="md" />
          <Stack gap="sm" style={{ flex: 1, minWidth: 220 }}>
            <Text size="sm" c="dimmed">
              {programmeTitle(t, programme)}
            </Text>
            <Title order={1}>{name}</Title>
            <Group gap={6}>
              <Badge variant="light" color={badge.kind === "sbt" ? "violet" : "orange"}>
                {t(`badges:kinds.${badge.kind}`)}
              </Badge>
              <Badge variant="light" data-testid="badge-state">
                {t(`badges:states.${badge.state}`)}
              </Badge>
            </Group>
            <Text>{badgeDescription(t, badge, pointName)}</Text>
            <Text fw={600}>{ruleText(t, badge.rule, pointName)}</Text>
            <Progress
              value={progressPercent(badge.progress)}
              color="jade"
              aria-label={t("badges:progress")}
            />
            <Text size="sm" c="dimmed" data-testid="badge-progress">
              {viewer
                ? t("badges:progressOf", { current: badge.progress.current, target: badge.progress.target })
                : t("badges:board.signIn")}
            </Text>
            {badge.state === "mintable" && viewer && (
              <Group>
                <Button
                  onClick={() => void minting.mintOne(badge.id)}
                  loading={minting.running}
                  data-testid="badge-mint"
                >
                  {t("badges:mint")}
                </Button>
              </Group>
            )}
            {badge.minted && (
              <Text fw={600} c="blue" data-testid="badge-token">
                {t("badges:mintedToken", { id: badge.minted.tokenId })}
              </Text>
            )}
          </Stack>
        </Group>
      </Card>
      <Card withBorder padding="lg" radius="md">
        <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="md">
          <Fact label={t("badges:facts.holders")} value={String(badge.holders)} testId="badge-holders" />
          <Fact label={t("badges:facts.period")} value={periodText(t, badge)} />
          <Fact label={t("badges:facts.chain")} value={chain?.name ?? String(badge.chainId)} />
          <Fact
            label={t("badges:facts.contract")}
            value={badge.contractAddress ? shortAddress(badge.contractAddress) : t("badges:facts.noContract")}
          />
          <Fact label={t("badges:facts.yourTokens")} value={String(badge.mintedTotal)} />
          {listed !== null && <Fact label={t("badges:facts.listed")} value={String(listed)} />}
        </SimpleGrid>
      </Card>
      {minting.dialog}
    </Stack>
  );
}
