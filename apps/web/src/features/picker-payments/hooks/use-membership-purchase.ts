import type { MembershipPlan } from "@dropfair/core/picker";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { type Address, getAddress } from "viem";
import type { PlatformConfig } from "../../../shared/api/get-platform-config";
import type { StepStatus, TransactionStep } from "../../../shared/ui/transaction-steps";
import { useBuyMembership } from "../api/buy-membership";
import type { MembershipStatus } from "../api/get-membership-status";
import { formatBaseUnits } from "../model/amount";
import { keepsIdempotencyKey, newIdempotencyKey } from "../model/idempotency-key";
import { membershipPrice } from "../model/membership-price";
import { usePaymentErrorText } from "./use-payment-error-text";

/** Membership is priced in USDT; the API names the token's address on the membership chain. */
export const membershipSymbol = "USDT";
const loadTransactions = () => import("../wallet/transactions");

export type MembershipPurchaseInput = {
  config: PlatformConfig | undefined;
  payment: MembershipStatus["payment"] | undefined;
  plan: MembershipPlan;
  onPurchased: ((status: MembershipStatus) => void) | undefined;
};

/**
 * Buying a membership plan: a USDT transfer to the treasury on the membership chain, then the API verifies the
 * receipt and grants the plan (retried with the same idempotency key, or from a hash the buyer pastes).
 */
export function useMembershipPurchase({ config, payment, plan, onPurchased }: MembershipPurchaseInput) {
  const { t } = useTranslation(["picker-payments", "validation"]);
  const errorText = usePaymentErrorText();
  const buy = useBuyMembership();
  const [steps, setSteps] = useState<TransactionStep[]>([]);
  const [working, setWorking] = useState(false);
  const [error, setError] = useState<string>();
  const [paidHash, setPaidHash] = useState<string>();
  const [idempotencyKey, setIdempotencyKey] = useState(() => newIdempotencyKey("membership"));
  const chain = payment ? config?.chains.find((candidate) => candidate.id === payment.chainId) : undefined;
  const price = payment ? membershipPrice(payment.monthlyPrice, payment.decimals, plan) : 0n;

  function setStep(key: string, next: StepStatus, hash?: string) {
    setSteps((previous) =>
      previous.map((step) =>
        step.key === key ? { ...step, status: next, ...(hash ? { hash } : {}) } : step,
      ),
    );
  }

  async function record(chainId: number, txHash: string, chosen: MembershipPlan) {
    setError(undefined);
    try {
      const next = await buy.mutateAsync({ input: { chainId, txHash, plan: chosen }, idempotencyKey });
      onPurchased?.(next);
      return true;
    } catch (failure) {
      if (!keepsIdempotencyKey(failure)) setIdempotencyKey(newIdempotencyKey("membership"));
      setError(errorText(failure));
      return false;
    }
  }

  async function payAndRecord() {
    if (!payment || !chain) return;
    setError(undefined);
    setWorking(true);
    const amount = formatBaseUnits(price, payment.decimals);
    setSteps([
      {
        key: "transfer",
        label: t("membership.steps.transfer", { amount, symbol: membershipSymbol }),
        status: "active",
      },
      { key: "record", label: t("membership.steps.record"), status: "waiting" },
    ]);
    let step = "transfer";
    try {
      const transactions = await loadTransactions();
      const { engine, address } = await transactions.connectWallet(config ?? { chains: [], sandbox: false });
      const client = await transactions.clientOnChain(engine, chain);
      const token = getAddress(payment.token) as Address;
      const balance = await transactions.readToken(client, token, address);
      if (balance.balance < price) {
        setSteps([]);
        setError(t("validation:validation.airdrop.balanceInsufficient"));
        return;
      }
      const hash = await transactions.transferToken(client, token, getAddress(payment.treasury), price);
      setPaidHash(hash);
      setStep("transfer", "active", hash);
      // The API grants membership once the transfer has its chain's confirmations.
      await transactions.waitForSuccess(client, hash, chain.confirmations);
      setStep("transfer", "done");
      step = "record";
      setStep("record", "active");
      setStep("record", (await record(chain.id, hash, plan)) ? "done" : "failed");
    } catch (failure) {
      const message = errorText(failure);
      if (message === undefined) {
        setSteps([]);
        return;
      }
      setError(message);
      setStep(step, "failed");
    } finally {
      setWorking(false);
    }
  }

  async function retryRecord() {
    if (!chain || !paidHash) return;
    setStep("record", "active");
    setStep("record", (await record(chain.id, paidHash, plan)) ? "done" : "failed");
  }

  return {
    chain,
    price,
    steps,
    working,
    error,
    paidHash,
    recordFailed: steps.some((step) => step.key === "record" && step.status === "failed"),
    pending: buy.isPending,
    /** The plan granted, once the API recorded the payment. */
    granted: buy.isSuccess && buy.data.member ? buy.data : undefined,
    payAndRecord: () => void payAndRecord(),
    retryRecord: () => void retryRecord(),
    /** Records a transfer the buyer already made, by its hash. */
    recover: async (txHash: string) => {
      if (chain) await record(chain.id, txHash, plan);
    },
  };
}
