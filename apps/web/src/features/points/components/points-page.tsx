import { Alert, Loader, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { usePointsSettings } from "../../../shared/api/get-platform-config";
import { GrantForm } from "./grant-form";
import { PointsHistory } from "./points-history";
import { PointsLeaderboard } from "./points-leaderboard";
import { PointsSummaryCard } from "./points-summary-card";

/**
 * The points page: the signed-in wallet's balance, level and history next to the public leaderboard, and the
 * grant form for administrators (`isAdmin` is only a hint for the interface; the server checks again).
 */
export function PointsPage({ signedIn, isAdmin }: { signedIn: boolean; isAdmin: boolean }) {
  const { t } = useTranslation("points");
  const settings = usePointsSettings();
  if (!settings) return <Loader size="sm" />;
  const { pointName } = settings;
  return (
    <Stack gap="lg" data-testid="points-page">
      <Stack gap={4}>
        <Title order={1}>{t("page.title", { pointName })}</Title>
        <Text c="dimmed">{t("page.subtitle", { pointName, perLevel: settings.pointsPerLevel })}</Text>
      </Stack>
      {signedIn ? (
        <PointsSummaryCard pointName={pointName} />
      ) : (
        <Alert color="jade" variant="light" data-testid="points-sign-in">
          {t("page.signIn", { pointName })}
        </Alert>
      )}
      <SimpleGrid cols={{ base: 1, md: signedIn ? 2 : 1 }} spacing="lg">
        {signedIn && <PointsHistory pointName={pointName} />}
        <PointsLeaderboard pointName={pointName} />
      </SimpleGrid>
      {isAdmin && <GrantForm pointName={pointName} />}
    </Stack>
  );
}
