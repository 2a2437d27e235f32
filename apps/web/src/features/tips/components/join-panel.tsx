import type { TipsCampaignDetail } from "@dropfair/schemas/tips";
import { Alert, Button, Card, Group, Loader, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { usePointsSettings } from "../../../shared/api/get-platform-config";
import { IconCheck, IconWallet } from "../../../shared/ui/icons";
import { MissionList, useCampaignMissions } from "../../missions";
import { useXAccount, XSignInButton } from "../../x-auth";
import { joinTipsCampaign } from "../api/actions";
import { tipsCampaignKey } from "../api/campaigns";
import { useReportTipsError } from "../hooks/use-tips-error";
import { type TipsViewer, viewerKey } from "../model/integrations";
import { ReloadButton } from "./reload-button";

function Step({ done, label, children }: { done: boolean; label: string; children?: React.ReactNode }) {
  return (
    <Group gap="sm" wrap="nowrap" align="flex-start">
      <ThemeIcon size={22} radius="xl" color={done ? "green" : "gray"} variant={done ? "filled" : "light"}>
        {done ? <IconCheck size={14} /> : <span />}
      </ThemeIcon>
      <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
        <Text size="sm" fw={600}>
          {label}
        </Text>
        {children}
      </Stack>
    </Group>
  );
}

function JoinMissions({ campaignId, viewer }: { campaignId: number | null; viewer: TipsViewer }) {
  const { t } = useTranslation("tips");
  const settings = usePointsSettings();
  const missions = useCampaignMissions(campaignId, viewerKey(viewer));
  if (campaignId === null)
    return (
      <Text size="sm" c="dimmed" data-testid="tips-no-missions">
        {t("join.noMissions")}
      </Text>
    );
  if (missions.isPending || !settings) return <Loader size="sm" />;
  if (missions.isError)
    return (
      <Alert color="gray" variant="light">
        {missions.error.message}
      </Alert>
    );
  return (
    <MissionList
      missions={missions.data.missions}
      canCheck={Boolean(viewer.walletAddress)}
      pointName={settings.pointName}
    />
  );
}

/**
 * Joining matters while the campaign takes participants (not started or running), and afterwards only to a
 * participant (their X account) or a banned viewer: the page leaves the panel out otherwise.
 */
export function joinPanelShown(campaign: Pick<TipsCampaignDetail, "status" | "me">): boolean {
  return campaign.status === 0 || campaign.status === 1 || campaign.me.joined || campaign.me.banned;
}

/**
 * Taking part: the wallet (it receives the rewards), Sign in with X (the account whose posts count), the join
 * missions, then Join. A participant sees their X account and the reload instead.
 */
export function JoinPanel({ campaign, viewer }: { campaign: TipsCampaignDetail; viewer: TipsViewer }) {
  const { t } = useTranslation("tips");
  const queryClient = useQueryClient();
  const reportError = useReportTipsError();
  const x = useXAccount();
  const join = useMutation({
    mutationFn: () => joinTipsCampaign(campaign.id),
    onSuccess: () => {
      notifications.show({ color: "green", message: t("join.done") });
      void queryClient.invalidateQueries({ queryKey: tipsCampaignKey(campaign.id) });
    },
    onError: reportError,
  });
  let body: React.ReactNode;
  if (campaign.me.banned) {
    body = (
      <Alert color="red" variant="light" data-testid="tips-banned">
        {t("join.banned")}
      </Alert>
    );
  } else if (campaign.me.joined) {
    body = (
      <Stack gap="sm">
        <Alert color="green" variant="light" data-testid="tips-joined">
          {t("join.joined", { xUserId: campaign.me.xUserId ?? "" })}
        </Alert>
        {campaign.status === 1 && <ReloadButton campaign={campaign} />}
      </Stack>
    );
  } else {
    const wallet = Boolean(viewer.walletAddress);
    body = (
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {t("join.steps")}
        </Text>
        <Step done={wallet} label={t("join.walletStep")}>
          {wallet ? (
            <Text size="xs" c="dimmed" ff="monospace" style={{ wordBreak: "break-all" }}>
              {viewer.walletAddress}
            </Text>
          ) : (
            <Button
              size="xs"
              onClick={viewer.login}
              disabled={!viewer.canLogin}
              leftSection={<IconWallet size={14} />}
              style={{ alignSelf: "flex-start" }}
              data-testid="tips-wallet-sign-in"
            >
              {t("signIn")}
            </Button>
          )}
        </Step>
        <Step done={x.signedIn} label={t("join.xStep")}>
          {x.signedIn ? (
            <Text size="xs" c="dimmed" data-testid="tips-x-account">
              {x.username ? `@${x.username}` : x.xUserId}
            </Text>
          ) : (
            <XSignInButton size="xs" style={{ alignSelf: "flex-start" }} />
          )}
        </Step>
        <Step done={false} label={t("join.missionsStep")}>
          <JoinMissions campaignId={campaign.missionCampaignId} viewer={viewer} />
        </Step>
        <Button
          onClick={() => join.mutate()}
          loading={join.isPending}
          disabled={!wallet || !x.signedIn}
          data-testid="tips-join"
        >
          {t("join.button")}
        </Button>
      </Stack>
    );
  }

  return (
    <Card withBorder radius="lg" padding="lg" data-testid="tips-join-panel">
      <Stack gap="sm">
        <Title order={2} fz="h4">
          {t("join.title")}
        </Title>
        {body}
      </Stack>
    </Card>
  );
}
