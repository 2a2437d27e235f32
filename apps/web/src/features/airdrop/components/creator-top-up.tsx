import { parseTokenAmount } from "@dropfair/core/format";
import { acceptInput } from "@dropfair/core/patterns";
import type { AirdropDetail } from "@dropfair/schemas/airdrop";
import { Button, Group, Text, TextInput } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useReportAirdropError } from "../hooks/use-airdrop-error";
import type { useAirdropTransactions } from "../hooks/use-airdrop-transactions";

export type CreatorTopUpProps = {
  detail: AirdropDetail;
  decimals: number;
  /** The panel's transactions, whose steps it shows. */
  transactions: ReturnType<typeof useAirdropTransactions>;
};

/** Adds more of the reward token to a token airdrop on chain. */
export function CreatorTopUp({ detail, decimals, transactions }: CreatorTopUpProps) {
  const { t } = useTranslation(["airdrop", "validation"]);
  const report = useReportAirdropError();
  const [topUp, setTopUp] = useState("");
  const [topUpError, setTopUpError] = useState<string>();

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

  return (
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
  );
}
