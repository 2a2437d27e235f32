import type { AirdropClaim, AirdropDetail } from "@dropfair/schemas/airdrop";
import { useCallback, useState } from "react";
import { useTranslation } from "react-i18next";
import type { Address, Hash } from "viem";
import { usePlatformConfig } from "../../../shared/api/get-platform-config";
import type { StepStatus, TransactionStep } from "../../../shared/ui/transaction-steps";
import { useRecordTransaction } from "../api/record-transaction";

const loadDistributor = () => import("../wallet/distributor");
type Distributor = Awaited<ReturnType<typeof loadDistributor>>;
type Client = Awaited<ReturnType<Distributor["clientOnChain"]>>;

/** The wallet does not hold what the deposit needs (SPEC §5 'Your balance is insufficient.'). */
export class BalanceInsufficientError extends Error {
  override name = "BalanceInsufficientError";
}

/** The airdrop's chain has no distributor in this deployment, or the registry does not know the chain. */
export class ChainUnavailableError extends Error {
  override name = "ChainUnavailableError";
}

/**
 * The airdrop's on-chain actions with their progress: fund (approve, then open-and-deposit or top up), claim
 * and refund. Each mined transaction is reported to the API, which applies the distributor's events.
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
    (detail: AirdropDetail) => config?.chains.find((chain) => chain.id === detail.chainId),
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

  /** Runs `work` on the airdrop's chain with the given steps; failures mark the running step and rethrow. */
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
      const distributor = await loadDistributor();
      const { engine, address } = await distributor.connectWallet(config);
      const client = await distributor.clientOnChain(engine, chain);
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

  async function report(id: number, hash: Hash) {
    setStep("record", "active");
    const detail = await record.mutateAsync({ id, txHash: hash });
    setStep("record", "done");
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
    claim,
    refund,
  };
}
