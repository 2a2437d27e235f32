import type { WheelSpin } from "@dropfair/schemas/wheel";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { getSpin, reportSpin, requestSpinVoucher } from "../api/actions";
import { wheelGameKey } from "../api/player";
import { wheelQueryKey } from "../api/request";
import { walletStepError } from "../model/errors";
import { useWalletSteps } from "./use-wallet-steps";

/** How often a spin's stage is read while the chain confirms it, and for how long at most. */
const pollMs = 1500;
const pollLimitMs = 10 * 60_000;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export type SpinPhase = "idle" | "running" | "recorded" | "pending" | "failed";

/**
 * A spin from the wallet: the API's voucher (it spends a ticket), the signed-in wallet on the game's chain, the
 * `LuckyWheel.spin` transaction, its report, then the spin's stage read until the recorder has decided it
 * (drawing → dispatching or completed). The server's record is the result; the page only shows it.
 */
export function useSpin(gameId: number, chainId: number, signedInAddress: string | undefined) {
  const { t } = useTranslation("wheel");
  const queryClient = useQueryClient();
  const wallet = useWalletSteps(signedInAddress);
  const [phase, setPhase] = useState<SpinPhase>("idle");
  const [spin, setSpin] = useState<WheelSpin>();
  const mounted = useRef(true);
  useEffect(
    () => () => {
      mounted.current = false;
    },
    [],
  );

  async function refresh() {
    await queryClient.invalidateQueries({ queryKey: wheelGameKey(gameId) });
    await queryClient.invalidateQueries({ queryKey: [...wheelQueryKey, "games"] });
  }

  async function waitForRecord(spinId: number): Promise<WheelSpin> {
    const started = Date.now();
    for (;;) {
      const current = await getSpin(gameId, spinId);
      if (mounted.current) setSpin(current);
      if (current.recordedAt !== null || Date.now() - started > pollLimitMs || !mounted.current)
        return current;
      await pause(pollMs);
    }
  }

  async function start() {
    setPhase("running");
    setSpin(undefined);
    wallet.setSteps([
      { key: "voucher", label: t("spin.steps.voucher"), status: "active" },
      {
        key: "network",
        label: t("spin.steps.network", { name: wallet.chainName(chainId) }),
        status: "waiting",
      },
      { key: "send", label: t("spin.steps.send"), status: "waiting" },
      { key: "record", label: t("spin.steps.record"), status: "waiting" },
    ]);
    try {
      const signed = await requestSpinVoucher(gameId);
      // The ticket is spent now: the balance goes down while the wallet asks.
      void queryClient.invalidateQueries({ queryKey: [...wheelGameKey(gameId), "tickets"] });
      wallet.setStep("voucher", "done");
      wallet.setStep("network", "active");
      const { wallet: actions, client } = await wallet.walletOn(signed.chainId);
      wallet.setStep("network", "done");
      wallet.setStep("send", "active");
      const hash = await actions.sendSpin(client, signed);
      wallet.setStep("send", "active", hash);
      await actions.waitForSuccess(client, hash);
      wallet.setStep("send", "done", hash);
      wallet.setStep("record", "active");
      setSpin(await reportSpin(gameId, signed.spinId, hash));
      const recorded = await waitForRecord(signed.spinId);
      if (recorded.recordedAt === null) {
        setPhase("pending");
        return;
      }
      wallet.setStep("record", "done");
      setPhase("recorded");
    } catch (error) {
      wallet.failActive();
      setPhase("failed");
      throw walletStepError(error, wallet.chainName(chainId));
    } finally {
      await refresh();
    }
  }

  function reset() {
    setPhase("idle");
    wallet.setSteps([]);
  }

  return { phase, spin, steps: wallet.steps, start, reset };
}
