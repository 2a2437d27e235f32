import { parseTokenAmount } from "@dropfair/core/format";
import { acceptInput } from "@dropfair/core/patterns";
import type { AirdropDetail } from "@dropfair/schemas/airdrop";
import { airdropStatuses } from "@dropfair/schemas/codes";
import { Button, Card, Group, SimpleGrid, Stack, Text, TextInput, Title } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { paths } from "../../../config/paths";
import { LocaleLink } from "../../../shared/i18n/locale-link";
import { useLocalizedNavigate } from "../../../shared/i18n/use-locale";
import { messageDialog } from "../../../shared/ui/message-dialog-state";
import { TransactionSteps } from "../../../shared/ui/transaction-steps";
import { useDeleteAirdrop } from "../api/delete-airdrop";
import { useReportAirdropError } from "../hooks/use-airdrop-error";
import { useAirdropTransactions } from "../hooks/use-airdrop-transactions";
import { useNftFill } from "../hooks/use-nft-fill";
import { formatReward } from "../model/amounts";
import { NftNotOwnedError } from "../model/errors";
import { nameTokenIds, parseTokenIds, validateTokenIds } from "../model/token-ids";
import { NftTokenIdsField } from "./nft-token-ids";

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
 * The creator's tools (SPEC §6): edit, top up (tokens) or register more NFTs, refund after the end (or before the
 * start), delete a draft.
 */
export function CreatorPanel({ detail }: { detail: AirdropDetail }) {
  const { t } = useTranslation(["airdrop", "validation"]);
  const report = useReportAirdropError();
  const navigate = useLocalizedNavigate();
  const transactions = useAirdropTransactions();
  const remove = useDeleteAirdrop();
  const [topUp, setTopUp] = useState("");
  const [topUpError, setTopUpError] = useState<string>();
  const [tokenIds, setTokenIds] = useState("");
  const [tokenIdsError, setTokenIdsError] = useState<string>();
  const nftFill = useNftFill(transactions.walletNfts, changeTokenIds);

  const decimals = detail.tokenDecimals ?? 18;
  const money = (value: string | bigint | null) =>
    formatReward(value, { ...detail, tokenDecimals: decimals });
  const isNft = detail.rewardType === "nft";
  const remainder = remainderOf(detail);
  const onChain = detail.campaignId !== null;
  const refunded = detail.refundedAt !== null;
  const canRefund =
    onChain &&
    !refunded &&
    remainder > 0n &&
    (detail.status === airdropStatuses.ended || detail.status === airdropStatuses.notStarted);
  const canTopUp =
    onChain && !refunded && detail.rewardType === "token" && detail.status !== airdropStatuses.ended;
  const canDelete = detail.status === airdropStatuses.draft && !onChain;
  const nftsMissing = isNft ? Number(BigInt(detail.requiredDeposit ?? "0") - BigInt(detail.deposited)) : 0;
  const canRegisterNfts =
    onChain && !refunded && isNft && detail.status !== airdropStatuses.ended && nftsMissing > 0;

  function changeTokenIds(value: string) {
    setTokenIds(value);
    setTokenIdsError(undefined);
  }

  async function onRegisterNfts() {
    const problem = validateTokenIds(tokenIds, nftsMissing, { upTo: true });
    if (problem) {
      setTokenIdsError(t(problem.key, problem.params));
      return;
    }
    try {
      await transactions.registerNfts(detail, parseTokenIds(tokenIds).ids);
      setTokenIds("");
    } catch (error) {
      if (error instanceof NftNotOwnedError)
        setTokenIdsError(t("nft.errors.notOwned", { ids: nameTokenIds(error.tokenIds) }));
      else report(error);
    }
  }

  async function onTopUp() {
    let amount: bigint;
    try {
      amount = parseTokenAmount(topUp, decimals);
    } catch {
      setTopUpError(t("validation:validation.amount.invalid"));
      return;
    }
    if (amount <= 0n) {
      setTopUpError(t("validation:validation.airdrop.amountRequired"));
      return;
    }
    setTopUpError(undefined);
    try {
      await transactions.fund(detail, amount);
      setTopUp("");
    } catch (error) {
      report(error);
    }
  }

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
        {canTopUp && (
          <Group align="flex-end" gap="sm">
            <TextInput
              label={t("creator.topUp")}
              placeholder="0.0"
              inputMode="decimal"
              value={topUp}
              onChange={(event) => setTopUp(acceptInput("decimal", event.currentTarget.value, topUp))}
              error={topUpError}
              rightSection={
                <Text size="xs" c="dimmed">
                  {detail.tokenSymbol}
                </Text>
              }
              rightSectionWidth={64}
              style={{ flex: 1, minWidth: 180 }}
              data-testid="creator-top-up"
            />
            <Button
              onClick={() => void onTopUp()}
              loading={transactions.running}
              data-testid="creator-top-up-button"
            >
              {t("funding.deposit")}
            </Button>
          </Group>
        )}
        {canRegisterNfts && (
          <Stack gap="xs">
            <NftTokenIdsField
              value={tokenIds}
              onChange={changeTokenIds}
              needed={nftsMissing}
              upTo
              error={tokenIdsError}
              disabled={transactions.running}
              onFill={() => void nftFill.fill(detail, detail.tokenAddress ?? "", nftsMissing)}
              filling={nftFill.filling}
              fillNote={nftFill.note}
            />
            <Group justify="flex-end">
              <Button
                onClick={() => void onRegisterNfts()}
                loading={transactions.running}
                data-testid="creator-register-nfts"
              >
                {t("nft.register")}
              </Button>
            </Group>
          </Stack>
        )}
        {onChain && !refunded && (
          <Group justify="space-between" gap="sm">
            <Text size="sm" c="dimmed" maw={520}>
              {canRefund ? t("creator.refundText", { amount: money(remainder) }) : t("creator.refundLater")}
            </Text>
            <Button
              color="orange"
              variant="light"
              onClick={() => void onRefund()}
              disabled={!canRefund || transactions.running}
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
