import type { AirdropClaim, AirdropDetail } from "@dropfair/schemas/airdrop";
import { useCallback, useState } from "react";
import { useTranslation } from "react-i18next";
import type { Address, Hash } from "viem";
import { usePlatformConfig } from "../../../shared/api/get-platform-config";
import type { StepStatus, TransactionStep } from "../../../shared/ui/transaction-steps";
import { useRecordTransaction } from "../api/record-transaction";
import { inBatches, nftRegisterBatchSize } from "../model/token-ids";

const loadDistributor = () => import("../wallet/distributor");
type Distributor = Awaited<ReturnType<typeof loadDistributor>>;
type Client = Awaited<ReturnType<Distributor["clientOnChain"]>>;

/** The wallet does not hold what the deposit needs (SPEC §5 'Your balance is insufficient.'). */
export class BalanceInsufficientError extends Error {
  override name = "BalanceInsufficientError";
}

/** The wallet does not own some of the NFTs the creator named (or they were never minted). */
export class NftNotOwnedError extends Error {
  override name = "NftNotOwnedError";
  constructor(readonly tokenIds: readonly bigint[]) {
    super(`The wallet does not own token ids ${tokenIds.join(", ")}`);
  }
}

/** The airdrop's chain has no distributor in this deployment, or the registry does not know the chain. */
export class ChainUnavailableError extends Error {
  override name = "ChainUnavailableError";
}

/**
 * The airdrop's on-chain actions with their progress: fund (approve, then open-and-deposit or top up), register
 * NFTs, claim and refund. Each mined transaction is reported to the API, which applies the distributor's events.
 */
