import { airdropDistributorAbi } from "@dropfair/chain/abis";
import type { PlatformConfig } from "@dropfair/schemas/platform";
import type { TipsCampaignDetail, TipsClaimVoucher } from "@dropfair/schemas/tips";
import { type Address, type Hash, type Hex, parseEventLogs, TransactionNotFoundError } from "viem";
import { getTransaction, waitForTransactionReceipt, writeContract } from "viem/actions";
import {
  approveToken,
  clientOnChain,
  connectWallet,
  readToken,
  TransactionRevertedError,
  tokenErrorsAbi,
  type WalletClient,
  WrongNetworkError,
  waitForSuccess,
} from "../../../shared/wallet/transactions";
import { loadDistributorRefund, loadVoucherClaim } from "../../airdrop";

/**
 * The wallet steps of tips, loaded only when one starts: the creator's funding of the prize, a participant's
 * claim of their payout, and the creator's refund of what is left after the claim window.
 *
 * The creator's funding of a tips prize on chain, loaded only when it starts: an AirdropDistributor campaign for
 * the reward token with platform vouchers (proof kind 1), mode "all" (0), starting no later than the tips
 * campaign and ending at the end of the claim window, holding the whole prize.
 */
const distributorAbi = [...airdropDistributorAbi, ...tokenErrorsAbi] as const;

export class AccountMismatchError extends Error {
  override name = "AccountMismatchError";
  constructor(readonly address: string) {
    super(address);
  }
}

export class BalanceTooLowError extends Error {
  override name = "BalanceTooLowError";
}

const seconds = (iso: string) => BigInt(Math.floor(Date.parse(iso) / 1000));

async function mined(client: WalletClient, hash: Hash) {
  const receipt = await waitForTransactionReceipt(client, { hash, timeout: 180_000 });
  if (receipt.status !== "success") throw new TransactionRevertedError(hash);
  return receipt;
}

/** The connected wallet, which must be the signed-in one, switched to `chainId`. */
export async function signedInWalletOn(config: PlatformConfig, chainId: number, signedInAddress: string) {
  const chain = config.chains.find((candidate) => candidate.id === chainId);
  if (!chain) throw new WrongNetworkError(String(chainId));
  const { engine, address } = await connectWallet(config);
  if (address.toLowerCase() !== signedInAddress.toLowerCase()) throw new AccountMismatchError(address);
  return { client: await clientOnChain(engine, chain), address, confirmations: chain.confirmations };
}

/**
 * Sends the participant's claim of their payout with the API's voucher (the airdrop feature's distributor claim)
 * and waits for it to succeed; answers the transaction hash.
 */
export async function claimPayout(
  client: WalletClient,
  signed: TipsClaimVoucher,
  onSent: (hash: Hash) => void,
  confirmations?: number,
): Promise<Hash> {
  const claimWithVoucher = await loadVoucherClaim();
  const hash = await claimWithVoucher(
    client,
    signed.distributor as Address,
    signed.voucher,
    signed.signature,
  );
  onSent(hash);
  await waitForSuccess(client, hash, confirmations);
  return hash;
}

/**
 * Sends the creator's refund of what the campaign's distributor campaign still holds (the airdrop feature's
 * distributor refund) and waits for it to succeed; answers the transaction hash.
 */
export async function refundRest(
  client: WalletClient,
  campaign: Pick<TipsCampaignDetail, "chainId" | "distributor" | "distributorCampaignId">,
  onSent: (hash: Hash) => void,
  confirmations?: number,
): Promise<Hash> {
  if (!campaign.distributor || campaign.distributorCampaignId === null)
    throw new WrongNetworkError(String(campaign.chainId));
  const refund = await loadDistributorRefund();
  const hash = await refund(client, campaign.distributor as Address, BigInt(campaign.distributorCampaignId));
  onSent(hash);
  await waitForSuccess(client, hash, confirmations);
  return hash;
}

export type FundingStep = "approve" | "deposit";

/** The distributor campaign a mined funding transaction opened (its CampaignCreated event). */
async function openedCampaign(client: WalletClient, hash: Hash) {
  const receipt = await mined(client, hash);
  const [created] = parseEventLogs({
    abi: airdropDistributorAbi,
    logs: receipt.logs,
    eventName: "CampaignCreated",
  });
  if (!created) throw new TransactionRevertedError(hash);
  return created.args.campaignId.toString();
}

/**
 * Approves the distributor when needed, opens and funds its campaign; answers the distributor campaign id.
 * `onSent` hears the deposit's hash as soon as the wallet sends it, before it is mined.
 */
export async function fundPrize(
  config: PlatformConfig,
  campaign: TipsCampaignDetail,
  signedInAddress: string,
  onStep: (step: FundingStep) => void,
  onSent: (hash: Hash) => void = () => undefined,
): Promise<string> {
  if (!campaign.distributor) throw new WrongNetworkError(String(campaign.chainId));
  const { client, address } = await signedInWalletOn(config, campaign.chainId, signedInAddress);
  const distributor = campaign.distributor as Address;
  const token = campaign.token as Address;
  const amount = BigInt(campaign.totalPrize);
  const state = await readToken(client, token, address, distributor);
  if (state.balance < amount) throw new BalanceTooLowError();
  if (state.allowance < amount) {
    onStep("approve");
    await mined(client, await approveToken(client, token, distributor, amount));
  }
  onStep("deposit");
  const now = BigInt(Math.floor(Date.now() / 1000));
  const start = seconds(campaign.startAt);
  const hash = await writeContract(client, {
    address: distributor,
    abi: distributorAbi,
    functionName: "createCampaignAndDeposit",
    args: [
      {
        token,
        kind: 0,
        proofKind: 1,
        mode: 0,
        merkleRoot: `0x${"00".repeat(32)}` as Hex,
        shares: 0n,
        amountPerShare: 0n,
        start: start < now ? start : now,
        end: seconds(campaign.claimableUntil),
      },
      amount,
    ],
  });
  onSent(hash);
  return openedCampaign(client, hash);
}

/**
 * The distributor campaign of a deposit sent earlier (a funding resumed after its report failed); undefined when
 * the chain does not know that transaction (dropped or replaced in the wallet), so that a new deposit is safe.
 */
export async function sentFundingCampaign(
  config: PlatformConfig,
  campaign: TipsCampaignDetail,
  signedInAddress: string,
  hash: Hash,
): Promise<string | undefined> {
  const { client } = await signedInWalletOn(config, campaign.chainId, signedInAddress);
  return campaignOfDeposit(client, hash);
}

/** The distributor campaign deposit `hash` opened, once mined; undefined when the chain does not know it. */
export async function campaignOfDeposit(client: WalletClient, hash: Hash): Promise<string | undefined> {
  try {
    await getTransaction(client, { hash });
  } catch (error) {
    if (error instanceof TransactionNotFoundError) return undefined;
    throw error;
  }
  return openedCampaign(client, hash);
}
