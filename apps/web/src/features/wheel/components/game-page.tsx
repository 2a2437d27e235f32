import type { WheelGameDetail } from "@dropfair/schemas/wheel";
import { Anchor, Center, Group, Loader, SimpleGrid, Stack, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { paths } from "../../../config/paths";
import { isNotFoundError } from "../../../shared/api/errors";
import { LocaleLink } from "../../../shared/i18n/locale-link";
import { useWheelGame } from "../api/games";
import { useWheelErrorText } from "../hooks/use-wheel-error";
import { viewerKey, type WheelViewer } from "../model/integrations";
import { ClaimsPanel } from "./claims-panel";
import { DrawsTable } from "./draws-table";
import { FundPrizes } from "./fund-prizes";
import { GameHeader } from "./game-header";
import { GameMissions } from "./game-missions";
import { PrizesPanel } from "./prizes-panel";
import { SpinPanel } from "./spin-panel";
import { TicketsPanel } from "./tickets-panel";
import { VerifyPanel } from "./verify-panel";

/**
 * Everything a player does with one game, below its header: the wheel with Spin and the prizes, the tickets,
 * the missions that grant them and the wins to claim, then the public draw records and the verify panel.
 */
export function GameBody({ game, viewer }: { game: WheelGameDetail; viewer: WheelViewer }) {
  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Stack gap="lg">
          <SpinPanel game={game} viewer={viewer} />
          <FundPrizes game={game} viewer={viewer} />
          <PrizesPanel prizes={game.prizes} />
        </Stack>
        <Stack gap="lg">
          <TicketsPanel gameId={game.id} viewer={viewer} />
          <GameMissions game={game} viewer={viewer} />
          <ClaimsPanel game={game} viewer={viewer} />
        </Stack>
      </SimpleGrid>
      <DrawsTable game={game} viewer={viewer} />
      <VerifyPanel game={game} />
    </Stack>
  );
}

/** game/{id}: one lucky wheel game. A game that does not exist is the 404 page (the API's not-found). */
export function GamePage({ id, viewer }: { id: number; viewer: WheelViewer }) {
  const { t } = useTranslation("wheel");
  const errorText = useWheelErrorText();
  const game = useWheelGame(id, viewerKey(viewer));
  if (game.isPending)
    return (
      <Center p="xl">
        <Loader />
      </Center>
    );
  if (game.isError) {
    // The 404 page takes over for a game that does not exist.
    if (isNotFoundError(game.error)) throw game.error;
    return <Text c="red">{errorText(game.error) ?? t("errors.unexpected")}</Text>;
  }
  return (
    <Stack gap="lg" data-testid="game-page" data-game-id={id}>
      <GameHeader game={game.data}>
        <Group>
          <Anchor component={LocaleLink} to={paths.game.build()} size="sm">
            ← {t("game.back")}
          </Anchor>
        </Group>
      </GameHeader>
      <GameBody game={game.data} viewer={viewer} />
    </Stack>
  );
}