export function useAirdropTransactions() {
  const { t } = useTranslation("airdrop");
  const { data: config } = usePlatformConfig();
  const record = useRecordTransaction();
  const [steps, setSteps] = useState<TransactionStep[]>([]);
  const [running, setRunning] = useState(false);

  const setStep = useCallback((key: string, status: StepStatus, hash?: string) => {
    setSteps((previous) =>
      previous.map((step) => (step.key === key ? { ...step, status, ...(hash ? { hash } : {}) } : step)),
    );
  }, []);

  const chainOf = useCallback(
    (detail: Pick<AirdropDetail, "chainId">) => config?.chains.find((chain) => chain.id === detail.chainId),
    [config],
  );

  function distributorOf(detail: AirdropDetail): Address {
    const configured = config?.airdrop?.distributors.find(
      (entry) => entry.chainId === detail.chainId,
    )?.address;
    const address = detail.distributorAddress ?? configured;
    if (!address) throw new ChainUnavailableError();
    return address as Address;
  }

  /**
   * Runs `work` on the airdrop's chain with the given steps; failures mark the running step and rethrow. A plan's
   * `network` step covers connecting the wallet and switching it to the airdrop's chain.
   */
  async function run<T>(
    detail: AirdropDetail,
    plan: TransactionStep[],
    work: (context: {
      distributor: Distributor;
      client: Client;
      address: Address;
      target: Address;
    }) => Promise<T>,
  ): Promise<T> {
    if (!config) throw new ChainUnavailableError();
    const chain = chainOf(detail);
    if (!chain) throw new ChainUnavailableError();
    const target = distributorOf(detail);
    setSteps(plan);
    setRunning(true);
    try {
      setStep("network", "active");
      const distributor = await loadDistributor();
      const { engine, address } = await distributor.connectWallet(config);
      const client = await distributor.clientOnChain(engine, chain);
      setStep("network", "done");
      return await work({ distributor, client, address, target });
    } catch (error) {
      setSteps((previous) =>
        previous.map((step) => (step.status === "active" ? { ...step, status: "failed" } : step)),
      );
      throw error;
    } finally {
      setRunning(false);
    }
  }

  async function send(client: Client, distributor: Distributor, key: string, write: () => Promise<Hash>) {
    setStep(key, "active");
    const hash = await write();
    setStep(key, "active", hash);
    await distributor.waitForSuccess(client, hash);
    setStep(key, "done");
    return hash;
  }

  async function report(id: number, hash: Hash, key = "record") {
    setStep(key, "active");
    const detail = await record.mutateAsync({ id, txHash: hash });
    setStep(key, "done");
    return detail;
  }

  /** Deposits `amount` base units of the reward token: the first time it also opens the campaign on chain. */
  async function fund(detail: AirdropDetail, amount: bigint): Promise<AirdropDetail> {
    const params = detail.campaignParams;
    const token = (params?.token ?? detail.tokenAddress) as Address | null;
    if (!token) throw new ChainUnavailableError();
    const opening = detail.campaignId === null;
    return run(
      detail,
      [
        { key: "balance", label: t("steps.balance"), status: "waiting" },
        {
          key: "approve",
          label: t("steps.approve", { symbol: detail.tokenSymbol ?? "" }),
          status: "waiting",
        },
        { key: "deposit", label: t(opening ? "steps.open" : "steps.deposit"), status: "waiting" },
        { key: "record", label: t("steps.record"), status: "waiting" },
      ],
      async ({ distributor, client, address, target }) => {
        setStep("balance", "active");
        const state = await distributor.readToken(client, token, address, target);
        if (state.balance < amount) throw new BalanceInsufficientError();
        setStep("balance", "done");
        if (state.allowance < amount) {
          await send(client, distributor, "approve", () =>
            distributor.approveToken(client, token, target, amount),
          );
        } else {
          setStep("approve", "done");
        }
        const hash = await send(client, distributor, "deposit", () =>
          opening && params
            ? distributor.createCampaignAndDeposit(client, target, params, amount)
            : distributor.deposit(client, target, BigInt(detail.campaignId ?? "0"), amount),
        );
        return report(detail.id, hash);
      },
    );
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
    const chainName = chainOf(detail)?.name ?? "";
    const symbol = detail.tokenSymbol ?? "";
    return run(
      detail,
      [
        { key: "network", label: t("steps.network", { name: chainName }), status: "waiting" },
        { key: "owner", label: t("steps.nftOwner", { count: tokenIds.length }), status: "waiting" },
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
                : t("steps.nftRegisterBatch", {
                    count: batch.length,
                    batch: index + 1,
                    batches: batches.length,
                  }),
            status: "waiting" as const,
          },
          { key: `record-${index}`, label: t("steps.record"), status: "waiting" as const },
        ]),
      ],
      async ({ distributor, client, address, target }) => {
        setStep("owner", "active");
        const missing = await distributor.idsNotOwned(client, collection, address, tokenIds);
        if (missing.length > 0) throw new NftNotOwnedError(missing);
        setStep("owner", "done");
        setStep("approve", "active");
        if (await distributor.isCollectionApproved(client, collection, address, target)) {
          setStep("approve", "done");
        } else {
          await send(client, distributor, "approve", () =>
            distributor.approveCollection(client, collection, target),
          );
        }
        let current = detail;
        if (opening) {
          if (!params) throw new ChainUnavailableError();
          const hash = await send(client, distributor, "open", () =>
            distributor.createCampaign(client, target, params),
          );
          current = await report(detail.id, hash, "record-open");
        }
        const campaignId = BigInt(current.campaignId ?? "0");
        for (const [index, batch] of batches.entries()) {
          const hash = await send(client, distributor, `register-${index}`, () =>
            distributor.registerNft(client, target, campaignId, batch),
          );
          current = await report(detail.id, hash, `record-${index}`);
        }
        return current;
      },
    );
  }

  /**
   * The creator's NFTs of `collection` on the airdrop's chain, up to `limit`, when the collection is enumerable.
   * Reads through the wallet, switching it to that chain first.
   */
  async function walletNfts(detail: Pick<AirdropDetail, "chainId">, collection: Address, limit: number) {
    if (!config) throw new ChainUnavailableError();
    const chain = chainOf(detail);
    if (!chain) throw new ChainUnavailableError();
    const distributor = await loadDistributor();
    const { engine, address } = await distributor.connectWallet(config);
    const client = await distributor.clientOnChain(engine, chain);
    return distributor.readWalletNfts(client, collection, address, limit);
  }

  /** Claims the signed-in participant's reward with their proof or voucher. */
  async function claim(detail: AirdropDetail, entitlement: AirdropClaim): Promise<AirdropDetail> {
    return run(
      detail,
      [
        { key: "claim", label: t("steps.claim"), status: "waiting" },
        { key: "record", label: t("steps.record"), status: "waiting" },
      ],
      async ({ distributor, client, target }) => {
        const hash = await send(client, distributor, "claim", () =>
          distributor.claimReward(client, target, BigInt(detail.campaignId ?? "0"), entitlement),
        );
        return report(detail.id, hash);
      },
    );
  }

  /** The creator takes back what is left. */
  async function refund(detail: AirdropDetail): Promise<AirdropDetail> {
    return run(
      detail,
      [
        { key: "refund", label: t("steps.refund"), status: "waiting" },
        { key: "record", label: t("steps.record"), status: "waiting" },
      ],
      async ({ distributor, client, target }) => {
        const hash = await send(client, distributor, "refund", () =>
          distributor.refund(client, target, BigInt(detail.campaignId ?? "0")),
        );
        return report(detail.id, hash);
      },
    );
  }

  return {
    steps,
    running,
    clearSteps: () => setSteps([]),
    chainOf,
    fund,
    registerNfts,
    walletNfts,
    claim,
    refund,
  };
}
