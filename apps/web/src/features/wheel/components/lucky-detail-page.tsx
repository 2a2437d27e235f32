import type { WheelGameSummary } from "@dropfair/schemas/wheel";
import { wheelStatuses } from "@dropfair/schemas/wheel";
import { Anchor, Avatar, Card, Center, Group, Loader, Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { paths } from "../../../config/paths";
import { LocaleLink } from "../../../shared/i18n/locale-link";
import { useWheelGame, useWheelGames } from "../api/games";
import { useWheelErrorText } from "../hooks/use-wheel-error";
import { viewerKey, type WheelViewer } from "../model/integrations";
import { GameHeader } from "./game-header";
import { GameBody } from "./game-page";

/** Whose lucky-detail screen it is: a partner activity, or the platform's achievement programme. */
export type LuckyActivity =
  | { kind: "partner"; slug: string; name: string; identifyCode: string; logo: string }
  | { kind: "achievement"; slug: string };

/** The order a partner's games are offered in: a running one first, then one about to start, then the newest. */
const preference: readonly number[] = [wheelStatuses.running, wheelStatuses.notStarted];

export function currentGame(games: readonly WheelGameSummary[]): WheelGameSummary | undefined {
  for (const status of preference) {
    const found = games.find((game) => game.status === status);
    if (found) return found;
  }
  return games[0];
}

function ActivityGame({ id, viewer }: { id: number; viewer: WheelViewer }) {
  const { t } = useTranslation("wheel");
  const errorText = useWheelErrorText();
  const game = useWheelGame(id, viewerKey(viewer));
  if (game.isPending) return <Loader />;
  if (game.isError) return <Text c="red">{errorText(game.error) ?? t("errors.unexpected")}</Text>;
  return (
    <Stack gap="lg" data-testid="lucky-game" data-game-id={id}>
      <GameHeader game={game.data} />
      <Anchor
        component={LocaleLink}
        to={paths.gameDetail.build({ id })}
        size="sm"
        data-testid="lucky-open-game"
      >
        {t("partner.openGame")}
      </Anchor>
      <GameBody game={game.data} viewer={viewer} />
    </Stack>
  );
}

/**
 * The lucky-detail screen of a partner activity (`/{slug}/:code?`) or of the achievement programme: who runs it,
 * then its current wheel game with the missions that earn its tickets, the tickets, the wheel and the prizes.
 */
export function LuckyDetailPage({ activity, viewer }: { activity: LuckyActivity; viewer: WheelViewer }) {
  const { t } = useTranslation("wheel");
  const errorText = useWheelErrorText();
  const games = useWheelGames({ filter: "all", partner: activity.slug, page: 1, pageSize: 50 });
  const game = games.data ? currentGame(games.data.rows) : undefined;
  const partner = activity.kind === "partner";
  return (
    <Stack gap="lg" data-testid="lucky-detail" data-activity={activity.slug}>
      <Card withBorder radius="lg" padding="lg">
        <Group gap="md" wrap="nowrap" align="center">
          <Avatar
            size="lg"
            radius="md"
            color="jade"
            variant="filled"
            src={partner ? activity.logo : null}
            alt={partner ? activity.name : ""}
            data-testid="lucky-logo"
          >
            {partner ? activity.name.slice(0, 2).toUpperCase() : "DF"}
          </Avatar>
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Title
              order={1}
              fz={{ base: 22, sm: 28 }}
              style={{ overflowWrap: "anywhere" }}
              data-testid="lucky-title"
            >
              {partner ? t("partner.title", { name: activity.name }) : t("partner.achievementTitle")}
            </Title>
            <Text c="dimmed" size="sm">
              {partner ? t("partner.subtitle", { name: activity.name }) : t("partner.achievementSubtitle")}
            </Text>
            {partner ? (
              <Text size="xs" c="dimmed" ff="monospace" data-testid="lucky-code">
                {t("partner.code", { code: activity.identifyCode })}
              </Text>
            ) : (
              <Anchor
                component={LocaleLink}
                to={paths.achievementDetail.build()}
                size="sm"
                data-testid="lucky-achievement-badges"
              >
                {t("partner.achievementBadges")}
              </Anchor>
            )}
          </Stack>
        </Group>
      </Card>
      {games.isPending ? (
        <Center p="xl">
          <Loader />
        </Center>
      ) : games.isError ? (
        <Text c="red">{errorText(games.error) ?? t("errors.unexpected")}</Text>
      ) : game ? (
        <ActivityGame key={game.id} id={game.id} viewer={viewer} />
      ) : (
        <Card withBorder radius="lg" padding="xl">
          <Text c="dimmed" ta="center" data-testid="lucky-no-game">
            {t("partner.noGame")}
          </Text>
        </Card>
      )}
    </Stack>
  );
}
