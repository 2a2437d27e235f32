import { Badge, Button, Group, Stack, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { canLogin, hasLogin, login, useSession } from "../../features/auth";
import { BadgeBoard } from "../../features/badges";
import { AchievementMissions } from "../../features/missions";
import { usePointsSummary } from "../../features/points";
import { SocialLinkControl } from "../../features/social-links";
import { useXAccount, XSignInButton } from "../../features/x-auth";

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

/** achievement: the user's EP and level, their badges (Mint, mint all) and the platform's achievement missions. */
export function Component() {
  const signedIn = useSession(hasLogin);
  const token = useSession((state) => state.userToken);
  const address = useSession((state) => state.userAddress);
  const points = usePointsSummary();
  const viewer = signedIn ? token : undefined;
  return (
    <AchievementMissions viewer={viewer} points={points.data} accounts={<MissionAccounts />}>
      <BadgeBoard viewer={viewer} address={address} />
    </AchievementMissions>
  );
}
