import { Badge, Card, Container, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import type { ComponentType } from "react";
import { useTranslation } from "react-i18next";
import { paths } from "../../../config/paths";
import { LocaleLink } from "../../../shared/i18n/locale-link";
import {
  IconArrowRight,
  IconCoins,
  IconGift,
  IconNetwork,
  IconNews,
  IconShield,
  IconTarget,
  IconTrophy,
  IconUsers,
  IconWheel,
} from "../../../shared/ui/icons";
import classes from "./landing-page.module.css";

type Feature = { key: string; icon: ComponentType<{ size?: number }>; to: string; route: string };

const features: Feature[] = [
  { key: "picker", icon: IconTarget, to: paths.picker2.build(), route: "picker2" },
  { key: "airdrop", icon: IconGift, to: paths.airdrop.build(), route: "airdrop" },
  { key: "tips", icon: IconCoins, to: paths.tips.build(), route: "tips" },
  { key: "game", icon: IconWheel, to: paths.game.build(), route: "game" },
  { key: "achievement", icon: IconTrophy, to: paths.achievement.build(), route: "achievement" },
  { key: "referral", icon: IconUsers, to: paths.referral.build(), route: "referral" },
  { key: "news", icon: IconNews, to: paths.daily.build(), route: "daily" },
  { key: "safe", icon: IconShield, to: paths.safeChecker.build(), route: "safeChecker" },
  { key: "chain", icon: IconNetwork, to: paths.chain.build(), route: "chain" },
];

/** The landing page's feature cards, each linking to its page; features on their way carry a badge. */
export function LandingFeatures({ isComing }: { isComing: (route: string) => boolean }) {
  const { t } = useTranslation("home");
  const { t: tc } = useTranslation();
  return (
    <section className={classes.section} id="features">
      <Container size="lg">
        <Stack gap={6} mb="xl" maw={640}>
          <Text c="jade.7" fw={700} tt="uppercase" size="sm">
            {t("features.eyebrow")}
          </Text>
          <Title order={2}>{t("features.title")}</Title>
          <Text c="dimmed">{t("features.subtitle")}</Text>
        </Stack>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="lg">
          {features.map(({ key, icon: Icon, to, route }) => (
            <Card key={key} component={LocaleLink} to={to} className={classes.featureCard}>
              <Group justify="space-between" align="flex-start">
                <ThemeIcon size={42} radius="md" variant="light">
                  <Icon size={22} />
                </ThemeIcon>
                {isComing(route) && (
                  <Badge variant="light" color="gray" size="sm">
                    {tc("coming.tag")}
                  </Badge>
                )}
              </Group>
              <Text fw={700} size="lg">
                {t(`features.items.${key}.title`)}
              </Text>
              <Text size="sm" c="dimmed" style={{ flex: 1 }}>
                {t(`features.items.${key}.text`)}
              </Text>
              <Group gap={4} c="jade.7">
                <Text size="sm" fw={600}>
                  {t("features.open")}
                </Text>
                <IconArrowRight size={14} />
              </Group>
            </Card>
          ))}
        </SimpleGrid>
      </Container>
    </section>
  );
}
