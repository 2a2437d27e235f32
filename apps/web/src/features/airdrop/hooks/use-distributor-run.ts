import type { AirdropDetail } from "@dropfair/schemas/airdrop";
import { useCallback, useState } from "react";
import type { Address, Hash } from "viem";
import { usePlatformConfig } from "../../../shared/api/get-platform-config";
import type { StepStatus, TransactionStep } from "../../../shared/ui/transaction-steps";
import { useRecordTransaction } from "../api/record-transaction";
import { ChainUnavailableError } from "../model/errors";

export const loadDistributor = () => import("../wallet/distributor");
export type Distributor = Awaited<ReturnType<typeof loadDistributor>>;
export type DistributorClient = Awaited<ReturnType<Distributor["clientOnChain"]>>;

export type DistributorContext = {
  distributor: Distributor;
  client: DistributorClient;
  address: Address;
  target: Address;
  /** The airdrop chain's confirmations: the API applies a transaction's events once it has them. */
  confirmations?: number | undefined;
};

/**
 * Runs work against the airdrop's distributor with a list of steps the page shows: marks each step as it goes,
 * sends and waits for transactions, and reports mined ones to the API, which applies the distributor's events.
 */
export function useDistributorRun() {
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

  /** The connected wallet and a client on the airdrop's chain, switching the wallet there first. */
  async function connect(detail: Pick<AirdropDetail, "chainId">) {
    if (!config) throw new ChainUnavailableError();
    const chain = chainOf(detail);
    if (!chain) throw new ChainUnavailableError();
    const distributor = await loadDistributor();
    const { engine, address } = await distributor.connectWallet(config);
    const client = await distributor.clientOnChain(engine, chain);
    return { distributor, client, address };
  }

  /**
   * Runs `work` on the airdrop's chain with the given steps; failures mark the running step and rethrow. A plan's
   * `network` step covers connecting the wallet and switching it to the airdrop's chain.
   */
  async function run<T>(
    detail: AirdropDetail,
    plan: TransactionStep[],
    work: (context: DistributorContext) => Promise<T>,
  ): Promise<T> {
    if (!config) throw new ChainUnavailableError();
    if (!chainOf(detail)) throw new ChainUnavailableError();
    const target = distributorOf(detail);
    setSteps(plan);
    setRunning(true);
    try {
      setStep("network", "active");
      const { distributor, client, address } = await connect(detail);
      setStep("network", "done");
      return await work({
        distributor,
        client,
        address,
        target,
        confirmations: chainOf(detail)?.confirmations,
      });
    } catch (error) {
      setSteps((previous) =>
        previous.map((step) => (step.status === "active" ? { ...step, status: "failed" } : step)),
      );
      throw error;
    } finally {
      setRunning(false);
    }
  }

  async function send(
    {
      client,
      distributor,
      confirmations,
    }: Pick<DistributorContext, "client" | "distributor" | "confirmations">,
    key: string,
    write: () => Promise<Hash>,
  ) {
    setStep(key, "active");
    const hash = await write();
    setStep(key, "active", hash);
    await distributor.waitForSuccess(client, hash, confirmations);
    setStep(key, "done");
    return hash;
  }

  async function report(id: number, hash: Hash, key = "record") {
    setStep(key, "active");
    const detail = await record.mutateAsync({ id, txHash: hash });
    setStep(key, "done");
    return detail;
  }

  return {
    steps,
    running,
    clearSteps: () => setSteps([]),
    setStep,
    chainOf,
    connect,
    run,
    send,
    report,
  };
}
