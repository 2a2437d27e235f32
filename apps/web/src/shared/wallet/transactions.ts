import { type Address, erc20Abi, type Hash, parseAbi } from "viem";
import { getBalance, readContract, waitForTransactionReceipt, writeContract } from "viem/actions";
import { ConnectorChainMismatchError } from "wagmi";
import type { ChainRecord, PlatformConfig } from "../api/get-platform-config";
import { loadWalletEngine, type WalletEngine } from "./engine-loader";
import {
  TransactionRevertedError,
  WalletChoiceCancelledError,
  WalletMissingError,
  WrongNetworkError,
} from "./errors";
import { chooseWalletInDialog } from "./wallet-dialog-state";
import { walletConnectionStore } from "./wallet-state";

/**
 * The steps every on-chain flow shares (paying winners, membership, funding and claiming airdrops): connect,
 * switch to the right chain, read a token, approve, wait for success. Loaded only when a flow starts, so viem's
 * actions stay out of the page chunks; each feature adds its own contract calls.
 */

export {
  TransactionRevertedError,
  WalletChoiceCancelledError,
  WalletMissingError,
  WrongNetworkError,
} from "./errors";

export type WalletClient = Awaited<ReturnType<WalletEngine["walletClient"]>>;

/**
 * The token errors our contracts pass on (OpenZeppelin's ERC-6093 errors, which most tokens raise), to add to a
 * contract's ABI so a refusal names its reason ("ERC20InsufficientAllowance") instead of a bare selector.
 */
export const tokenErrorsAbi = parseAbi([
  "error ERC20InsufficientAllowance(address spender, uint256 allowance, uint256 needed)",
  "error ERC20InsufficientBalance(address sender, uint256 balance, uint256 needed)",
]);

export type ConnectedWallet = { engine: WalletEngine; address: Address };

/** The connected wallet, restoring a previous connection silently or asking the user to pick one. */
export async function connectWallet(
  config: Pick<PlatformConfig, "chains" | "sandbox">,
): Promise<ConnectedWallet> {
  const engine = await loadWalletEngine({ chains: config.chains, sandbox: config.sandbox });
  const current = walletConnectionStore.get();
  if (current.status === "connected" && current.address)
    return { engine, address: current.address as Address };
  const restored = await engine.reconnect();
  if (restored) return { engine, address: restored.address as Address };
  const wallet = await chooseWalletInDialog({ includeSandbox: config.sandbox });
  if (!wallet) throw new WalletChoiceCancelledError();
  if (!engine.isAvailable(wallet)) throw new WalletMissingError(wallet);
  const { address } = await engine.connect(wallet);
  return { engine, address: address as Address };
}

/** A client on `chain`, switching the wallet there first when it is on another chain. */
export async function clientOnChain(engine: WalletEngine, chain: ChainRecord): Promise<WalletClient> {
  if (walletConnectionStore.get().chainId !== chain.id) await engine.switchChain(chain);
  try {
    return await engine.walletClient(chain.id);
  } catch (error) {
    if (error instanceof ConnectorChainMismatchError) throw new WrongNetworkError(chain.name);
    throw error;
  }
}

export type TokenState = { symbol: string; decimals: number; balance: bigint; allowance: bigint };

/** An ERC-20's symbol, decimals, the owner's balance and what `spender` may move (0 without a spender). */
export async function readToken(
  client: WalletClient,
  token: Address,
  owner: Address,
  spender?: Address,
): Promise<TokenState> {
  const [symbol, decimals, balance, allowance] = await Promise.all([
    readContract(client, { address: token, abi: erc20Abi, functionName: "symbol" }),
    readContract(client, { address: token, abi: erc20Abi, functionName: "decimals" }),
    readContract(client, { address: token, abi: erc20Abi, functionName: "balanceOf", args: [owner] }),
    spender
      ? readContract(client, {
          address: token,
          abi: erc20Abi,
          functionName: "allowance",
          args: [owner, spender],
        })
      : Promise.resolve(0n),
  ]);
  return { symbol, decimals, balance, allowance };
}

export function readNativeBalance(client: WalletClient, owner: Address): Promise<bigint> {
  return getBalance(client, { address: owner });
}

/**
 * Waits for the receipt, and for `confirmations` blocks (the transaction's own included) when the API will only
 * count the transaction then (the chain's `confirmations`); a reverted transaction is an error.
 */
export async function waitForSuccess(client: WalletClient, hash: Hash, confirmations = 1): Promise<void> {
  const timeout = Math.max(180_000, confirmations * 15_000);
  const receipt = await waitForTransactionReceipt(client, { hash, confirmations, timeout });
  if (receipt.status !== "success") throw new TransactionRevertedError(hash);
}

export function approveToken(
  client: WalletClient,
  token: Address,
  spender: Address,
  amount: bigint,
): Promise<Hash> {
  return writeContract(client, {
    address: token,
    abi: erc20Abi,
    functionName: "approve",
    args: [spender, amount],
  });
}

export function transferToken(
  client: WalletClient,
  token: Address,
  to: Address,
  amount: bigint,
): Promise<Hash> {
  return writeContract(client, {
    address: token,
    abi: erc20Abi,
    functionName: "transfer",
    args: [to, amount],
  });
}
