import { Alert, Button, Group, Stack } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { type TransactionStep, TransactionSteps } from "../../../shared/ui/transaction-steps";
import type { BatchPayoutReview } from "../hooks/use-batch-payout";
import { formatBaseUnits } from "../model/amount";

export type BatchPayoutDoneProps = {
  review: BatchPayoutReview;
  steps: readonly TransactionStep[];
  onClose: () => void;
};

/** The batch payout went through and is recorded: who was paid what, and the transactions. */
export function BatchPayoutDone({ review, steps, onClose }: BatchPayoutDoneProps) {
  const { t } = useTranslation(["picker-payments", "validation"]);
  return (
    <Stack gap="md" data-testid="pay-done">
      <Alert color="jade" variant="light" title={t("batch.doneTitle")}>
        {t("batch.done", {
          count: review.plan.recipients.length,
          amount: formatBaseUnits(review.plan.total, review.decimals),
          symbol: review.symbol,
        })}
      </Alert>
      <TransactionSteps
        steps={steps}
        chain={review.chain}
        transactionLabel={(hash) => t("steps.transaction", { hash })}
      />
      <Group justify="flex-end">
        <Button onClick={onClose}>{t("close")}</Button>
      </Group>
    </Stack>
  );
}
