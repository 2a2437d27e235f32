import type { BadgeWithState } from "@dropfair/schemas/badges";
import { Anchor, Badge, Button, Card, Group, Image, Progress, Stack, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { paths } from "../../../config/paths";
import type { ChainRecord } from "../../../shared/api/get-platform-config";
import { LocaleLink } from "../../../shared/i18n/locale-link";
import { ChainIcon } from "../../../shared/ui/chain-icon";
import { badgeName, periodText, progressPercent, ruleText } from "../model/badge-display";

const stateColors: Record<BadgeWithState["state"], string> = {
  locked: "gray",
  mintable: "jade",
  minted: "blue",
  upcoming: "yellow",
  closed: "gray",
};

/**
 * One badge: artwork, name, kind, what it asks and the wallet's progress, its period and chain, its state, and a
 * Mint button when the wallet may mint it now.
 */
export function BadgeCard({
  badge,
  pointName,
  chain,
  canMint,
  minting,
  onMint,
}: {
  badge: BadgeWithState;
  pointName: string;
  chain: ChainRecord | undefined;
  /** Signed in and no other mint running. */
  canMint: boolean;
  minting: boolean;
  onMint: (badge: BadgeWithState) => void;
}) {
  const { t } = useTranslation(["badges", "validation"]);
  const name = badgeName(t, badge);
  return (
    <Card withBorder padding="md" radius="md" data-testid={`badge-${badge.id}`} data-state={badge.state}>
      <Stack gap="sm" h="100%">
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <Anchor component={LocaleLink} to={paths.achievementUnitag.build({ id: String(badge.id) })}>
            <Image src={badge.image} alt={name} w={72} h={72} fit="contain" radius="md" />
          </Anchor>
          <Stack gap={4} style={{ minWidth: 0, flex: 1 }}>
            <Anchor
              component={LocaleLink}
              to={paths.achievementUnitag.build({ id: String(badge.id) })}
              fw={700}
              c="inherit"
              data-testid="badge-name"
            >
              {name}
            </Anchor>
            <Group gap={6}>
              <Badge size="sm" variant="light" color={badge.kind === "sbt" ? "violet" : "orange"}>
                {t(`badges:kinds.${badge.kind}`)}
              </Badge>
              <Badge size="sm" variant="light" color={stateColors[badge.state]} data-testid="badge-state">
                {t(`badges:states.${badge.state}`)}
              </Badge>
            </Group>
          </Stack>
        </Group>
        <Text size="sm">{ruleText(t, badge.rule, pointName)}</Text>
        <Stack gap={2}>
          <Progress
            value={progressPercent(badge.progress)}
            color={badge.progress.eligible ? "jade" : "gray"}
            aria-label={t("badges:progress")}
          />
          <Text size="xs" c="dimmed" data-testid="badge-progress">
            {t("badges:progressOf", { current: badge.progress.current, target: badge.progress.target })}
          </Text>
        </Stack>
        <Group gap="xs" wrap="nowrap" justify="space-between" mt="auto">
          <Group gap={6} wrap="nowrap" style={{ minWidth: 0 }}>
            <ChainIcon icon={chain?.icon} name={chain?.name ?? String(badge.chainId)} size={16} />
            <Text size="xs" c="dimmed" truncate>
              {periodText(t, badge)}
            </Text>
          </Group>
          {badge.state === "mintable" && (
            <Button
              size="xs"
              onClick={() => onMint(badge)}
              disabled={!canMint}
              loading={minting}
              data-testid="badge-mint"
            >
              {t("badges:mint")}
            </Button>
          )}
          {badge.minted && (
            <Text size="xs" fw={600} c="blue" data-testid="badge-token">
              {t("badges:token", { id: badge.minted.tokenId })}
            </Text>
          )}
        </Group>
      </Stack>
    </Card>
  );
}
