import {
  Badge,
  Button,
  Card,
  Container,
  Group,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from "@mantine/core";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { paths } from "../../../config/paths";
import { LocaleLink } from "../../../shared/i18n/locale-link";
import { IconArrowRight, IconLayers, IconScale, IconSparkles, IconWallet } from "../../../shared/ui/icons";
import { LandingFairness } from "./landing-fairness";
import { LandingFeatures } from "./landing-features";
import classes from "./landing-page.module.css";

const pillars = [
  { key: "verifiable", icon: IconScale },
  { key: "onchain", icon: IconLayers },
  { key: "siwe", icon: IconWallet },
] as const;

const audiences = ["teams", "creators", "participants"] as const;

export type LandingPageProps = {
  /** Whether a route's feature is still on its way (drives the 'Soon' badges). */
  isComing: (route: string) => boolean;
  /** The call to action of the closing band, e.g. the wallet sign-in button. */
  primaryAction: ReactNode;
  /** The newsletter band above the closing call to action. */
  newsletter?: ReactNode;
};

function DrawExplainer() {
  const { t } = useTranslation("home");
  const steps = ["entries", "block", "rank"] as const;
  return (
    <div className={classes.drawCard}>
      <Group justify="space-between" mb="lg">
        <Text fw={700}>{t("explainer.title")}</Text>
        <Badge variant="light">{t("explainer.badge")}</Badge>
      </Group>
      <Stack gap={0}>
        {steps.map((step, index) => (
          <div key={step}>
            <div className={classes.step}>
              <div className={classes.stepNumber}>{index + 1}</div>
              <Stack gap={2}>
                <Text fw={650}>{t(`explainer.${step}.title`)}</Text>
                <Text size="sm" c="dimmed">
                  {t(`explainer.${step}.text`)}
                </Text>
              </Stack>
            </div>
            {index < steps.length - 1 && <div className={classes.connector} />}
          </div>
        ))}
      </Stack>
    </div>
  );
}

/** The product's landing page (/dropfair and /home). */
export function LandingPage({ isComing, primaryAction, newsletter }: LandingPageProps) {
  const { t } = useTranslation("home");
  return (
    <>
      <section className={classes.hero}>
        <Container size="lg">
          <div className={classes.heroGrid}>
            <Stack gap="lg">
              <Group gap={8}>
                <Badge variant="light" size="lg" leftSection={<IconSparkles size={14} />}>
                  {t("hero.eyebrow")}
                </Badge>
              </Group>
              <Title order={1}>
                {t("hero.titleStart")}{" "}
                <span className={classes.gradientText}>{t("hero.titleHighlight")}</span>
              </Title>
              <Text size="lg" c="dimmed" maw={560}>
                {t("hero.subtitle")}
              </Text>
              <Group gap="sm">
                <Button
                  size="md"
                  component={LocaleLink}
                  to={paths.picker2.build()}
                  rightSection={<IconArrowRight size={16} />}
                >
                  {t("hero.primary")}
                </Button>
                <Button size="md" variant="default" component={LocaleLink} to={paths.airdropCreate.build()}>
                  {t("hero.secondary")}
                </Button>
              </Group>
              <Text size="sm">
                <LocaleLink
                  to={`${paths.home.build()}#fairness`}
                  style={{ color: "var(--mantine-primary-color-filled)", fontWeight: 600 }}
                >
                  {t("hero.howItWorks")}
                </LocaleLink>
              </Text>
            </Stack>
            <DrawExplainer />
          </div>
        </Container>
      </section>

      <section className={`${classes.section} ${classes.sectionMuted}`}>
        <Container size="lg">
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="xl">
            {pillars.map(({ key, icon: Icon }) => (
              <Group key={key} align="flex-start" wrap="nowrap" gap="md">
                <ThemeIcon size={44} radius="md" variant="light">
                  <Icon size={22} />
                </ThemeIcon>
                <Stack gap={4}>
                  <Text fw={700}>{t(`pillars.${key}.title`)}</Text>
                  <Text size="sm" c="dimmed">
                    {t(`pillars.${key}.text`)}
                  </Text>
                </Stack>
              </Group>
            ))}
          </SimpleGrid>
        </Container>
      </section>

      <LandingFeatures isComing={isComing} />

      <LandingFairness />

      <section className={classes.section}>
        <Container size="lg">
          <Title order={2} mb="xl" ta="center">
            {t("audiences.title")}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
            {audiences.map((audience) => (
              <Card key={audience}>
                <Text fw={700} size="lg" mb={6}>
                  {t(`audiences.${audience}.title`)}
                </Text>
                <Text size="sm" c="dimmed">
                  {t(`audiences.${audience}.text`)}
                </Text>
              </Card>
            ))}
          </SimpleGrid>
        </Container>
      </section>

      {newsletter && (
        <section className={classes.section} style={{ paddingTop: 0 }}>
          <Container size="lg">{newsletter}</Container>
        </section>
      )}

      <section className={classes.section} style={{ paddingTop: 0 }}>
        <Container size="lg">
          <div className={classes.cta}>
            <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl" verticalSpacing="lg">
              <Stack gap="xs">
                <Title order={2}>{t("cta.title")}</Title>
                <Text c="gray.3">{t("cta.text")}</Text>
              </Stack>
              <Group justify="flex-end" gap="sm" align="center">
                {primaryAction}
                <Button component={LocaleLink} to={paths.chain.build()} variant="white" color="dark">
                  {t("cta.chains")}
                </Button>
              </Group>
            </SimpleGrid>
          </div>
        </Container>
      </section>
    </>
  );
}
