import type { MintVoucher, RecordedMint } from "@dropfair/schemas/badges";
import { typeCodes } from "@dropfair/schemas/codes";
import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useState } from "react";
import { useTranslation } from "react-i18next";
import type { Hash } from "viem";
import { isApiCodeError } from "../../../shared/api/feature-request";
import { usePlatformConfig } from "../../../shared/api/get-platform-config";
import type { StepStatus, TransactionStep } from "../../../shared/ui/transaction-steps";
import { isUserRejection } from "../../../shared/wallet/eip1193";
import { reportMint } from "../api/mint-requests";
import { badgesQueryKey } from "../api/request";
import { AccountMismatchError, AddChainError, UnsupportedNetworkError } from "../model/mint-errors";

const loadMinter = () => import("../wallet/minter");

/** How often, and how many times, a mint the API still calls processing is reported again. */
const reportRetryMs = 1500;
const reportAttempts = 40;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Mints badges with the wallet: asks the API for the vouchers, then per chain connects the wallet (it must be the
 * signed-in one), switches it to the badge's chain (adding the chain when the wallet does not know it), sends the
 * mint and reports the mined transaction until the API has recorded it. Shows each step as it goes.
 */
export function useMint(signedInAddress: string | undefined) {
  const { t } = useTranslation("badges");
  const { data: config } = usePlatformConfig();
  const queryClient = useQueryClient();
  const [steps, setSteps] = useState<TransactionStep[]>([]);
  const [running, setRunning] = useState(false);

  const setStep = useCallback((key: string, status: StepStatus, hash?: string) => {
    setSteps((previous) =>
      previous.map((step) => (step.key === key ? { ...step, status, ...(hash ? { hash } : {}) } : step)),
    );
  }, []);

  async function report(chainId: number, hash: Hash): Promise<RecordedMint[]> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await reportMint(chainId, hash);
      } catch (error) {
        const processing =
          isApiCodeError(error, "badges") && error.typeCode === typeCodes.badgeTransactionPending;
        if (!processing || attempt >= reportAttempts) throw error;
        await pause(reportRetryMs);
      }
    }
  }

  async function mintOnChain(chainId: number, vouchers: MintVoucher[], prefix: string) {
    if (!config) throw new UnsupportedNetworkError();
    const chain = config.chains.find((candidate) => candidate.id === chainId);
    if (!chain) throw new UnsupportedNetworkError(String(chainId));
    const minter = await loadMinter();
    setStep(`${prefix}network`, "active");
    const { engine, address } = await minter.connectWallet(config);
    if (!signedInAddress || address.toLowerCase() !== signedInAddress.toLowerCase())
      throw new AccountMismatchError(address);
    let client: Awaited<ReturnType<typeof minter.clientOnChain>>;
    try {
      client = await minter.clientOnChain(engine, chain);
    } catch (error) {
      if (isUserRejection(error)) throw error;
      throw new AddChainError(chain.name, { cause: error });
    }
    setStep(`${prefix}network`, "done");
    setStep(`${prefix}mint`, "active");
    const hash = await minter.sendMint(client, vouchers);
    setStep(`${prefix}mint`, "active", hash);
    await minter.waitForSuccess(client, hash);
    setStep(`${prefix}mint`, "done");
    setStep(`${prefix}record`, "active");
    const recorded = await report(chainId, hash);
    setStep(`${prefix}record`, "done");
    return recorded;
  }

  /** Runs a mint: `vouchers` asks the API for them; one transaction per chain. */
  async function mint(vouchers: () => Promise<MintVoucher[]>): Promise<RecordedMint[]> {
    const chainName = (chainId: number) =>
      config?.chains.find((chain) => chain.id === chainId)?.name ?? String(chainId);
    setSteps([{ key: "voucher", label: t("steps.voucher"), status: "active" }]);
    setRunning(true);
    try {
      const signed = await vouchers();
      const byChain = new Map<number, MintVoucher[]>();
      for (const voucher of signed)
        byChain.set(voucher.chainId, [...(byChain.get(voucher.chainId) ?? []), voucher]);
      const plan: TransactionStep[] = [{ key: "voucher", label: t("steps.voucher"), status: "done" }];
      for (const [chainId, list] of byChain)
        plan.push(
          {
            key: `${chainId}:network`,
            label: t("steps.network", { name: chainName(chainId) }),
            status: "waiting",
          },
          { key: `${chainId}:mint`, label: t("steps.mint", { count: list.length }), status: "waiting" },
          {
            key: `${chainId}:record`,
            label: t("validation:validation.transaction.processing"),
            status: "waiting",
          },
        );
      setSteps(plan);
      const recorded: RecordedMint[] = [];
      for (const [chainId, list] of byChain)
        recorded.push(...(await mintOnChain(chainId, list, `${chainId}:`)));
      return recorded;
    } catch (error) {
      setSteps((previous) =>
        previous.map((step) => (step.status === "active" ? { ...step, status: "failed" } : step)),
      );
      throw error;
    } finally {
      setRunning(false);
      await queryClient.invalidateQueries({ queryKey: badgesQueryKey });
    }
  }

  return { steps, running, mint, clearSteps: () => setSteps([]) };
}
