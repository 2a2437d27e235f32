import { useState } from "react";
import { useTranslation } from "react-i18next";
import { isAddress } from "viem";
import type { FieldErrors } from "../../../shared/lib/field-errors";
import { type AmountProblem, parseAmountInput } from "../model/amount";

export type BatchPayoutDraft = { chainId: string; asset: "native" | "erc20"; token: string; amount: string };

/** The batch payout's inputs: network, asset, token and amount per winner, with their messages. */
export function useBatchPayoutDraft(firstChainId: string, onChange: () => void) {
  const { t } = useTranslation(["picker-payments", "validation"]);
  const [draft, setDraft] = useState<BatchPayoutDraft>({
    chainId: firstChainId,
    asset: "native",
    token: "",
    amount: "",
  });
  const [fieldErrors, setFieldErrors] = useState<FieldErrors<"token" | "amount">>({});

  function change<Field extends keyof BatchPayoutDraft>(field: Field, value: BatchPayoutDraft[Field]) {
    setDraft((previous) => ({ ...previous, [field]: value }));
    setFieldErrors({});
    onChange();
  }

  function amountMessage(problem: AmountProblem, decimals?: number) {
    if (problem === "required") return t("validation:validation.airdrop.amountRequired");
    if (problem === "tooManyDecimals") return t("batch.errors.tooManyDecimals", { decimals });
    return t("validation:validation.amount.invalid");
  }

  /** The inputs' checks before the wallet is asked (the decimals are checked again once the token is read). */
  function validate(): boolean {
    const errors: typeof fieldErrors = {};
    if (draft.asset === "erc20" && !isAddress(draft.token.trim(), { strict: false })) {
      errors.token = t("validation:validation.airdrop.tokenAddressInvalid");
    }
    const shape = parseAmountInput(draft.amount, 255);
    if (!shape.ok) errors.amount = amountMessage(shape.problem);
    setFieldErrors(errors);
    return Object.keys(errors).length === 0;
  }

  return {
    draft,
    change,
    fieldErrors,
    validate,
    /** Shows the amount's problem once the token's decimals are known. */
    amountFailed: (problem: AmountProblem, decimals: number) =>
      setFieldErrors({ amount: amountMessage(problem, decimals) }),
  };
}
