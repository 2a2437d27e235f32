import type { AirdropDetail } from "@dropfair/schemas/airdrop";
import { airdropStatuses } from "@dropfair/schemas/codes";
import { Button, Card, Group, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { paths } from "../../../config/paths";
import { LocaleLink } from "../../../shared/i18n/locale-link";
import { useLocalizedNavigate } from "../../../shared/i18n/use-locale";
import { messageDialog } from "../../../shared/ui/message-dialog-state";
import { TransactionSteps } from "../../../shared/ui/transaction-steps";
import { useDeleteAirdrop } from "../api/delete-airdrop";
import { useReportAirdropError } from "../hooks/use-airdrop-error";
import { useAirdropTransactions } from "../hooks/use-airdrop-transactions";
import { formatReward } from "../model/amounts";
import { CreatorNftRegister } from "./creator-nft-register";
import { CreatorTopUp } from "./creator-top-up";

/** What is left on chain for the creator: deposited − claimed − refunded. */
export function remainderOf(detail: AirdropDetail): bigint {
  const left = BigInt(detail.deposited) - BigInt(detail.claimedAmount) - BigInt(detail.refundedAmount ?? "0");
  return left > 0n ? left : 0n;
}

function Figure({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={650} size="sm" data-testid={testId}>
        {value || "—"}
      </Text>
    </Stack>
  );
}

/**
 * The creator's tools: edit, top up (tokens) or register more NFTs, refund after the end (or before the
 * start), delete a draft.
 */
export function CreatorPanel({ detail }: { detail: AirdropDetail }) {
  const { t } = useTranslation(["airdrop", "validation"]);
  const report = useReportAirdropError();
  const navigate = useLocalizedNavigate();
  const transactions = useAirdropTransactions();
  const remove = useDeleteAirdrop();

  const decimals = detail.tokenDecimals ?? 18;
  const money = (value: string | bigint | null) =>
    formatReward(value, { ...detail, tokenDecimals: decimals });
  const isNft = detail.rewardType === "nft";
  const remainder = remainderOf(detail);
  const onChain = detail.campaignId !== null;
  const refunded = detail.refundedAt !== null;
  // The contract refunds outside the window by the chain's clock: the API says when a refund would land.
  const canRefund = onChain && !refunded && remainder > 0n && detail.refundOpen;
  const refundWaitsForChain =
    onChain && !refunded && remainder > 0n && !detail.refundOpen && detail.status === airdropStatuses.ended;
  const canTopUp =
    onChain && !refunded && detail.rewardType === "token" && detail.status !== airdropStatuses.ended;
  const canDelete = detail.status === airdropStatuses.draft && !onChain;
  const nftsMissing = isNft ? Number(BigInt(detail.requiredDeposit ?? "0") - BigInt(detail.deposited)) : 0;
  const canRegisterNfts =
    onChain && !refunded && isNft && detail.status !== airdropStatuses.ended && nftsMissing > 0;

  async function onRefund() {
    const confirmed = await messageDialog.confirm({
      message: t("creator.refundConfirm", { amount: money(remainder) }),
    });
    if (!confirmed) return;
    try {
      await transactions.refund(detail);
    } catch (error) {
      report(error);
    }
  }

  async function onDelete() {
    const confirmed = await messageDialog.confirm({ message: t("creator.deleteConfirm") });
    if (!confirmed) return;
    try {
      await remove.mutateAsync(detail.id);
      await navigate(paths.airdrop.build());
    } catch (error) {
      report(error);
    }
  }

  return (
    <Card withBorder radius="lg" padding="lg" data-testid="creator-panel">
      <Stack gap="md">
        <Group justify="space-between">
          <Title order={2} fz="h4">
            {t("creator.title")}
          </Title>
          <Group gap="xs">
            <Button
              variant="default"
              component={LocaleLink}
              to={paths.airdropCreate.build({ id: detail.id })}
              data-testid="creator-edit"
            >
              {t("creator.edit")}
            </Button>
            {canDelete && (
              <Button
                variant="subtle"
                color="red"
                onClick={() => void onDelete()}
                loading={remove.isPending}
                data-testid="creator-delete"
              >
                {t("creator.delete")}
              </Button>
            )}
          </Group>
        </Group>
        {(detail.rewardType === "token" || isNft) && (
          <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
            <Figure
              label={t(isNft ? "nft.needed" : "funding.required")}
              value={money(detail.requiredDeposit)}
              testId="creator-required"
            />
            <Figure
              label={t(isNft ? "nft.registered" : "funding.deposited")}
              value={money(detail.deposited)}
              testId="creator-deposited"
            />
            <Figure label={t("creator.claimed")} value={money(detail.claimedAmount)} />
            <Figure
              label={refunded ? t("creator.refunded") : t("creator.remainder")}
              value={refunded ? money(detail.refundedAmount) : money(remainder)}
              testId={refunded ? "creator-refunded" : "creator-remainder"}
            />
          </SimpleGrid>
        )}
        {canTopUp && <CreatorTopUp detail={detail} decimals={decimals} transactions={transactions} />}
        {canRegisterNfts && (
          <CreatorNftRegister detail={detail} missing={nftsMissing} transactions={transactions} />
        )}
        {onChain && !refunded && (
          <Group justify="space-between" gap="sm" wrap="nowrap">
            <Text size="sm" c="dimmed" style={{ flex: 1, minWidth: 0 }}>
              {canRefund
                ? t("creator.refundText", { amount: money(remainder) })
                : t(refundWaitsForChain ? "creator.refundWaitsForChain" : "creator.refundLater")}
            </Text>
            <Button
              color="orange"
              variant="light"
              onClick={() => void onRefund()}
              disabled={!canRefund || transactions.running}
              style={{ flexShrink: 0 }}
              data-testid="creator-refund"
            >
              {t("creator.refund")}
            </Button>
          </Group>
        )}
        {transactions.steps.length > 0 && (
          <TransactionSteps
            steps={transactions.steps}
            chain={transactions.chainOf(detail)}
            transactionLabel={(hash) => t("steps.transaction", { hash })}
          />
        )}
      </Stack>
    </Card>
  );
}
