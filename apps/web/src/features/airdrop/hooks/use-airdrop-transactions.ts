import type { AirdropClaim, AirdropDetail } from "@dropfair/schemas/airdrop";
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import type { Address } from "viem";
import type { TransactionStep } from "../../../shared/ui/transaction-steps";
import { BalanceInsufficientError, ChainUnavailableError, NftNotOwnedError } from "../model/errors";
import { inBatches, nftRegisterBatchSize } from "../model/token-ids";
import { useDistributorRun } from "./use-distributor-run";

/** The steps of registering NFTs: network, ownership, approval, opening the campaign the first time, batches. */
function nftRegisterPlan(
  t: TFunction<"airdrop">,
  {
    chainName,
    symbol,
    count,
    opening,
  }: { chainName: string; symbol: string; count: number; opening: boolean },
  batches: readonly (readonly bigint[])[],
): TransactionStep[] {
  return [
    { key: "network", label: t("steps.network", { name: chainName }), status: "waiting" },
    { key: "owner", label: t("steps.nftOwner", { count }), status: "waiting" },
    { key: "approve", label: t("steps.nftApprove", { symbol }), status: "waiting" },
    ...(opening
      ? [
          { key: "open", label: t("steps.nftOpen"), status: "waiting" as const },
          { key: "record-open", label: t("steps.record"), status: "waiting" as const },
        ]
      : []),
    ...batches.flatMap((batch, index) => [
      {
        key: `register-${index}`,
        label:
          batches.length === 1
            ? t("steps.nftRegister", { count: batch.length })
            : t("steps.nftRegisterBatch", { count: batch.length, batch: index + 1, batches: batches.length }),
        status: "waiting" as const,
      },
      { key: `record-${index}`, label: t("steps.record"), status: "waiting" as const },
    ]),
  ];
}

/**
 * The airdrop's on-chain actions with their progress: fund (approve, then open-and-deposit or top up), register
 * NFTs, claim and refund. Each mined transaction is reported to the API, which applies the distributor's events.
 */
export function useAirdropTransactions() {
  const { t } = useTranslation("airdrop");
  const { steps, running, clearSteps, setStep, chainOf, connect, run, send, report } = useDistributorRun();

  /** Deposits `amount` base units of the reward token: the first time it also opens the campaign on chain. */
  async function fund(detail: AirdropDetail, amount: bigint): Promise<AirdropDetail> {
    const params = detail.campaignParams;
    const token = (params?.token ?? detail.tokenAddress) as Address | null;
    if (!token) throw new ChainUnavailableError();
    const opening = detail.campaignId === null;
    const plan: TransactionStep[] = [
      { key: "balance", label: t("steps.balance"), status: "waiting" },
      { key: "approve", label: t("steps.approve", { symbol: detail.tokenSymbol ?? "" }), status: "waiting" },
      { key: "deposit", label: t(opening ? "steps.open" : "steps.deposit"), status: "waiting" },
      { key: "record", label: t("steps.record"), status: "waiting" },
    ];
    return run(detail, plan, async (context) => {
      const { distributor, client, address, target } = context;
      setStep("balance", "active");
      const state = await distributor.readToken(client, token, address, target);
      if (state.balance < amount) throw new BalanceInsufficientError();
      setStep("balance", "done");
      if (state.allowance < amount) {
        await send(context, "approve", () => distributor.approveToken(client, token, target, amount));
      } else {
        setStep("approve", "done");
      }
      const hash = await send(context, "deposit", () =>
        opening && params
          ? distributor.createCampaignAndDeposit(client, target, params, amount)
          : distributor.deposit(client, target, BigInt(detail.campaignId ?? "0"), amount),
      );
      return report(detail.id, hash);
    });
  }

  /**
   * Puts the creator's NFTs into the campaign: checks the wallet owns them, approves the distributor for the
   * collection unless it already may move them, opens the campaign the first time, then registers the ids in
   * batches, reporting each transaction. Resolves with the airdrop as the API books it after the last batch.
   */
  async function registerNfts(detail: AirdropDetail, tokenIds: readonly bigint[]): Promise<AirdropDetail> {
    const params = detail.campaignParams;
    const collection = (params?.token ?? detail.tokenAddress) as Address | null;
    if (!collection) throw new ChainUnavailableError();
    const opening = detail.campaignId === null;
    const batches = inBatches(tokenIds, nftRegisterBatchSize);
    const plan = nftRegisterPlan(
      t,
      {
        chainName: chainOf(detail)?.name ?? "",
        symbol: detail.tokenSymbol ?? "",
        count: tokenIds.length,
        opening,
      },
      batches,
    );
    return run(detail, plan, async (context) => {
      const { distributor, client, address, target } = context;
      setStep("owner", "active");
      const missing = await distributor.idsNotOwned(client, collection, address, tokenIds);
      if (missing.length > 0) throw new NftNotOwnedError(missing);
      setStep("owner", "done");
      setStep("approve", "active");
      if (await distributor.isCollectionApproved(client, collection, address, target)) {
        setStep("approve", "done");
      } else {
        await send(context, "approve", () => distributor.approveCollection(client, collection, target));
      }
      let current = detail;
      if (opening) {
        if (!params) throw new ChainUnavailableError();
        const hash = await send(context, "open", () => distributor.createCampaign(client, target, params));
        current = await report(detail.id, hash, "record-open");
      }
      const campaignId = BigInt(current.campaignId ?? "0");
      for (const [index, batch] of batches.entries()) {
        const hash = await send(context, `register-${index}`, () =>
          distributor.registerNft(client, target, campaignId, batch),
        );
        current = await report(detail.id, hash, `record-${index}`);
      }
      return current;
    });
  }

  /**
   * The creator's NFTs of `collection` on the airdrop's chain, up to `limit`, when the collection is enumerable.
   * Reads through the wallet, switching it to that chain first.
   */
  async function walletNfts(detail: Pick<AirdropDetail, "chainId">, collection: Address, limit: number) {
    const { distributor, client, address } = await connect(detail);
    return distributor.readWalletNfts(client, collection, address, limit);
  }

  /** Claims the signed-in participant's reward with their proof or voucher. */
  async function claim(detail: AirdropDetail, entitlement: AirdropClaim): Promise<AirdropDetail> {
    const plan: TransactionStep[] = [
      { key: "claim", label: t("steps.claim"), status: "waiting" },
      { key: "record", label: t("steps.record"), status: "waiting" },
    ];
    return run(detail, plan, async (context) => {
      const { distributor, client, target } = context;
      const hash = await send(context, "claim", () =>
        distributor.claimReward(client, target, BigInt(detail.campaignId ?? "0"), entitlement),
      );
      return report(detail.id, hash);
    });
  }

  /** The creator takes back what is left. */
  async function refund(detail: AirdropDetail): Promise<AirdropDetail> {
    const plan: TransactionStep[] = [
      { key: "refund", label: t("steps.refund"), status: "waiting" },
      { key: "record", label: t("steps.record"), status: "waiting" },
    ];
    return run(detail, plan, async (context) => {
      const { distributor, client, target } = context;
      const hash = await send(context, "refund", () =>
        distributor.refund(client, target, BigInt(detail.campaignId ?? "0")),
      );
      return report(detail.id, hash);
    });
  }

  return { steps, running, clearSteps, chainOf, fund, registerNfts, walletNfts, claim, refund };
}
