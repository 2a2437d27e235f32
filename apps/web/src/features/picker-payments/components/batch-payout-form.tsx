import { acceptInput } from "@dropfair/core/patterns";
import type { PickerDetail } from "@dropfair/schemas/picker";
import { Alert, Button, Group, SegmentedControl, Select, Stack, TextInput } from "@mantine/core";
import { useTranslation } from "react-i18next";
import type { Address } from "viem";
import type { ChainRecord, PlatformConfig } from "../../../shared/api/get-platform-config";
import { useBatchPayout } from "../hooks/use-batch-payout";
import { multiplyDecimal } from "../model/amount";
import type { PayoutWinner } from "../model/payout-plan";
import { BatchPayoutDone } from "./batch-payout-done";
import { BatchPayoutReview } from "./batch-payout-review";
import { monospaceInput } from "./monospace-input";

export type BatchPayoutFormProps = {
  picker: PickerDetail;
  winners: readonly PayoutWinner[];
  config: PlatformConfig;
  /** Chains with our BatchPayout contract, and its address on each. */
  batchChains: readonly { chain: ChainRecord; batchPayout: Address }[];
  onPaid: () => void;
  onClose: () => void;
};

/**
 * Pays every confirmed winner in one transaction through BatchPayout: native coin, or an ERC-20 (approving
 * first when the allowance is short). Then the API checks the receipt (POST /pay). A user rejection at any
 * step returns to the review quietly; a failed recording keeps the paid transaction for another try.
 */
export function BatchPayoutForm({ onClose, ...input }: BatchPayoutFormProps) {
  const { t } = useTranslation(["picker-payments", "validation"]);
  const payout = useBatchPayout(input);
  const { draft, change, fieldErrors, error, phase, review, nativeSymbol } = payout;
  const { winners, batchChains } = input;
  const totalPreview = multiplyDecimal(draft.amount, winners.length);

  if (phase === "done" && review && payout.payHash) {
    return <BatchPayoutDone review={review} steps={payout.steps} onClose={onClose} />;
  }
  if ((phase === "paying" || phase === "review") && review) {
    return <BatchPayoutReview payout={payout} review={review} />;
  }

  return (
    <Stack gap="md" data-testid="pay-batch-form">
      <Select
        label={t("batch.network")}
        data={batchChains.map((entry) => ({ value: String(entry.chain.id), label: entry.chain.name }))}
        value={draft.chainId}
        onChange={(value) => change("chainId", value ?? "")}
        allowDeselect={false}
        comboboxProps={{ withinPortal: true }}
      />
      <SegmentedControl
        fullWidth
        value={draft.asset}
        onChange={(value) => change("asset", value === "erc20" ? "erc20" : "native")}
        data={[
          { value: "native", label: t("batch.native", { symbol: nativeSymbol }) },
          { value: "erc20", label: t("batch.erc20") },
        ]}
      />
      {draft.asset === "erc20" && (
        <TextInput
          label={t("batch.token")}
          placeholder="0x…"
          value={draft.token}
          onChange={(event) => change("token", event.currentTarget.value.trim())}
          error={fieldErrors.token}
          spellCheck={false}
          autoComplete="off"
          styles={monospaceInput}
          data-testid="pay-token"
        />
      )}
      <TextInput
        label={t("batch.amount")}
        description={
          totalPreview
            ? t("batch.totalPreview", {
                count: winners.length,
                total: draft.asset === "native" ? `${totalPreview} ${nativeSymbol}` : totalPreview,
              })
            : t("batch.amountHint", { count: winners.length })
        }
        placeholder="0.0"
        inputMode="decimal"
        value={draft.amount}
        onChange={(event) =>
          change("amount", acceptInput("decimal", event.currentTarget.value, draft.amount))
        }
        error={fieldErrors.amount}
        autoComplete="off"
        data-testid="pay-amount"
      />
      {error && (
        <Alert color="red" variant="light" data-testid="pay-error">
          {error}
        </Alert>
      )}
      <Group justify="flex-end">
        <Button
          onClick={payout.prepare}
          loading={phase === "preparing"}
          disabled={winners.length === 0 || !payout.selected}
          data-testid="pay-review-button"
        >
          {t("batch.review")}
        </Button>
      </Group>
    </Stack>
  );
}
