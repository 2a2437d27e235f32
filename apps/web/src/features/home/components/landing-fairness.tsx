import { Button, Container, Group, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { paths } from "../../../config/paths";
import { LocaleLink } from "../../../shared/i18n/locale-link";
import { IconArrowRight } from "../../../shared/ui/icons";
import classes from "./landing-page.module.css";

const fairnessSteps = ["commit", "block", "score", "publish"] as const;

/** How a draw stays fair, step by step, with the way to the simulator. */
export function LandingFairness() {
  const { t } = useTranslation("home");
  return (
    <section className={`${classes.section} ${classes.sectionMuted} ${classes.anchorTarget}`} id="fairness">
      <Container size="lg">
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing={48}>
          <Stack gap="md">
            <Text c="jade.7" fw={700} tt="uppercase" size="sm">
              {t("fairness.eyebrow")}
            </Text>
            <Title order={2}>{t("fairness.title")}</Title>
            <Text c="dimmed">{t("fairness.subtitle")}</Text>
            <Group>
              <Button
                component={LocaleLink}
                to={paths.simulator.build()}
                variant="light"
                rightSection={<IconArrowRight size={16} />}
              >
                {t("fairness.simulator")}
              </Button>
            </Group>
          </Stack>
          <Stack gap="lg">
            {fairnessSteps.map((step, index) => (
              <div key={step} className={classes.step}>
                <div className={classes.stepNumber}>{index + 1}</div>
                <Stack gap={2}>
                  <Text fw={700}>{t(`fairness.steps.${step}.title`)}</Text>
                  <Text size="sm" c="dimmed">
                    {t(`fairness.steps.${step}.text`)}
                  </Text>
                </Stack>
              </div>
            ))}
          </Stack>
        </SimpleGrid>
      </Container>
    </section>
  );
}
