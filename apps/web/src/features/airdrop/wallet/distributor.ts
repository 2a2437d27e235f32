import { airdropDistributorAbi } from "@dropfair/chain/abis";
import type { AirdropClaim, CampaignParamsWire } from "@dropfair/schemas/airdrop";
import type { Address, Hex } from "viem";
import { writeContract } from "viem/actions";
import { tokenErrorsAbi, type WalletClient } from "../../../shared/wallet/transactions";

/**
 * The on-chain steps of an airdrop (fund, claim, refund): the shared wallet steps (shared/wallet) plus the
 * distributor. Loaded only when a step starts, so viem's actions and the ABI stay out of the page chunks.
 */
export {
  approveToken,
  type ConnectedWallet,
  clientOnChain,
  connectWallet,
  readToken,
  type TokenState,
  TransactionRevertedError,
  WalletChoiceCancelledError,
  WalletMissingError,
  WrongNetworkError,
  waitForSuccess,
} from "../../../shared/wallet/transactions";

/** The distributor with the token errors it passes on, so a refusal names its reason. */
const distributorAbi = [...airdropDistributorAbi, ...tokenErrorsAbi] as const;

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
