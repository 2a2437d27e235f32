import type { WheelGameDetail, WheelPrize } from "@dropfair/schemas/wheel";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { Address } from "viem";
import { usePlatformConfig } from "../../../shared/api/get-platform-config";
import { fundPrize } from "../api/actions";
import { wheelGameKey } from "../api/player";
import { TokenBalanceShortError, walletStepError } from "../model/errors";
import { prizeCampaignOf } from "../model/funding";
import { useWalletSteps } from "./use-wallet-steps";

/**
 * Funds a token prize from the creator's wallet: the wallet on the game's chain, its balance of the token (a short
 * one stops here, before any transaction), an approval of the whole deposit to the distributor when the allowance
 * is short, the voucher campaign opened and funded in one transaction, then
 * the funding route that names the campaign (the API checks it on chain).
 */
export function useFundPrize(game: WheelGameDetail, signedInAddress: string | undefined) {
  const { t } = useTranslation("wheel");
  const queryClient = useQueryClient();
  const { data: config } = usePlatformConfig();
  const wallet = useWalletSteps(signedInAddress);
  const [running, setRunning] = useState(false);
  const [done, setDone] = useState(false);
  const confirmations = config?.chains.find((chain) => chain.id === game.chainId)?.confirmations ?? 1;

  async function fund(prize: WheelPrize) {
    setRunning(true);
    setDone(false);
    wallet.setSteps([
      {
        key: "network",
        label: t("funding.steps.network", { name: wallet.chainName(game.chainId) }),
        status: "active",
      },
      {
        key: "balance",
        label: t("funding.steps.balance", { symbol: prize.tokenSymbol ?? "" }),
        status: "waiting",
      },
      { key: "approve", label: t("funding.steps.approve"), status: "waiting" },
      { key: "campaign", label: t("funding.steps.campaign"), status: "waiting" },
      { key: "record", label: t("funding.steps.record"), status: "waiting" },
    ]);
    try {
      const campaign = prizeCampaignOf(game, prize);
      const distributor = game.distributor as Address;
      const { wallet: actions, client } = await wallet.walletOn(game.chainId);
      wallet.setStep("network", "done");
      wallet.setStep("balance", "active");
      const owner = client.account.address;
      const token = await actions.readToken(client, campaign.token, owner, distributor);
      // Nothing is sent for a deposit the wallet cannot cover: the wallet would only show a failed estimate.
      if (token.balance < campaign.deposit)
        throw new TokenBalanceShortError(token, campaign.deposit, token.balance);
      wallet.setStep("balance", "done");
      wallet.setStep("approve", "active");
      if (token.allowance < campaign.deposit) {
        const approval = await actions.approveToken(client, campaign.token, distributor, campaign.deposit);
        wallet.setStep("approve", "active", approval);
        await actions.waitForSuccess(client, approval, confirmations);
        wallet.setStep("approve", "done", approval);
      } else wallet.setStep("approve", "done");
      wallet.setStep("campaign", "active");
      const hash = await actions.sendPrizeCampaign(client, distributor, campaign);
      wallet.setStep("campaign", "active", hash);
      const campaignId = await actions.createdCampaignId(client, hash, confirmations);
      wallet.setStep("campaign", "done", hash);
      wallet.setStep("record", "active");
      await fundPrize(game.id, prize.id, campaignId);
      wallet.setStep("record", "done");
      setDone(true);
    } catch (error) {
      wallet.failActive();
      throw walletStepError(error, wallet.chainName(game.chainId));
    } finally {
      setRunning(false);
      await queryClient.invalidateQueries({ queryKey: wheelGameKey(game.id) });
    }
  }

  function reset() {
    setDone(false);
    wallet.setSteps([]);
  }

  return { steps: wallet.steps, running, done, fund, reset };
}
