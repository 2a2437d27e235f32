import type { WheelGameDetail, WheelPrize } from "@dropfair/schemas/wheel";
import { useQueryClient } from "@tanstack/react-query";
import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { Address } from "viem";
import { usePlatformConfig } from "../../../shared/api/get-platform-config";
import { inBatches, nftRegisterBatchSize } from "../../../shared/lib/token-ids";
import type { TransactionStep } from "../../../shared/ui/transaction-steps";
import { isUserRejection } from "../../../shared/wallet/eip1193";
import { fundPrize } from "../api/actions";
import { wheelGameKey } from "../api/player";
import {
  FundingStoppedError,
  NftDepositShortError,
  NftNotOwnedError,
  walletStepError,
} from "../model/errors";
import { prizeCampaignOf } from "../model/funding";
import { useWalletSteps } from "./use-wallet-steps";

/** An NFT prize's campaign and the ids already moved into it, as read on chain. */
export type NftDeposit = { campaignId: bigint; tokenIds: readonly bigint[] };

/** Reading what a prize's campaign holds: not yet (or no campaign), reading, read, or the read failed. */
export type DepositCheck =
  | { state: "none" }
  | { state: "checking" }
  | { state: "read"; deposit: NftDeposit }
  | { state: "failed" };

/**
 * Funds an NFT prize from the creator's wallet with the ids they chose (one per win): the wallet on the game's
 * chain, a check that it owns every id (before anything is sent), the distributor approved for the collection
 * unless it already is, the prize's voucher campaign opened (kind ERC-721) and named to the API at once, the ids
 * moved in by `registerNft` in batches, then the funding route again, which counts the prize funded once the
 * campaign holds them all (the API checks it on chain).
 *
 * A funding that stopped half-way (a batch that failed, a rejection, a closed page) resumes: the prize's campaign
 * (the one the API recorded, or one this page opened) is read on chain with `checkDeposit`, and `fund` then moves
 * in only the ids still missing, into that campaign; what is already in is never sent again.
 */
export function useFundNftPrize(game: WheelGameDetail, signedInAddress: string | undefined) {
  const { t } = useTranslation("wheel");
  const queryClient = useQueryClient();
  const { data: config } = usePlatformConfig();
  const wallet = useWalletSteps(signedInAddress);
  const [running, setRunning] = useState(false);
  const [done, setDone] = useState(false);
  const [check, setCheck] = useState<DepositCheck>({ state: "none" });
  // A campaign this page opened, in case the API could not be told about it.
  const opened = useRef(new Map<string, bigint>());
  const confirmations = config?.chains.find((chain) => chain.id === game.chainId)?.confirmations ?? 1;
  const chainName = wallet.chainName(game.chainId);

  function campaignOf(prize: WheelPrize): bigint | undefined {
    const current = game.prizes.find((candidate) => candidate.id === prize.id) ?? prize;
    return opened.current.get(prize.id) ?? (current.campaignId ? BigInt(current.campaignId) : undefined);
  }

  /**
   * Reads on chain what the prize's campaign already holds; a prize without a campaign, or whose campaign was
   * refunded (closed for good), starts afresh.
   */
  async function checkDeposit(prize: WheelPrize, known?: bigint) {
    const campaignId = known ?? campaignOf(prize);
    if (campaignId === undefined) {
      setCheck({ state: "none" });
      return;
    }
    setCheck({ state: "checking" });
    try {
      const { wallet: actions, client } = await wallet.walletOn(game.chainId);
      const held = await actions.readNftCampaign(client, game.distributor as Address, campaignId);
      if (held.refunded) {
        opened.current.delete(prize.id);
        setCheck({ state: "none" });
      } else setCheck({ state: "read", deposit: { campaignId, tokenIds: held.tokenIds } });
    } catch {
      setCheck({ state: "failed" });
    }
  }

  function plan(prize: WheelPrize, count: number, batches: number, opening: boolean): TransactionStep[] {
    const symbol = prize.tokenSymbol ?? "NFT";
    const moving = count > 0;
    return [
      { key: "network", label: t("funding.steps.network", { name: chainName }), status: "active" },
      ...(moving
        ? [
            { key: "owner", label: t("funding.steps.nftOwner", { count }), status: "waiting" as const },
            { key: "approve", label: t("funding.steps.nftApprove", { symbol }), status: "waiting" as const },
          ]
        : []),
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

  /** Moves `tokenIds` in: into `deposit`'s campaign when there is one (the rest of a funding), else a new one. */
  async function fund(prize: WheelPrize, tokenIds: readonly bigint[], deposit?: NftDeposit) {
    setRunning(true);
    setDone(false);
    const batches = inBatches(tokenIds, nftRegisterBatchSize);
    wallet.setSteps(plan(prize, tokenIds.length, batches.length, deposit === undefined));
    let campaignId = deposit?.campaignId;
    // Whether this attempt already changed something on chain (opened the campaign, moved a batch in).
    let sent = false;
    try {
      const campaign = prizeCampaignOf(game, prize);
      const distributor = game.distributor as Address;
      const { wallet: actions, client } = await wallet.walletOn(game.chainId);
      wallet.setStep("network", "done");
      if (tokenIds.length > 0) {
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
      }
      if (campaignId === undefined) {
        wallet.setStep("campaign", "active");
        const hash = await actions.sendNftPrizeCampaign(client, distributor, campaign);
        wallet.setStep("campaign", "active", hash);
        campaignId = await actions.createdCampaignId(client, hash, confirmations);
        opened.current.set(prize.id, campaignId);
        sent = true;
        // Named at once, not funded yet: a funding that stops later continues with this campaign, after a reload too.
        await fundPrize(game.id, prize.id, campaignId);
        wallet.setStep("campaign", "done", hash);
      }
      for (const [index, batch] of batches.entries()) {
        wallet.setStep(`register-${index}`, "active");
        const hash = await actions.registerNft(client, distributor, campaignId, batch);
        wallet.setStep(`register-${index}`, "active", hash);
        await actions.waitForSuccess(client, hash, confirmations);
        sent = true;
        wallet.setStep(`register-${index}`, "done", hash);
      }
      wallet.setStep("record", "active");
      const recorded = await fundPrize(game.id, prize.id, campaignId);
      if (!recorded.prizes.find((candidate) => candidate.id === prize.id)?.funded)
        throw new NftDepositShortError(String(campaignId));
      opened.current.delete(prize.id);
      wallet.setStep("record", "done");
      setCheck({ state: "none" });
      setDone(true);
    } catch (error) {
      wallet.failActive();
      // What did go in stays in: read it back, so the page offers the rest instead of starting over.
      if (campaignId !== undefined) void checkDeposit(prize, campaignId);
      if (sent && isUserRejection(error)) throw new FundingStoppedError(prize.id, { cause: error });
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
    setCheck({ state: "none" });
    wallet.setSteps([]);
  }

  return { steps: wallet.steps, running, done, check, checkDeposit, fund, walletIds, reset };
}
