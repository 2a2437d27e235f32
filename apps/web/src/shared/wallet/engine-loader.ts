import type { ChainRecord } from "../api/get-platform-config";
import type { WalletEngine } from "./engine/wallet-engine";

export type { WalletEngine };

export type WalletEngineOptions = {
  chains: readonly ChainRecord[];
  sandbox: boolean;
};

let engine: Promise<WalletEngine> | undefined;

/**
 * wagmi, viem and the connectors load only when needed (on connect, or to restore a cached session), so they
 * stay out of the first route's JavaScript.
 */
export function loadWalletEngine(options: WalletEngineOptions): Promise<WalletEngine> {
  engine ??= import("./engine/wallet-engine").then((module) => module.createWalletEngine(options));
  engine.catch(() => {
    engine = undefined;
  });
  return engine;
}

/** The engine if it has been loaded already; never triggers the download. */
export function loadedWalletEngine(): Promise<WalletEngine> | undefined {
  return engine;
}
