import type { WheelPrize } from "@dropfair/schemas/wheel";
import { useCallback } from "react";
import { useTranslation } from "react-i18next";
import { usePointsSettings } from "../../../shared/api/get-platform-config";
import { defaultLocale, isLocale } from "../../../shared/i18n/locale";
import { kindWording, prizeWording, sliceWording, wholeNumber } from "../model/wheel-display";

type PrizeFields = Pick<WheelPrize, "kind" | "label" | "amount" | "tokenSymbol" | "tokenDecimals">;

/**
 * Words prizes in the page's language: one prize ("5.00 DFT"), a total of one prize's wins, a prize on its wheel
 * slice ("600K DFT"); and a count ("10,000") grouped the same way.
 */
export function usePrizeText() {
  const { t, i18n } = useTranslation("wheel");
  const pointName = usePointsSettings()?.pointName ?? "EP";
  const locale = isLocale(i18n.language) ? i18n.language : defaultLocale;
  const prize = useCallback(
    (entry: PrizeFields) => {
      const worded = prizeWording(entry, pointName, locale);
      return "text" in worded ? worded.text : t(worded.key, worded.values);
    },
    [t, pointName, locale],
  );
  const total = useCallback(
    (entry: PrizeFields, amount: string) => {
      const worded = kindWording(entry, amount, pointName, locale);
      return t(worded.key, worded.values);
    },
    [t, pointName, locale],
  );
  const slice = useCallback(
    (entry: PrizeFields) => {
      const worded = sliceWording(entry, pointName, locale);
      return "text" in worded ? worded.text : t(worded.key, worded.values);
    },
    [t, pointName, locale],
  );
  const count = useCallback((value: number | string) => wholeNumber(value, locale), [locale]);
  return { prize, total, slice, count };
}
