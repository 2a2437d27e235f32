import type { PickerDetail } from "@dropfair/schemas/picker";
import type { TFunction } from "i18next";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { type Address, getAddress } from "viem";
import type { ChainRecord, PlatformConfig } from "../../../shared/api/get-platform-config";
import type { StepStatus, TransactionStep } from "../../../shared/ui/transaction-steps";
import { useRecordPayment } from "../api/record-payment";
import { parseAmountInput } from "../model/amount";
import { keepsIdempotencyKey, newIdempotencyKey } from "../model/idempotency-key";
import {
  approvalNeeded,
  buildPayoutPlan,
  type PayoutPlan,
  type PayoutWinner,
  pickerPaymentReference,
} from "../model/payout-plan";
import { type BatchPayoutDraft, useBatchPayoutDraft } from "./use-batch-payout-draft";
import { usePaymentErrorText } from "./use-payment-error-text";

type Transactions = typeof import("../wallet/transactions");

export type BatchPayoutReview = {
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

export type BatchPayoutPhase = "form" | "preparing" | "review" | "paying" | "done";

type StepKey = "approve" | "pay" | "record";

const loadTransactions = () => import("../wallet/transactions");

/** Connects the wallet on the chosen chain and reads what the payout needs: balance, allowance and decimals. */
async function readPayoutState(
  config: PlatformConfig,
  selected: { chain: ChainRecord; batchPayout: Address },
  draft: BatchPayoutDraft,
) {
  const transactions = await loadTransactions();
  const { engine, address } = await transactions.connectWallet(config);
  const client = await transactions.clientOnChain(engine, selected.chain);
  const tokenAddress = draft.asset === "erc20" ? getAddress(draft.token.trim()) : ("native" as const);
  const state =
    tokenAddress === "native"
      ? {
          symbol: selected.chain.info.nativeCurrency.symbol,
          decimals: selected.chain.info.nativeCurrency.decimals,
          balance: await transactions.readNativeBalance(client, address),
          allowance: 0n,
        }
      : await transactions.readToken(client, tokenAddress, address, selected.batchPayout);
  return { engine, address, tokenAddress, state };
}

/** The steps a payout shows: approval when the allowance is short, the payment, and recording it. */
function payoutSteps(
  t: TFunction<["picker-payments", "validation"]>,
  current: BatchPayoutReview,
  approve: boolean,
): TransactionStep[] {
  return [
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
  ];
}

export type BatchPayoutInput = {
  picker: PickerDetail;
  winners: readonly PayoutWinner[];
  config: PlatformConfig;
  batchChains: readonly { chain: ChainRecord; batchPayout: Address }[];
  onPaid: () => void;
};

/**
 * The batch payout's flow: the inputs, then a review read from the wallet (balance, allowance, the plan), then
 * approve when needed, pay, and record the payment with the API (retried with the same idempotency key).
 */
export function useBatchPayout({ picker, winners, config, batchChains, onPaid }: BatchPayoutInput) {
  const { t } = useTranslation(["picker-payments", "validation"]);
  const errorText = usePaymentErrorText();
  const record = useRecordPayment(picker.id);
  const [error, setError] = useState<string>();
  const form = useBatchPayoutDraft(String(batchChains[0]?.chain.id ?? ""), () => setError(undefined));
  const { draft } = form;
  const [phase, setPhase] = useState<BatchPayoutPhase>("form");
  const [review, setReview] = useState<BatchPayoutReview>();
  const [steps, setSteps] = useState<TransactionStep[]>([]);
  const [payHash, setPayHash] = useState<string>();
  const [idempotencyKey, setIdempotencyKey] = useState(() => newIdempotencyKey("pay"));
  const selected = batchChains.find((entry) => String(entry.chain.id) === draft.chainId);
  const nativeSymbol = selected?.chain.info.nativeCurrency.symbol ?? "";

  function report(failure: unknown) {
    const message = errorText(failure);
    setError(message);
    return message;
  }

  async function prepare() {
    if (!form.validate() || !selected) return;
    setPhase("preparing");
    setError(undefined);
    try {
      const { engine, address, tokenAddress, state } = await readPayoutState(config, selected, draft);
      const amount = parseAmountInput(draft.amount, state.decimals);
      if (!amount.ok) {
        form.amountFailed(amount.problem, state.decimals);
        setPhase("form");
        return;
      }
      const plan = buildPayoutPlan(winners, amount.value);
      const { chain, batchPayout } = selected;
      setReview({
        chain,
        engine,
        address,
        batchPayout,
        token: tokenAddress,
        ...state,
        perWinner: amount.value,
        plan,
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

  async function recordPaid(current: BatchPayoutReview, hash: string) {
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

  async function pay(current: BatchPayoutReview) {
    const approve = current.token !== "native" && approvalNeeded(current.allowance, current.plan.total) > 0n;
    setSteps(payoutSteps(t, current, approve));
    setPhase("paying");
    setError(undefined);
    let step: StepKey = approve ? "approve" : "pay";
    try {
      const transactions = await loadTransactions();
      const client = await transactions.clientOnChain(current.engine, current.chain);
      const { batchPayout, plan } = current;
      const batch = {
        batchPayout,
        reference: pickerPaymentReference(picker.seed),
        recipients: plan.recipients,
        amounts: plan.amounts,
      };
      if (approve && current.token !== "native") {
        setStep("approve", "active");
        const approval = await transactions.approveToken(client, current.token, batchPayout, plan.total);
        setStep("approve", "active", approval);
        await transactions.waitForSuccess(client, approval);
        setStep("approve", "done");
        setReview({ ...current, allowance: plan.total });
      }
      step = "pay";
      setStep("pay", "active");
      const hash =
        current.token === "native"
          ? await transactions.payNative(client, batch, plan.total)
          : await transactions.payErc20(client, current.token, batch);
      setPayHash(hash);
      setStep("pay", "active", hash);
      // The API records the payment once it has its chain's confirmations.
      await transactions.waitForSuccess(client, hash, current.chain.confirmations);
      setStep("pay", "done");
      await recordPaid(current, hash);
    } catch (failure) {
      if (report(failure) === undefined) {
        // Rejected in the wallet: back to the review, nothing to report.
        setPhase("review");
        return;
      }
      setStep(step, "failed");
    }
  }

  return {
    ...form,
    selected,
    nativeSymbol,
    phase,
    setPhase,
    review,
    steps,
    payHash,
    error,
    recording: record.isPending,
    prepare: () => void prepare(),
    pay: (current: BatchPayoutReview) => void pay(current),
    recordPaid: (current: BatchPayoutReview, hash: string) => void recordPaid(current, hash),
  };
}

export type BatchPayout = ReturnType<typeof useBatchPayout>;
