import type { TipsFormula } from "@dropfair/schemas/tips";
import { Card, Code, List, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { formatWhole } from "../model/display";

const weightNames = ["views", "likes", "replies", "retweets", "quotes"] as const;

/** "How points are counted": the published formula with this campaign's weights, cap and daily count. */
export function FormulaPanel({ formula }: { formula: TipsFormula }) {
  const { t } = useTranslation("tips");
  return (
    <Card withBorder radius="lg" padding="lg" data-testid="tips-formula">
      <Stack gap="sm">
        <Title order={2} fz="h4">
          {t("formula.title")}
        </Title>
        <Text size="xs" c="dimmed">
          {t("formula.algorithm", { name: formula.algorithm })}
        </Text>
        <Text size="sm">{t("formula.counts")}</Text>
        <Text size="sm" fw={600}>
          {t("formula.perTweet")}
        </Text>
        <Code block data-testid="tips-formula-expression" style={{ whiteSpace: "pre-wrap" }}>
          {t("formula.expression", formula.weights)}
        </Code>
        <SimpleGrid cols={{ base: 2, sm: 5 }} spacing="xs">
          {weightNames.map((name) => (
            <Stack key={name} gap={0} data-testid={`tips-weight-${name}`}>
              <Text size="xs" c="dimmed">
                {t(`formula.weights.${name}`)}
              </Text>
              <Text fw={700}>{formula.weights[name]}</Text>
            </Stack>
          ))}
        </SimpleGrid>
        <List size="sm" spacing={4}>
          <List.Item data-testid="tips-formula-cap">
            {t("formula.cap", { cap: formatWhole(formula.tweetCap) })}
          </List.Item>
          <List.Item data-testid="tips-formula-daily">
            {t("formula.daily", { count: formula.dailyTweets })}
          </List.Item>
          <List.Item>{t("formula.earnings")}</List.Item>
          <List.Item>{t("formula.verify")}</List.Item>
        </List>
      </Stack>
    </Card>
  );
}
