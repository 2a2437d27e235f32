/**
 * The parameters of an airdrop's on-chain campaign (AirdropDistributor.createCampaign), derived from the
 * prepared airdrop, and the check that a CampaignCreated event opened exactly that campaign.
 */
import type { Address, Hex } from "viem";
import { zeroHash } from "viem";
import type { RewardType, ShareMode } from "./amounts.ts";

/** The campaign's parameters as the API answers them: numbers the contract takes as uint256 are decimal strings. */
export type CampaignParams = {
  token: string;
  /** 0 ERC-20, 1 ERC-721. */
  kind: number;
  /** 0 Merkle proof (wallet lists), 1 platform voucher (social lists). */
  proofKind: number;
  /** 0 all, 1 first come first served. */
  mode: number;
  merkleRoot: string;
  shares: string;
  amountPerShare: string;
  start: string;
  end: string;
};

/** The parameters as the distributor contract takes them (`createCampaign`'s struct): integers as bigint. */
export function campaignArgsOf(params: CampaignParams) {
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

/** What a prepared airdrop holds that its campaign carries. */
export type CampaignSource = {
  preparedAt: Date | null;
  rewardType: RewardType;
  idType: string;
  mode: ShareMode;
  tokenAddress: string | null;
  merkleRoot: string | null;
  shares: number | null;
  amountPerShare: string | null;
  startAt: Date;
  endAt: Date;
};

/** Whole seconds since the epoch, as the chain counts time. */
export const unixSeconds = (date: Date): bigint => BigInt(Math.floor(date.getTime() / 1000));

/** The campaign a prepared token or NFT airdrop needs; null before preparing and for a Discord role. */
export function campaignParamsOf(source: CampaignSource): CampaignParams | null {
  if (!source.preparedAt || source.rewardType === "discord_role" || !source.tokenAddress) return null;
  const fcfs = source.mode === "fcfs";
  return {
    token: source.tokenAddress,
    kind: source.rewardType === "nft" ? 1 : 0,
    proofKind: source.idType === "wallet" ? 0 : 1,
    mode: fcfs ? 1 : 0,
    merkleRoot: source.merkleRoot ?? zeroHash,
    shares: fcfs ? String(source.shares ?? 0) : "0",
    amountPerShare: fcfs ? (source.amountPerShare ?? "0") : "0",
    start: unixSeconds(source.startAt).toString(),
    end: unixSeconds(source.endAt).toString(),
  };
}

/** The arguments of a CampaignCreated event. */
export type CampaignCreatedArgs = {
  creator: Address;
  token: Address;
  kind: number;
  proofKind: number;
  mode: number;
  merkleRoot: Hex;
  shares: bigint;
  amountPerShare: bigint;
  start: bigint;
  end: bigint;
};

/**
 * The first field where a CampaignCreated event differs from the campaign the airdrop needs ("reward" when it
 * needs none), or null when it matches. Addresses and the root compare in any letter case.
 */
export function campaignMismatch(
  expected: CampaignParams | null,
  creatorAddress: string,
  args: CampaignCreatedArgs,
): string | null {
  if (!expected) return "reward";
  if (args.creator.toLowerCase() !== creatorAddress.toLowerCase()) return "creator";
  if (args.token.toLowerCase() !== expected.token.toLowerCase()) return "token";
  if (args.kind !== expected.kind) return "kind";
  if (args.proofKind !== expected.proofKind) return "proofKind";
  if (args.mode !== expected.mode) return "mode";
  if (args.merkleRoot.toLowerCase() !== expected.merkleRoot.toLowerCase()) return "merkleRoot";
  if (args.shares.toString() !== expected.shares) return "shares";
  if (args.amountPerShare.toString() !== expected.amountPerShare) return "amountPerShare";
  if (args.start.toString() !== expected.start || args.end.toString() !== expected.end) return "times";
  return null;
}
