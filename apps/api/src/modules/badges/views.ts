// Rows as the wire contract shows them: badges with their contract, image link and current period, a user's state
// of each badge, programmes, recorded mints, and a token's ERC-721 metadata.
import {
  type BadgeRule,
  mintClosesAt,
  mintWindowState,
  periodKey,
  type RuleProgress,
} from "@dropfair/core/badges";
import { rewriteIpfsUrl } from "@dropfair/core/ipfs";
import type { Badge, BadgeWithState, MintedToken, Programme, RecordedMint } from "@dropfair/schemas/badges";
import type { Address } from "viem";
import type { BadgeWithProgramme, MintRow, OwnMint, ProgrammeRow } from "./repository.ts";

export type ViewContext = { contracts: Readonly<Record<number, Address>>; now: Date };

/**
 * Where an image is shown from: our artwork and uploads on this API (a path, or a full URL under `origin` for
 * readers elsewhere, such as wallets reading token metadata), ipfs links through a public gateway.
 */
export function imageUrl(image: string, origin = ""): string {
  if (image.startsWith("artwork:")) return `${origin}/api/bounty/badges/artwork/${image.slice(8)}.svg`;
  if (image.startsWith("upload:")) return `${origin}/api/bounty/badges/images/${image.slice(7)}`;
  return rewriteIpfsUrl(image);
}

export function badgeView(row: BadgeWithProgramme, context: ViewContext): Badge {
  const closesAt = mintClosesAt(row, context.now);
  return {
    id: row.id,
    programme: row.programmeCode,
    name: row.name,
    description: row.description,
    // Our pages load our images from their own origin.
    image: imageUrl(row.image),
    rule: row.rule as BadgeRule,
    period: row.period,
    kind: row.kind,
    chainId: row.chainId,
    contractAddress: context.contracts[row.chainId] ?? null,
    mintStart: row.mintStart?.toISOString() ?? null,
    mintEnd: row.mintEnd?.toISOString() ?? null,
    holders: row.mintCount,
    currentPeriod: periodKey(row.period, context.now, row.season),
    closesAt: closesAt?.toISOString() ?? null,
    seed: row.seed,
  };
}

export function mintedTokenView(mint: OwnMint): MintedToken {
  return {
    tokenId: mint.tokenId,
    period: mint.period,
    txHash: mint.txHash,
    mintedAt: mint.mintedAt.toISOString(),
  };
}

/**
 * The user's state of one badge (`badge`: the row's view at `now`): minted (this period), upcoming or closed (the
 * window), mintable (eligible, on a chain with our contract) or locked.
 */
export function badgeWithState(
  row: BadgeWithProgramme,
  badge: Badge,
  now: Date,
  progress: RuleProgress,
  mints: readonly OwnMint[],
): BadgeWithState {
  const current = mints.find((mint) => mint.period === badge.currentPeriod);
  const window = mintWindowState(row, now);
  const state = current
    ? "minted"
    : window !== "open"
      ? window
      : progress.eligible && badge.contractAddress
        ? "mintable"
        : "locked";
  // Spelt out rather than spread: one object shape for every badge of a page of hundreds.
  return {
    id: badge.id,
    programme: badge.programme,
    name: badge.name,
    description: badge.description,
    image: badge.image,
    rule: badge.rule,
    period: badge.period,
    kind: badge.kind,
    chainId: badge.chainId,
    contractAddress: badge.contractAddress,
    mintStart: badge.mintStart,
    mintEnd: badge.mintEnd,
    holders: badge.holders,
    currentPeriod: badge.currentPeriod,
    closesAt: badge.closesAt,
    seed: badge.seed,
    state,
    progress,
    minted: current ? mintedTokenView(current) : null,
    mintedTotal: mints.length,
  };
}

export function programmeView(row: ProgrammeRow, badgeCount: number): Programme {
  return {
    code: row.code,
    kind: row.kind,
    title: row.title,
    description: row.description,
    season: row.season,
    seed: row.seed,
    badgeCount,
  };
}

export function recordedMintView(mint: MintRow): RecordedMint {
  return {
    badgeId: mint.badgeId,
    account: mint.address,
    period: mint.period,
    kind: mint.kind,
    chainId: mint.chainId,
    tokenId: mint.tokenId,
    txHash: mint.txHash,
  };
}

/** A token's ERC-721 metadata (name, description, image, attributes), as wallets and marketplaces read it. */
export function tokenMetadata(row: BadgeWithProgramme, mint: MintRow, origin: string) {
  return {
    name: `${row.name} #${mint.tokenId}`,
    description: row.description || row.name,
    image: imageUrl(row.image, origin),
    attributes: [
      { trait_type: "badge", value: row.name },
      { trait_type: "programme", value: row.programmeCode },
      { trait_type: "period", value: mint.period, display_type: "number" },
      { trait_type: "soulbound", value: mint.kind === "sbt" ? "yes" : "no" },
    ],
  };
}
