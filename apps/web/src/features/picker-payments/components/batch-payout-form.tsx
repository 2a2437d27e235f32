import { acceptInput } from "@dropfair/core/patterns";
import type { PickerDetail } from "@dropfair/schemas/picker";
import {
  Alert,
  Button,
  Group,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { type Address, getAddress, isAddress } from "viem";
import type { ChainRecord, PlatformConfig } from "../../../shared/api/get-platform-config";
import type { FieldErrors } from "../../../shared/lib/field-errors";
import {
  type StepStatus,
  type TransactionStep,
  TransactionSteps,
} from "../../../shared/ui/transaction-steps";
import { useRecordPayment } from "../api/record-payment";
import { usePaymentErrorText } from "../hooks/use-payment-error-text";
import { type AmountProblem, formatBaseUnits, multiplyDecimal, parseAmountInput } from "../model/amount";
import { keepsIdempotencyKey, newIdempotencyKey } from "../model/idempotency-key";
import {
  approvalNeeded,
  buildPayoutPlan,
  type PayoutPlan,
  type PayoutWinner,
  pickerPaymentReference,
} from "../model/payout-plan";
import { monospaceInput } from "./monospace-input";

type Transactions = typeof import("../wallet/transactions");
type WalletClient = Awaited<ReturnType<Transactions["clientOnChain"]>>;

type Draft = { chainId: string; asset: "native" | "erc20"; token: string; amount: string };

type Review = {
  chain: ChainRecord;
  engine: Awaited<ReturnType<Transactions["connectWallet"]>>["engine"];
  address: Address;
  batchPayout: Address;
  token: Address | "native";
  symbol: string;
  decimals: number;
  balance: bigint;
  allowance: bigint;
  perWinner: bigint;
  plan: PayoutPlan;
};

type Phase = "form" | "preparing" | "review" | "paying" | "done";

type StepKey = "approve" | "pay" | "record";

const loadTransactions = () => import("../wallet/transactions");

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
export function BatchPayoutForm({
  picker,
  winners,
  config,
  batchChains,
  onPaid,
  onClose,
}: BatchPayoutFormProps) {
  const { t } = useTranslation(["picker-payments", "validation"]);
  const errorText = usePaymentErrorText();
  const record = useRecordPayment(picker.id);
  const [draft, setDraft] = useState<Draft>({
    chainId: String(batchChains[0]?.chain.id ?? ""),
    asset: "native",
    token: "",
    amount: "",
  });
  const [fieldErrors, setFieldErrors] = useState<FieldErrors<"token" | "amount">>({});
  const [phase, setPhase] = useState<Phase>("form");
  const [review, setReview] = useState<Review>();
  const [steps, setSteps] = useState<TransactionStep[]>([]);
  const [payHash, setPayHash] = useState<string>();
  const [error, setError] = useState<string>();
  const [idempotencyKey, setIdempotencyKey] = useState(() => newIdempotencyKey("pay"));

  const selected = batchChains.find((entry) => String(entry.chain.id) === draft.chainId);
  const nativeSymbol = selected?.chain.info.nativeCurrency.symbol ?? "";
  const totalPreview = multiplyDecimal(draft.amount, winners.length);

  function change<Field extends keyof Draft>(field: Field, value: Draft[Field]) {
    setDraft((previous) => ({ ...previous, [field]: value }));
    setFieldErrors({});
    setError(undefined);
  }

  function amountMessage(problem: AmountProblem, decimals?: number) {
    if (problem === "required") return t("validation:validation.airdrop.amountRequired");
    if (problem === "tooManyDecimals") return t("batch.errors.tooManyDecimals", { decimals });
    return t("validation:validation.amount.invalid");
  }

  function report(failure: unknown) {
    const message = errorText(failure);
    setError(message);
    return message;
  }

  async function prepare() {
    const errors: typeof fieldErrors = {};
    const token = draft.token.trim();
    if (draft.asset === "erc20" && !isAddress(token, { strict: false })) {
      errors.token = t("validation:validation.airdrop.tokenAddressInvalid");
    }
    // Decimals are checked again once the token is read; here only the shape of the number.
    const shape = parseAmountInput(draft.amount, 255);
    if (!shape.ok) errors.amount = amountMessage(shape.problem);
    setFieldErrors(errors);
    if (!selected || Object.keys(errors).length > 0) return;

    setPhase("preparing");
    setError(undefined);
    try {
      const transactions = await loadTransactions();
      const { engine, address } = await transactions.connectWallet(config);
      const client = await transactions.clientOnChain(engine, selected.chain);
      const tokenAddress = draft.asset === "erc20" ? getAddress(token) : "native";
      const state =
        tokenAddress === "native"
          ? {
              symbol: nativeSymbol,
              decimals: selected.chain.info.nativeCurrency.decimals,
              balance: await transactions.readNativeBalance(client, address),
              allowance: 0n,
            }
          : await transactions.readToken(client, tokenAddress, address, selected.batchPayout);
      const amount = parseAmountInput(draft.amount, state.decimals);
      if (!amount.ok) {
        setFieldErrors({ amount: amountMessage(amount.problem, state.decimals) });
        setPhase("form");
        return;
      }
      setReview({
        chain: selected.chain,
        engine,
        address,
        batchPayout: selected.batchPayout,
        token: tokenAddress,
        ...state,
        perWinner: amount.value,
        plan: buildPayoutPlan(winners, amount.value),
      });
      setPhase("review");
    } catch (failure) {
      report(failure);
      setPhase("form");
    }
  }

  function setStep(key: StepKey, status: StepStatus, hash?: string) {
    setSteps((previous) =>
      previous.map((step) => (step.key === key ? { ...step, status, ...(hash ? { hash } : {}) } : step)),
    );
  }

  async function recordPaid(current: Review, hash: string) {
    setStep("record", "active");
    setError(undefined);
    try {
      await record.mutateAsync({
        input: {
          mode: "batch",
          chainId: current.chain.id,
          txHash: hash,
          token: current.token,
          amountPerWinner: current.perWinner.toString(),
        },
        idempotencyKey,
      });
      setStep("record", "done");
      setPhase("done");
      onPaid();
    } catch (failure) {
      if (!keepsIdempotencyKey(failure)) setIdempotencyKey(newIdempotencyKey("pay"));
      setStep("record", "failed");
      report(failure);
    }
  }

  async function pay(current: Review) {
    const approve = current.token !== "native" && approvalNeeded(current.allowance, current.plan.total) > 0n;
    setSteps([
      ...(approve
        ? [
            {
              key: "approve",
              label: t("steps.approve", { symbol: current.symbol }),
              status: "waiting" as const,
            },
          ]
        : []),
      { key: "pay", label: t("steps.pay", { count: current.plan.recipients.length }), status: "waiting" },
      { key: "record", label: t("steps.record"), status: "waiting" },
    ]);
    setPhase("paying");
    setError(undefined);
    let step: StepKey = approve ? "approve" : "pay";
    try {
      const transactions = await loadTransactions();
      const client: WalletClient = await transactions.clientOnChain(current.engine, current.chain);
      const batch = {
        batchPayout: current.batchPayout,
        reference: pickerPaymentReference(picker.seed),
        recipients: current.plan.recipients,
        amounts: current.plan.amounts,
      };
      if (approve && current.token !== "native") {
        setStep("approve", "active");
        const approval = await transactions.approveToken(
          client,
          current.token,
          current.batchPayout,
          current.plan.total,
        );
        setStep("approve", "active", approval);
        await transactions.waitForSuccess(client, approval);
        setStep("approve", "done");
        setReview({ ...current, allowance: current.plan.total });
      }
      step = "pay";
      setStep("pay", "active");
      const hash =
        current.token === "native"
          ? await transactions.payNative(client, batch, current.plan.total)
          : await transactions.payErc20(client, current.token, batch);
      setPayHash(hash);
      setStep("pay", "active", hash);
      await transactions.waitForSuccess(client, hash);
      setStep("pay", "done");
      await recordPaid(current, hash);
    } catch (failure) {
      const message = report(failure);
      if (message === undefined) {
        // Rejected in the wallet: back to the review, nothing to report.
        setPhase("review");
        return;
      }
      setStep(step, "failed");
    }
  }

  if (phase === "done" && review && payHash) {
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

  if ((phase === "paying" || phase === "review") && review) {
    const { plan } = review;
    const short = review.balance < plan.total;
    const needsApproval = review.token !== "native" && approvalNeeded(review.allowance, plan.total) > 0n;
    const canRetryRecord =
      payHash !== undefined && steps.some((step) => step.key === "record" && step.status === "failed");
    const working = steps.some((step) => step.status === "active");
    return (
      <Stack gap="md" data-testid="pay-review">
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <Summary label={t("review.network")} value={review.chain.name} />
          <Summary label={t("review.recipients")} value={String(plan.recipients.length)} />
          <Summary
            label={t("review.perWinner")}
            value={`${formatBaseUnits(review.perWinner, review.decimals)} ${review.symbol}`}
          />
          <Summary
            label={t("review.total")}
            value={`${formatBaseUnits(plan.total, review.decimals)} ${review.symbol}`}
            strong
          />
          <Summary
            label={t("review.balance")}
            value={`${formatBaseUnits(review.balance, review.decimals)} ${review.symbol}`}
          />
          {review.token !== "native" && (
            <Summary
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
            <Button variant="default" onClick={() => setPhase("form")}>
              {t("back")}
            </Button>
          )}
          {phase === "review" && (
            <Button
              onClick={() => void pay(review)}
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
            <Button onClick={() => void recordPaid(review, payHash)} loading={record.isPending}>
              {t("batch.retryRecord")}
            </Button>
          )}
          {phase === "paying" && !working && !canRetryRecord && (
            <Button variant="default" onClick={() => setPhase("review")}>
              {t("back")}
            </Button>
          )}
        </Group>
      </Stack>
    );
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
          onClick={() => void prepare()}
          loading={phase === "preparing"}
          disabled={winners.length === 0 || !selected}
          data-testid="pay-review-button"
        >
          {t("batch.review")}
        </Button>
      </Group>
    </Stack>
  );
}

function Summary({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={strong ? 800 : 600} size={strong ? "lg" : "sm"} style={{ overflowWrap: "anywhere" }}>
        {value}
      </Text>
    </Stack>
  );
}
