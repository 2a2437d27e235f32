import { Alert, Button, Group, SimpleGrid, Stack } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { TransactionSteps } from "../../../shared/ui/transaction-steps";
import type { BatchPayout, BatchPayoutReview as Review } from "../hooks/use-batch-payout";
import { formatBaseUnits } from "../model/amount";
import { approvalNeeded } from "../model/payout-plan";
import { PayoutSummary } from "./payout-summary";

/** The payout read from the wallet, before and while paying: network, amounts, balance and approval. */
export function BatchPayoutReview({ payout, review }: { payout: BatchPayout; review: Review }) {
  const { t } = useTranslation(["picker-payments", "validation"]);
  const { phase, steps, payHash, error } = payout;
  const { plan } = review;
  const short = review.balance < plan.total;
  const needsApproval = review.token !== "native" && approvalNeeded(review.allowance, plan.total) > 0n;
  const canRetryRecord =
    payHash !== undefined && steps.some((step) => step.key === "record" && step.status === "failed");
  const working = steps.some((step) => step.status === "active");
  return (
    <Stack gap="md" data-testid="pay-review">
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <PayoutSummary label={t("review.network")} value={review.chain.name} />
        <PayoutSummary label={t("review.recipients")} value={String(plan.recipients.length)} />
        <PayoutSummary
          label={t("review.perWinner")}
          value={`${formatBaseUnits(review.perWinner, review.decimals)} ${review.symbol}`}
        />
        <PayoutSummary
          label={t("review.total")}
          value={`${formatBaseUnits(plan.total, review.decimals)} ${review.symbol}`}
          strong
        />
        <PayoutSummary
          label={t("review.balance")}
          value={`${formatBaseUnits(review.balance, review.decimals)} ${review.symbol}`}
        />
        {review.token !== "native" && (
          <PayoutSummary
            label={t("review.approval")}
            value={needsApproval ? t("review.approvalNeeded") : t("review.approvalEnough")}
          />
        )}
      </SimpleGrid>
      {plan.unpayable.length > 0 && (
        <Alert color="orange" variant="light">
          {t("review.unpayable", {
            names: plan.unpayable.map((winner) => `@${winner.username}`).join(", "),
          })}
        </Alert>
      )}
      {short && phase === "review" && (
        <Alert color="red" variant="light" data-testid="pay-insufficient">
          {t("validation:validation.airdrop.balanceInsufficient")}
        </Alert>
      )}
      {phase === "paying" && (
        <TransactionSteps
          steps={steps}
          chain={review.chain}
          transactionLabel={(hash) => t("steps.transaction", { hash })}
        />
      )}
      {error && (
        <Alert color="red" variant="light" data-testid="pay-error">
          {error}
        </Alert>
      )}
      <Group justify="flex-end" gap="sm">
        {phase === "review" && (
          <Button variant="default" onClick={() => payout.setPhase("form")}>
            {t("back")}
          </Button>
        )}
        {phase === "review" && (
          <Button
            onClick={() => payout.pay(review)}
            disabled={short || plan.recipients.length === 0}
            data-testid="pay-confirm"
          >
            {t("review.pay", {
              amount: formatBaseUnits(plan.total, review.decimals),
              symbol: review.symbol,
            })}
          </Button>
        )}
        {phase === "paying" && canRetryRecord && payHash && (
          <Button onClick={() => payout.recordPaid(review, payHash)} loading={payout.recording}>
            {t("batch.retryRecord")}
          </Button>
        )}
        {phase === "paying" && !working && !canRetryRecord && (
          <Button variant="default" onClick={() => payout.setPhase("review")}>
            {t("back")}
          </Button>
        )}
      </Group>
    </Stack>
  );
}
