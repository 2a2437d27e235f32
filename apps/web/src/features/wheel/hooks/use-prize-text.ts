import type { WheelPrize } from "@dropfair/schemas/wheel";
import { useCallback } from "react";
import { useTranslation } from "react-i18next";
import { usePointsSettings } from "../../../shared/api/get-platform-config";
import { kindWording, prizeWording } from "../model/wheel-display";

type PrizeFields = Pick<WheelPrize, "kind" | "label" | "amount" | "tokenSymbol" | "tokenDecimals">;

/** Words prizes in the page's language: one prize ("5 DFT"), or a total of one prize's wins. */
export function usePrizeText() {
  const { t } = useTranslation("wheel");
  const pointName = usePointsSettings()?.pointName ?? "EP";
  const prize = useCallback(
    (entry: PrizeFields) => {
      const worded = prizeWording(entry, pointName);
      return "text" in worded ? worded.text : t(worded.key, worded.values);
    },
    [t, pointName],
  );
  const total = useCallback(
    (entry: PrizeFields, amount: string) => {
      const worded = kindWording(entry, amount, pointName);
      return t(worded.key, worded.values);
    },
    [t, pointName],
  );
  return { prize, total };
}
