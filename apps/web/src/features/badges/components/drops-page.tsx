import {
  Alert,
  Anchor,
  Badge,
  Card,
  Group,
  Image,
  Loader,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from "@mantine/core";
import { useTranslation } from "react-i18next";
import { paths } from "../../../config/paths";
import { usePlatformConfig } from "../../../shared/api/get-platform-config";
import { LocaleLink } from "../../../shared/i18n/locale-link";
import { useDrops } from "../api/get-drops";
import {
  badgeName,
  periodText,
  programmeTitle,
  ruleText,
  timeLeft,
  timeLeftText,
} from "../model/badge-display";

/** achievement/drop: badges open for minting now, with the time left to mint each. */
export function DropsPage({ now = new Date() }: { now?: Date }) {
  const { t } = useTranslation(["badges", "validation"]);
  const { data: config } = usePlatformConfig();
  const pointName = config?.points.pointName ?? "";
  const drops = useDrops();
  return (
    <Stack gap="lg" data-testid="drops-page">
      <Stack gap={4}>
        <Title order={1}>{t("drops.title")}</Title>
        <Text c="dimmed">{t("drops.subtitle")}</Text>
      </Stack>
      {drops.isPending && <Loader size="sm" />}
      {drops.isError && (
        <Alert color="gray" variant="light">
          {drops.error.message}
        </Alert>
      )}
      {drops.data?.length === 0 && <Text c="dimmed">{t("drops.empty")}</Text>}
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
        {drops.data?.map((drop) => {
          const left = timeLeft(drop.closesAt, now);
          const chain = config?.chains.find((candidate) => candidate.id === drop.chainId);
          return (
            <Card key={drop.id} withBorder padding="md" radius="md" data-testid={`drop-${drop.id}`}>
              <Group gap="sm" wrap="nowrap" align="flex-start">
                <Image src={drop.image} alt={badgeName(t, drop)} w={64} h={64} fit="contain" />
                <Stack gap={4} style={{ minWidth: 0, flex: 1 }}>
                  <Anchor
                    component={LocaleLink}
                    to={paths.achievementUnitag.build({ id: String(drop.id) })}
                    fw={700}
                    c="inherit"
                  >
                    {badgeName(t, drop)}
                  </Anchor>
                  <Text size="xs" c="dimmed">
                    {programmeTitle(t, { title: drop.programmeTitle, seed: drop.programmeSeed })}
                  </Text>
                  <Text size="sm">{ruleText(t, drop.rule, pointName)}</Text>
                  <Group gap={6}>
                    <Badge size="sm" variant="light" color={drop.kind === "sbt" ? "violet" : "orange"}>
                      {t(`badges:kinds.${drop.kind}`)}
                    </Badge>
                    <Badge size="sm" variant="light" color="gray">
                      {chain?.name ?? drop.chainId}
                    </Badge>
                  </Group>
                  <Text size="sm" fw={600} data-testid="drop-time-left">
                    {left
                      ? t("drops.closesIn", { left: timeLeftText(t, left) })
                      : t("drops.noEnd", { period: periodText(t, drop) })}
                  </Text>
                </Stack>
              </Group>
            </Card>
          );
        })}
      </SimpleGrid>
    </Stack>
  );
}
