import { Anchor, Badge, Button, Group, Stack, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { paths } from "../../config/paths";
import { canLogin, hasLogin, login, useSession } from "../../features/auth";
import { BadgeBoard } from "../../features/badges";
import { AchievementMissions } from "../../features/missions";
import { usePointsSummary } from "../../features/points";
import { SocialLinkControl } from "../../features/social-links";
import { useXAccount, XSignInButton } from "../../features/x-auth";
import { LocaleLink } from "../../shared/i18n/locale-link";

/** The accounts a mission check needs: the wallet, Sign in with X, and Discord and Telegram bound to the wallet. */
function MissionAccounts() {
  const { t } = useTranslation("missions");
  const signedIn = useSession(hasLogin);
  const loginPossible = useSession(canLogin);
  const x = useXAccount();
  if (!signedIn) {
    return (
      <Button onClick={() => void login()} disabled={!loginPossible} data-testid="missions-sign-in">
        {t("accounts.signIn")}
      </Button>
    );
  }
  return (
    <Stack gap="xs">
      <Badge variant="light" color="jade">
        {t("accounts.wallet")}
      </Badge>
      <Group gap="xs">
        {x.signedIn ? (
          <Text size="sm" fw={600} data-testid="missions-x-account">
            {t("accounts.x", { username: x.username })}
          </Text>
        ) : (
          <XSignInButton size="xs" variant="light" label={t("accounts.signInX")} />
        )}
      </Group>
      <SocialLinkControl provider="discord" />
      <SocialLinkControl provider="telegram" />
    </Stack>
  );
}

/** Where the achievement programme's own pages are: its badges, and its lucky draw. */
function ProgrammeLinks() {
  const { t } = useTranslation("badges");
  return (
    <Group gap="lg" data-testid="achievement-links">
      <Anchor component={LocaleLink} to={paths.achievementDetail.build()} size="sm">
        {t("programme.detailLink")}
      </Anchor>
      <Anchor component={LocaleLink} to={paths.achievementDetailWithLucky.build()} size="sm">
        {t("programme.luckyLink")}
      </Anchor>
    </Group>
  );
}

/** achievement: the user's EP and level, their badges (Mint, mint all) and the platform's achievement missions. */
export function Component() {
  const signedIn = useSession(hasLogin);
  const token = useSession((state) => state.userToken);
  const address = useSession((state) => state.userAddress);
  const points = usePointsSummary();
  const viewer = signedIn ? token : undefined;
  return (
    <AchievementMissions viewer={viewer} points={points.data} accounts={<MissionAccounts />}>
      <ProgrammeLinks />
      <BadgeBoard viewer={viewer} address={address} />
    </AchievementMissions>
  );
}
