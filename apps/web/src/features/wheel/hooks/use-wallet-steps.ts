import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useState } from "react";
import type { Hash } from "viem";
import { platformConfigQueryOptions, usePlatformConfig } from "../../../shared/api/get-platform-config";
import type { StepStatus, TransactionStep } from "../../../shared/ui/transaction-steps";
import { AccountMismatchError, UnsupportedChainError, walletStepError } from "../model/errors";

export const loadWheelWallet = () => import("../wallet/wheel-wallet");
type WheelWallet = Awaited<ReturnType<typeof loadWheelWallet>>;
export type WheelWalletClient = Awaited<ReturnType<WheelWallet["clientOnChain"]>>;

/**
 * The steps a wheel transaction shares (a spin, a claim): a list of steps with their state, and "the signed-in
 * wallet on the game's chain". A step left active when something fails is marked failed.
 */
export function useWalletSteps(signedInAddress: string | undefined) {
  const { data: config } = usePlatformConfig();
  const queryClient = useQueryClient();
  const [steps, setSteps] = useState<TransactionStep[]>([]);

  const setStep = useCallback((key: string, status: StepStatus, hash?: Hash) => {
    setSteps((previous) =>
      previous.map((step) => (step.key === key ? { ...step, status, ...(hash ? { hash } : {}) } : step)),
    );
  }, []);

  const failActive = useCallback(() => {
    setSteps((previous) =>
      previous.map((step) => (step.status === "active" ? { ...step, status: "failed" } : step)),
    );
  }, []);

  /** The wallet, which must be the signed-in one, switched to `chainId`. */
  async function walletOn(chainId: number): Promise<{ wallet: WheelWallet; client: WheelWalletClient }> {
    const loaded = await queryClient.ensureQueryData(platformConfigQueryOptions());
    const chain = loaded.chains.find((candidate) => candidate.id === chainId);
    if (!chain) throw new UnsupportedChainError(String(chainId));
    const wallet = await loadWheelWallet();
    const { engine, address } = await wallet.connectWallet(loaded);
    if (!signedInAddress || address.toLowerCase() !== signedInAddress.toLowerCase())
      throw new AccountMismatchError(address);
    try {
      return { wallet, client: await wallet.clientOnChain(engine, chain) };
    } catch (error) {
      throw walletStepError(error, chain.name);
    }
  }

  const chainName = (chainId: number) =>
    config?.chains.find((chain) => chain.id === chainId)?.name ?? String(chainId);

  return { steps, setSteps, setStep, failActive, walletOn, chainName };
}
