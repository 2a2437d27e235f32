import type { WheelGameDetail, WheelPrize } from "@dropfair/schemas/wheel";
import { useQueryClient } from "@tanstack/react-query";
import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { Address } from "viem";
import { usePlatformConfig } from "../../../shared/api/get-platform-config";
import { inBatches, nftRegisterBatchSize } from "../../../shared/lib/token-ids";
import type { TransactionStep } from "../../../shared/ui/transaction-steps";
import { fundPrize } from "../api/actions";
import { wheelGameKey } from "../api/player";
import { NftNotOwnedError, walletStepError } from "../model/errors";
import { prizeCampaignOf } from "../model/funding";
import { useWalletSteps } from "./use-wallet-steps";

/**
 * Funds an NFT prize from the creator's wallet with the ids they chose (one per win): the wallet on the game's
 * chain, a check that it owns every id (before anything is sent), the distributor approved for the collection
 * unless it already is, the prize's voucher campaign opened (kind ERC-721), the ids moved in by `registerNft` in
 * batches, then the funding route that names the campaign (the API checks it on chain). A campaign opened by an
 * attempt that failed later is reused by the next attempt, so a retry does not open another one.
 */
export function useFundNftPrize(game: WheelGameDetail, signedInAddress: string | undefined) {
  const { t } = useTranslation("wheel");
  const queryClient = useQueryClient();
  const { data: config } = usePlatformConfig();
  const wallet = useWalletSteps(signedInAddress);
  const [running, setRunning] = useState(false);
  const [done, setDone] = useState(false);
  const opened = useRef(new Map<string, bigint>());
  const confirmations = config?.chains.find((chain) => chain.id === game.chainId)?.confirmations ?? 1;
  const chainName = wallet.chainName(game.chainId);

  function plan(prize: WheelPrize, count: number, batches: number, opening: boolean): TransactionStep[] {
    const symbol = prize.tokenSymbol ?? "NFT";
    return [
      { key: "network", label: t("funding.steps.network", { name: chainName }), status: "active" },
      { key: "owner", label: t("funding.steps.nftOwner", { count }), status: "waiting" },
      { key: "approve", label: t("funding.steps.nftApprove", { symbol }), status: "waiting" },
      ...(opening
        ? [{ key: "campaign", label: t("funding.steps.nftCampaign"), status: "waiting" as const }]
        : []),
      ...Array.from({ length: batches }, (_, index) => ({
        key: `register-${index}`,
        label:
          batches === 1
            ? t("funding.steps.nftRegister", { count })
            : t("funding.steps.nftRegisterBatch", { batch: index + 1, batches }),
        status: "waiting" as const,
      })),
      { key: "record", label: t("funding.steps.record"), status: "waiting" },
    ];
  }

  async function fund(prize: WheelPrize, tokenIds: readonly bigint[]) {
    setRunning(true);
    setDone(false);
    const batches = inBatches(tokenIds, nftRegisterBatchSize);
    const reused = opened.current.get(prize.id);
    wallet.setSteps(plan(prize, tokenIds.length, batches.length, reused === undefined));
    try {
      const campaign = prizeCampaignOf(game, prize);
      const distributor = game.distributor as Address;
      const { wallet: actions, client } = await wallet.walletOn(game.chainId);
      wallet.setStep("network", "done");
      wallet.setStep("owner", "active");
      const owner = client.account.address;
      const missing = await actions.idsNotOwned(client, campaign.token, owner, tokenIds);
      if (missing.length > 0) throw new NftNotOwnedError(missing);
      wallet.setStep("owner", "done");
      wallet.setStep("approve", "active");
      if (!(await actions.isCollectionApproved(client, campaign.token, owner, distributor))) {
        const approval = await actions.approveCollection(client, campaign.token, distributor);
        wallet.setStep("approve", "active", approval);
        await actions.waitForSuccess(client, approval, confirmations);
      }
      wallet.setStep("approve", "done");
      let campaignId = reused;
      if (campaignId === undefined) {
        wallet.setStep("campaign", "active");
        const hash = await actions.sendNftPrizeCampaign(client, distributor, campaign);
        wallet.setStep("campaign", "active", hash);
        campaignId = await actions.createdCampaignId(client, hash, confirmations);
        opened.current.set(prize.id, campaignId);
        wallet.setStep("campaign", "done", hash);
      }
      for (const [index, batch] of batches.entries()) {
        wallet.setStep(`register-${index}`, "active");
        const hash = await actions.registerNft(client, distributor, campaignId, batch);
        wallet.setStep(`register-${index}`, "active", hash);
        await actions.waitForSuccess(client, hash, confirmations);
        wallet.setStep(`register-${index}`, "done", hash);
      }
      wallet.setStep("record", "active");
      await fundPrize(game.id, prize.id, campaignId);
      opened.current.delete(prize.id);
      wallet.setStep("record", "done");
      setDone(true);
    } catch (error) {
      wallet.failActive();
      throw walletStepError(error, chainName);
    } finally {
      setRunning(false);
      await queryClient.invalidateQueries({ queryKey: wheelGameKey(game.id) });
    }
  }

  /** Up to `limit` of the wallet's ids of the prize's collection, when the collection is enumerable. */
  async function walletIds(prize: WheelPrize, limit: number) {
    const { wallet: actions, client } = await wallet.walletOn(game.chainId);
    return actions.readWalletNfts(client, prize.token as Address, client.account.address, limit);
  }

  function reset() {
    setDone(false);
    wallet.setSteps([]);
  }

  return { steps: wallet.steps, running, done, fund, walletIds, reset };
}
