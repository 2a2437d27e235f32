import { airdropDistributorAbi } from "@dropfair/chain/abis";
import type { AirdropClaim, CampaignParamsWire } from "@dropfair/schemas/airdrop";
import { type Address, erc20Abi, type Hash, type Hex, parseAbi } from "viem";
import { readContract, waitForTransactionReceipt, writeContract } from "viem/actions";
import type { ChainRecord, PlatformConfig } from "../../../shared/api/get-platform-config";
import { loadWalletEngine, type WalletEngine } from "../../../shared/wallet/engine-loader";
import { chooseWalletInDialog } from "../../../shared/wallet/wallet-dialog-state";
import { walletConnectionStore } from "../../../shared/wallet/wallet-state";

/**
 * The on-chain steps of an airdrop (fund, claim, refund) through the app's wallet engine. Loaded only when a
 * step starts, so viem's actions and the ABI stay out of the page chunks.
 */

/** The user closed the wallet choice: nothing to report. */
export class WalletChoiceCancelledError extends Error {
  override name = "WalletChoiceCancelledError";
}

/** The chosen wallet is not installed in this browser. */
export class WalletMissingError extends Error {
  override name = "WalletMissingError";
}

/** The wallet stayed on another network after being asked to switch. */
export class WrongNetworkError extends Error {
  override name = "WrongNetworkError";
}

/** The transaction was mined but reverted. */
export class TransactionRevertedError extends Error {
  override name = "TransactionRevertedError";
  constructor(readonly hash: Hash) {
    super(`Transaction ${hash} reverted`);
  }
}

/** The distributor with the token errors it passes on, so a refusal names its reason. */
const distributorAbi = [
  ...airdropDistributorAbi,
  ...parseAbi([
    "error ERC20InsufficientAllowance(address spender, uint256 allowance, uint256 needed)",
    "error ERC20InsufficientBalance(address sender, uint256 balance, uint256 needed)",
  ]),
] as const;

type WalletClient = Awaited<ReturnType<WalletEngine["walletClient"]>>;
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

/** A client on `chain`, switching (or adding) the wallet's network first when it is elsewhere (SPEC §4). */
export async function clientOnChain(engine: WalletEngine, chain: ChainRecord): Promise<WalletClient> {
  if (walletConnectionStore.get().chainId !== chain.id) await engine.switchChain(chain);
  try {
    return await engine.walletClient(chain.id);
  } catch (error) {
    if (error instanceof Error && error.name === "ConnectorChainMismatchError")
      throw new WrongNetworkError(chain.name);
    throw error;
  }
}

export type TokenState = { symbol: string; decimals: number; balance: bigint; allowance: bigint };

/** An ERC-20's symbol, decimals, the owner's balance and what the distributor may move. */
export async function readToken(
  client: WalletClient,
  token: Address,
  owner: Address,
  spender: Address,
): Promise<TokenState> {
  const [symbol, decimals, balance, allowance] = await Promise.all([
    readContract(client, { address: token, abi: erc20Abi, functionName: "symbol" }),
    readContract(client, { address: token, abi: erc20Abi, functionName: "decimals" }),
    readContract(client, { address: token, abi: erc20Abi, functionName: "balanceOf", args: [owner] }),
    readContract(client, {
      address: token,
      abi: erc20Abi,
      functionName: "allowance",
      args: [owner, spender],
    }),
  ]);
  return { symbol, decimals, balance, allowance };
}

/** Waits for the receipt; a reverted transaction is an error. */
export async function waitForSuccess(client: WalletClient, hash: Hash): Promise<void> {
  const receipt = await waitForTransactionReceipt(client, { hash, timeout: 180_000 });
  if (receipt.status !== "success") throw new TransactionRevertedError(hash);
}

export function approveToken(client: WalletClient, token: Address, spender: Address, amount: bigint) {
  return writeContract(client, {
    address: token,
    abi: erc20Abi,
    functionName: "approve",
    args: [spender, amount],
  });
}

function toCampaignParams(params: CampaignParamsWire) {
  return {
    token: params.token as Address,
    kind: params.kind,
    proofKind: params.proofKind,
    mode: params.mode,
    merkleRoot: params.merkleRoot as Hex,
    shares: BigInt(params.shares),
    amountPerShare: BigInt(params.amountPerShare),
    start: BigInt(params.start),
    end: BigInt(params.end),
  };
}

/** Opens the campaign on chain and funds it in one transaction (the first deposit). */
export function createCampaignAndDeposit(
  client: WalletClient,
  distributor: Address,
  params: CampaignParamsWire,
  amount: bigint,
) {
  return writeContract(client, {
    address: distributor,
    abi: distributorAbi,
    functionName: "createCampaignAndDeposit",
    args: [toCampaignParams(params), amount],
  });
}

/** Tops up an open campaign. */
export function deposit(client: WalletClient, distributor: Address, campaignId: bigint, amount: bigint) {
  return writeContract(client, {
    address: distributor,
    abi: distributorAbi,
    functionName: "deposit",
    args: [campaignId, amount],
  });
}

/** Claims with the wallet list's Merkle proof, or with the platform's voucher for social lists. */
export function claimReward(
  client: WalletClient,
  distributor: Address,
  campaignId: bigint,
  claim: AirdropClaim,
) {
  if (claim.voucher && claim.signature) {
    return writeContract(client, {
      address: distributor,
      abi: distributorAbi,
      functionName: "claimWithVoucher",
      args: [
        {
          campaignId: BigInt(claim.voucher.campaignId),
          recipient: claim.voucher.recipient as Address,
          amount: BigInt(claim.voucher.amount),
          nonce: BigInt(claim.voucher.nonce),
          deadline: BigInt(claim.voucher.deadline),
        },
        claim.signature as Hex,
      ],
    });
  }
  return writeContract(client, {
    address: distributor,
    abi: distributorAbi,
    functionName: "claim",
    args: [
      campaignId,
      BigInt(claim.index ?? 0),
      claim.account as Address,
      BigInt(claim.amount ?? "0"),
      (claim.proof ?? []) as Hex[],
    ],
  });
}

/** The creator takes back what is left (after the end, or everything before the start). */
export function refund(client: WalletClient, distributor: Address, campaignId: bigint) {
  return writeContract(client, {
    address: distributor,
    abi: distributorAbi,
    functionName: "refund",
    args: [campaignId],
  });
}
