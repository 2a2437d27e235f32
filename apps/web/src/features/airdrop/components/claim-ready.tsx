import type { AirdropDetail } from "@dropfair/schemas/airdrop";
import { airdropStatuses } from "@dropfair/schemas/codes";
import { Button, Group, Stack, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import type { ChainRecord } from "../../../shared/api/get-platform-config";
import { type TransactionStep, TransactionSteps } from "../../../shared/ui/transaction-steps";
import type { AirdropViewer } from "../model/integrations";

export type ClaimReadyProps = {
  detail: AirdropDetail;
  viewer: AirdropViewer;
  /** The reward is a Discord role our bot grants. */
  role: boolean;
  /** The social account the claim goes through, bound to the wallet. */
  needsBinding: "telegram" | "discord" | undefined;
  claimed: boolean;
  /** The amount as text, empty when unknown. */
  amount: string;
  onClaim: () => void;
  busy: boolean;
  steps: readonly TransactionStep[];
  chain: ChainRecord | undefined;
};

/** An eligible participant's claim: who claims, the amount, the button, and the wallet steps. */
export function ClaimReady({
  detail,
  viewer,
  role,
  needsBinding,
  claimed,
  amount,
  onClaim,
  busy,
  steps,
  chain,
}: ClaimReadyProps) {
  const { t } = useTranslation(["airdrop", "validation"]);
  const inProgress = detail.status === airdropStatuses.inProgress;
  // A claim on chain lands only inside the window by the chain's clock; a Discord role is granted by the server.
  const open = role ? inProgress : detail.claimOpen;
  return (
    <Stack gap="sm">
      {role ? (
        <Text size="sm" c="dimmed">
          {t(claimed ? "claim.roleGranted" : "claim.roleReady")}
        </Text>
      ) : detail.idType === "twitter" && viewer.xAccount.username ? (
        <Text size="sm" c="dimmed">
          {t("claim.asX", { username: viewer.xAccount.username })}
        </Text>
      ) : (
        needsBinding && (
          <Text size="sm" c="dimmed">
            {t("claim.asSocial", { type: t(`idTypes.${needsBinding}`) })}
          </Text>
        )
      )}
      {needsBinding && viewer.bindControl(needsBinding)}
      <Group justify="space-between" align="center">
        <Stack gap={0}>
          <Text size="xs" c="dimmed" data-testid="claim-amount-label">
            {t(claimed ? "claim.amountClaimed" : "claim.amount")}
          </Text>
          <Text fw={800} size="xl" data-testid="claim-amount">
            {role ? t("rewardTypes.discord_role") : amount || "—"}
          </Text>
        </Stack>
        <Button
          size="md"
          onClick={onClaim}
          loading={busy}
          disabled={claimed || !open}
          data-testid="claim-button"
        >
          {claimed ? t("claimStates.claimed") : t(role ? "claim.getRole" : "claim.claim")}
        </Button>
      </Group>
      {!open && !claimed && (
        <Text size="xs" c="dimmed" data-testid="claim-not-in-progress">
          {t(
            detail.status === airdropStatuses.ended
              ? "claim.ended"
              : detail.status === airdropStatuses.notStarted
                ? "claim.notStarted"
                : "claim.waitingForChain",
          )}
        </Text>
      )}
      {claimed && !role && (
        <Text size="sm" c="jade" data-testid="claim-claimed">
          {t(detail.rewardType === "nft" ? "claim.claimedTextNft" : "claim.claimedText")}
        </Text>
      )}
      {steps.length > 0 && (
        <TransactionSteps
          steps={steps}
          chain={chain}
          transactionLabel={(hash) => t("steps.transaction", { hash })}
        />
      )}
    </Stack>
  );
}
