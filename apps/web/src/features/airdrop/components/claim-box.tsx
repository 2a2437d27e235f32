import type { AirdropDetail } from "@dropfair/schemas/airdrop";
import { airdropClaimStates, airdropStatuses, typeCodes } from "@dropfair/schemas/codes";
import { Alert, Badge, Button, Card, Group, Stack, Text, Title } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { isApiCodeError } from "../../../shared/api/feature-request";
import { IconWallet, IconX } from "../../../shared/ui/icons";
import { claimDiscordRole } from "../api/claim-discord-role";
import { useClaim } from "../api/get-claim";
import { useReportAirdropError } from "../hooks/use-airdrop-error";
import { useAirdropTransactions } from "../hooks/use-airdrop-transactions";
import { formatReward } from "../model/amounts";
import type { AirdropViewer } from "../model/integrations";
import { ClaimReady } from "./claim-ready";

/**
 * The signed-in participant's claim (open only while the airdrop is in progress). Wallet lists: the signed-in
 * wallet claims with its proof. X lists: "Sign in with X" proves the account, and the voucher pays the
 * signed-in wallet. Telegram and Discord lists: the account bound to the wallet proves it. Discord-role
 * rewards: our bot grants the role to the bound Discord account.
 */
export function ClaimBox({
  detail,
  viewer,
  onClaimed,
}: {
  detail: AirdropDetail;
  viewer: AirdropViewer;
  onClaimed: () => void;
}) {
  const { t } = useTranslation(["airdrop", "validation"]);
  const transactions = useAirdropTransactions();
  const report = useReportAirdropError();
  const social = detail.idType !== "wallet";
  const role = detail.rewardType === "discord_role";
  const needsX = detail.idType === "twitter" && !viewer.xAccount.signedIn;
  const wallet = viewer.walletAddress;
  // Telegram and Discord lists, and Discord-role rewards, go through the account bound to the wallet.
  const needsBinding =
    detail.idType === "telegram" || detail.idType === "discord"
      ? detail.idType
      : role
        ? ("discord" as const)
        : undefined;
  const unbound = needsBinding !== undefined && !viewer.socialLinks[needsBinding].bound;
  const identity = [
    wallet?.toLowerCase() ?? "",
    viewer.xAccount.username ?? "",
    viewer.socialLinks.discord.id ?? "",
    viewer.socialLinks.telegram.id ?? "",
  ].join("|");
  const ready = Boolean(wallet) && !needsX && !unbound && detail.status !== airdropStatuses.draft;
  const claim = useClaim(detail.id, social || role ? undefined : wallet, identity, ready);
  const [granting, setGranting] = useState(false);

  const notEligible =
    (isApiCodeError(claim.error, "airdrop") && claim.error.typeCode === typeCodes.airdropNotEligible) ||
    (claim.data !== undefined && !claim.data.eligible);
  const claimed = claim.data?.claimState === airdropClaimStates.claimed;
  const amount = claim.data?.amount ? formatReward(claim.data.amount, detail) : "";

  async function onClaim() {
    if (!claim.data) return;
    if (role) {
      setGranting(true);
      try {
        await claimDiscordRole(detail.id);
        await claim.refetch();
        onClaimed();
      } catch (error) {
        report(error);
      } finally {
        setGranting(false);
      }
      return;
    }
    try {
      await transactions.claim(detail, claim.data);
      await claim.refetch();
      onClaimed();
    } catch (error) {
      report(error);
      void claim.refetch();
    }
  }

  return (
    <Card withBorder radius="lg" padding="lg" data-testid="claim-box">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} fz="h4">
            {t("claim.title")}
          </Title>
          <Badge variant="light">{t(`idTypes.${detail.idType}`)}</Badge>
        </Group>
        {wallet && unbound && needsBinding ? (
          <Stack gap="xs" align="flex-start" data-testid="claim-bind">
            <Text size="sm" c="dimmed">
              {role && detail.idType !== "discord"
                ? t("claim.bindDiscordForRole")
                : t("claim.bindText", { type: t(`idTypes.${needsBinding}`) })}
            </Text>
            {viewer.bindControl(needsBinding)}
          </Stack>
        ) : needsX ? (
          <Stack gap="xs" align="flex-start">
            <Text size="sm" c="dimmed">
              {t("claim.signInWithXText")}
            </Text>
            <Button
              color="dark"
              leftSection={<IconX size={14} />}
              onClick={viewer.signInWithX}
              data-testid="claim-x-sign-in"
            >
              {t("claim.signInWithX")}
            </Button>
          </Stack>
        ) : !wallet ? (
          <Stack gap="xs" align="flex-start">
            <Text size="sm" c="dimmed">
              {t(social ? "claim.connectForVoucher" : "claim.connectText")}
            </Text>
            <Button
              onClick={viewer.login}
              disabled={!viewer.canLogin}
              leftSection={<IconWallet size={16} />}
              data-testid="claim-login"
            >
              {t("list.login")}
            </Button>
          </Stack>
        ) : claim.isPending ? (
          <Text size="sm" c="dimmed">
            {t("claim.checking")}
          </Text>
        ) : notEligible ? (
          <Alert color="gray" variant="light" data-testid="claim-not-eligible">
            {t("validation:validation.claim.nothingToClaim")}
          </Alert>
        ) : claim.isError ? (
          <Alert color="red" variant="light">
            {claim.error.message}
          </Alert>
        ) : (
          <ClaimReady
            detail={detail}
            viewer={viewer}
            role={role}
            needsBinding={needsBinding}
            claimed={claimed}
            amount={amount}
            onClaim={() => void onClaim()}
            busy={transactions.running || granting}
            steps={transactions.steps}
            chain={transactions.chainOf(detail)}
          />
        )}
      </Stack>
    </Card>
  );
}
