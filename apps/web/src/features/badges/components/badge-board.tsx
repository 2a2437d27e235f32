import type { Achievements } from "@dropfair/schemas/badges";
import { Alert, Button, Group, Loader, Paper, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { usePlatformConfig } from "../../../shared/api/get-platform-config";
import { useAchievements } from "../api/get-achievements";
import { BadgeCard } from "./badge-card";
import { useBadgeMinting } from "./use-badge-minting";

function Count({ label, value, testId }: { label: string; value: number; testId: string }) {
  return (
    <Paper withBorder p="sm" radius="md">
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={700} size="xl" data-testid={testId}>
        {value}
      </Text>
    </Paper>
  );
}

/** Minted soulbound and transferable badges, badges mintable now, and the tokens the wallet was minted. */
function Counts({ data }: { data: Achievements }) {
  const { t } = useTranslation("badges");
  return (
    <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm" data-testid="badge-counts">
      <Count label={t("counts.mintedSbt")} value={data.mintedSbt} testId="count-minted-sbt" />
      <Count label={t("counts.mintedNft")} value={data.mintedNft} testId="count-minted-nft" />
      <Count label={t("counts.mintable")} value={data.mintable} testId="count-mintable" />
      <Count label={t("counts.balance")} value={data.balance} testId="count-balance" />
    </SimpleGrid>
  );
}

/**
 * The wallet's badges (all, or one programme's): counts, "mint all mintable" and a card per badge with its own
 * Mint button. `viewer` is the signed-in token (states are per wallet), `address` the signed-in wallet.
 */
export function BadgeBoard({
  viewer,
  address,
  programme,
  title,
}: {
  viewer: string | undefined;
  address: string | undefined;
  programme?: string;
  title?: string;
}) {
  const { t } = useTranslation("badges");
  const { data: config } = usePlatformConfig();
  const achievements = useAchievements(viewer, programme);
  const minting = useBadgeMinting(address);
  const data = achievements.data;
  const signedIn = Boolean(viewer);
  return (
    <Stack gap="md" data-testid="badge-board">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Title order={2}>{title ?? t("board.title")}</Title>
        {data && data.mintable > 0 && signedIn && (
          <Button
            onClick={() => void minting.mintAll(programme ? { programme } : {})}
            loading={minting.running}
            data-testid="mint-all"
          >
            {t("board.mintAll", { count: data.mintable })}
          </Button>
        )}
      </Group>
      {!signedIn && <Text c="dimmed">{t("board.signIn")}</Text>}
      {achievements.isPending && <Loader size="sm" />}
      {achievements.isError && (
        <Alert color="gray" variant="light" data-testid="badges-error">
          {achievements.error.message}
        </Alert>
      )}
      {data && signedIn && <Counts data={data} />}
      {data && data.badges.length === 0 && <Text c="dimmed">{t("board.empty")}</Text>}
      {data && (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" data-testid="badge-grid">
          {data.badges.map((badge) => (
            <BadgeCard
              key={badge.id}
              badge={badge}
              pointName={data.pointName}
              chain={config?.chains.find((chain) => chain.id === badge.chainId)}
              canMint={signedIn && !minting.running}
              minting={false}
              onMint={(chosen) => void minting.mintOne(chosen.id)}
            />
          ))}
        </SimpleGrid>
      )}
      {minting.dialog}
    </Stack>
  );
}
