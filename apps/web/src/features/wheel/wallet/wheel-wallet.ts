// The wheel's transactions, loaded only when a spin, a claim or a funding starts (viem's actions and the ABIs stay
// out of the page chunks): LuckyWheel.spin with the platform's voucher, and the creator's voucher campaigns that
// fund a token prize (deposit) or an NFT prize (registered ids). A prize's claim is the airdrop feature's
// distributor claim (its index's `loadVoucherClaim`).
import { airdropDistributorAbi, erc721CollectionAbi, luckyWheelAbi } from "@dropfair/chain/abis";
import type { WheelSpinVoucher } from "@dropfair/schemas/wheel";
import { type Address, type Hash, type Hex, parseEventLogs } from "viem";
import { readContract, waitForTransactionReceipt, writeContract } from "viem/actions";
import {
  TransactionRevertedError,
  tokenErrorsAbi,
  type WalletClient,
} from "../../../shared/wallet/transactions";

export {
  approveCollection,
  idsNotOwned,
  isCollectionApproved,
  readWalletNfts,
} from "../../../shared/wallet/nft-collection";
export {
  approveToken,
  clientOnChain,
  connectWallet,
  readToken,
  TransactionRevertedError,
  waitForSuccess,
} from "../../../shared/wallet/transactions";

/** Spends the voucher's ticket on the game's LuckyWheel: the transaction whose hash and block decide the prize. */
export function sendSpin(client: WalletClient, signed: WheelSpinVoucher): Promise<Hash> {
  return writeContract(client, {
    address: signed.contract as Address,
    abi: luckyWheelAbi,
    functionName: "spin",
    args: [
      {
        gameId: BigInt(signed.voucher.gameId),
        account: signed.voucher.account as Address,
        nonce: BigInt(signed.voucher.nonce),
        deadline: BigInt(signed.voucher.deadline),
      },
      signed.signature as Hex,
    ],
  });
}

const erc721ErrorsAbi = erc721CollectionAbi.filter((item) => item.type === "error");
const distributorAbi = [...airdropDistributorAbi, ...tokenErrorsAbi, ...erc721ErrorsAbi] as const;

/** What a token prize's campaign holds: the token, the whole deposit, and when vouchers may be claimed. */
export type PrizeCampaign = { token: Address; deposit: bigint; start: bigint; end: bigint };

/**
 * Opens the distributor campaign that pays a token prize and deposits every prize's amount in one transaction:
 * a token campaign (kind 0) paid with platform vouchers (proof kind 1, mode 0), as the API checks it.
 */
export function sendPrizeCampaign(client: WalletClient, distributor: Address, campaign: PrizeCampaign) {
  return writeContract(client, {
    address: distributor,
    abi: distributorAbi,
    functionName: "createCampaignAndDeposit",
    args: [
      {
        token: campaign.token,
        kind: 0,
        proofKind: 1,
        mode: 0,
        merkleRoot: `0x${"00".repeat(32)}`,
        shares: 0n,
        amountPerShare: 0n,
        start: campaign.start,
        end: campaign.end,
      },
      campaign.deposit,
    ],
  });
}

/**
 * Opens the distributor campaign that pays an NFT prize (kind 1, platform vouchers, mode 0); its NFTs are moved in
 * afterwards with `registerNft`.
 */
export function sendNftPrizeCampaign(
  client: WalletClient,
  distributor: Address,
  campaign: Omit<PrizeCampaign, "deposit">,
) {
  return writeContract(client, {
    address: distributor,
    abi: distributorAbi,
    functionName: "createCampaign",
    args: [
      {
        token: campaign.token,
        kind: 1,
        proofKind: 1,
        mode: 0,
        merkleRoot: `0x${"00".repeat(32)}`,
        shares: 0n,
        amountPerShare: 0n,
        start: campaign.start,
        end: campaign.end,
      },
    ],
  });
}

/** Moves the creator's NFTs into the prize's campaign (the distributor must be approved for the collection). */
export function registerNft(
  client: WalletClient,
  distributor: Address,
  campaignId: bigint,
  tokenIds: readonly bigint[],
): Promise<Hash> {
  return writeContract(client, {
    address: distributor,
    abi: distributorAbi,
    functionName: "registerNft",
    args: [campaignId, tokenIds],
  });
}

/** The id of the campaign a mined createCampaign(AndDeposit) opened, from its CampaignCreated event. */
export async function createdCampaignId(client: WalletClient, hash: Hash, confirmations: number) {
  const receipt = await waitForTransactionReceipt(client, { hash, confirmations, timeout: 180_000 });
  if (receipt.status !== "success") throw new TransactionRevertedError(hash);
  const [created] = parseEventLogs({
    abi: airdropDistributorAbi,
    eventName: "CampaignCreated",
    logs: receipt.logs,
  });
  if (!created) throw new TransactionRevertedError(hash);
  return created.args.campaignId;
}

/** What an NFT prize's campaign holds on chain: whether it was refunded (closed for good) and the ids in it. */
export type NftCampaignHoldings = { refunded: boolean; tokenIds: readonly bigint[] };

/**
 * Reads an NFT prize's campaign from the distributor: the ids it holds (`nftIdsOf`; before the game's start none
 * has been paid out, so these are every id moved in) and whether it was refunded.
 */
export async function readNftCampaign(
  client: WalletClient,
  distributor: Address,
  campaignId: bigint,
): Promise<NftCampaignHoldings> {
  const [campaign, tokenIds] = await Promise.all([
    readContract(client, {
      address: distributor,
      abi: distributorAbi,
      functionName: "getCampaign",
      args: [campaignId],
    }),
    readContract(client, {
      address: distributor,
      abi: distributorAbi,
      functionName: "nftIdsOf",
      args: [campaignId],
    }),
  ]);
  return { refunded: campaign.refunded, tokenIds };
}
