import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { Address } from "viem";
import { loadVoucherClaim } from "../../airdrop";
import { reportClaim, requestClaimVoucher } from "../api/actions";
import { wheelGameKey } from "../api/player";
import { walletStepError } from "../model/errors";
import { useWalletSteps } from "./use-wallet-steps";

/**
 * Claims a token or NFT prize: the API's distributor voucher for every unclaimed win of it, the signed-in wallet
 * on the prize's chain, the airdrop feature's `claimWithVoucher` (loaded with the wallet step), then the report
 * that settles the claim.
 */
export function useClaimPrize(gameId: number, signedInAddress: string | undefined) {
  const { t } = useTranslation("wheel");
  const queryClient = useQueryClient();
  const wallet = useWalletSteps(signedInAddress);
  const [running, setRunning] = useState(false);
  const [done, setDone] = useState(false);

  async function claim(prizeId: string, chainId: number) {
    setRunning(true);
    setDone(false);
    wallet.setSteps([
      { key: "voucher", label: t("claims.steps.voucher"), status: "active" },
      {
        key: "network",
        label: t("claims.steps.network", { name: wallet.chainName(chainId) }),
        status: "waiting",
      },
      { key: "send", label: t("claims.steps.send"), status: "waiting" },
      { key: "record", label: t("claims.steps.record"), status: "waiting" },
    ]);
    try {
      const signed = await requestClaimVoucher(gameId, prizeId);
      wallet.setStep("voucher", "done");
      wallet.setStep("network", "active");
      const { wallet: actions, client } = await wallet.walletOn(signed.chainId);
      wallet.setStep("network", "done");
      wallet.setStep("send", "active");
      const claimWithVoucher = await loadVoucherClaim();
      const hash = await claimWithVoucher(
        client,
        signed.distributor as Address,
        signed.voucher,
        signed.signature,
      );
      wallet.setStep("send", "active", hash);
      await actions.waitForSuccess(client, hash);
      wallet.setStep("send", "done", hash);
      wallet.setStep("record", "active");
      await reportClaim(gameId, signed.claimId, hash);
      wallet.setStep("record", "done");
      setDone(true);
    } catch (error) {
      wallet.failActive();
      throw walletStepError(error, wallet.chainName(chainId));
    } finally {
      setRunning(false);
      await queryClient.invalidateQueries({ queryKey: wheelGameKey(gameId) });
    }
  }

  function reset() {
    setDone(false);
    wallet.setSteps([]);
  }

  return { steps: wallet.steps, running, done, claim, reset };
}
