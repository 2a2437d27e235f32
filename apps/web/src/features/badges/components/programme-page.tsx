import { Alert, Anchor, Badge, Group, Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { paths } from "../../../config/paths";
import { usePlatformConfig } from "../../../shared/api/get-platform-config";
import { LocaleLink } from "../../../shared/i18n/locale-link";
import { useAchievements } from "../api/get-achievements";
import { programmeDescription, programmeTitle } from "../model/badge-display";
import { BadgeBoard } from "./badge-board";

/**
 * One achievement programme: its title, season and description, the wallet's badges in it. `network` is the
 * chain the programme lives on (the early-bird programme: Ethereum); when its badges are minted elsewhere (the
 * local chain in sandbox mode), the page says so. `luckyLink` links the achievement lucky draw (the wheel games of
 * the achievement programme), which links back here.
 */
export function ProgrammePage({
  code,
  viewer,
  address,
  network,
  luckyLink = false,
}: {
  code: string;
  viewer: string | undefined;
  address: string | undefined;
  network?: number;
  luckyLink?: boolean;
}) {
  const { t } = useTranslation("badges");
  const { data: config } = usePlatformConfig();
  const achievements = useAchievements(viewer, code);
  const programme = achievements.data?.programme;
  const chainName = (id: number) => config?.chains.find((chain) => chain.id === id)?.name ?? String(id);
  const mintedOn = achievements.data?.badges[0]?.chainId;
  const standIn = network !== undefined && mintedOn !== undefined && mintedOn !== network;
  return (
    <Stack gap="lg" data-testid="programme-page" data-programme={code}>
      <Stack gap={4}>
        <Group gap="sm">
          <Title order={1}>{programme ? programmeTitle(t, programme) : t("programme.loading")}</Title>
          {programme && (
            <Badge variant="light" data-testid="programme-season">
              {t("periods.season", { season: programme.season })}
            </Badge>
          )}
        </Group>
        {programme && <Text c="dimmed">{programmeDescription(t, programme)}</Text>}
        {luckyLink && (
          <Anchor
            component={LocaleLink}
            to={paths.achievementDetailWithLucky.build()}
            size="sm"
            data-testid="programme-lucky-link"
          >
            {t("programme.luckyLink")}
          </Anchor>
        )}
      </Stack>
      {network !== undefined && (
        <Alert color={standIn ? "yellow" : "blue"} variant="light" data-testid="programme-network">
          <Text size="sm">{t("programme.network", { name: chainName(network), id: network })}</Text>
          {standIn && config?.sandbox && (
            <Text size="sm" fw={600} data-testid="programme-sandbox">
              {t("programme.sandbox", {
                name: chainName(mintedOn),
                id: mintedOn,
                network: chainName(network),
              })}
            </Text>
          )}
        </Alert>
      )}
      <BadgeBoard viewer={viewer} address={address} programme={code} title={t("programme.badges")} />
    </Stack>
  );
}
