// Claims. A wallet list is claimed on chain with a Merkle proof anyone may fetch, and its public claims list lets
// anyone rebuild the root. A social list is claimed with a voucher we sign for the wallet of a signed-in
// participant, who proves the account by signing in with it; the first wallet to ask is bound to the entry.
// A Discord-role reward is granted by our bot.
import { Readable } from "node:stream";
import { amountOf, statusOf } from "@dropfair/core/airdrop";
import { type AirdropClaim, airdropClaimStates, airdropStatuses } from "@dropfair/schemas/airdrop";
import { isMissingPermissions } from "@dropfair/social/discord";
import { type Address, getAddress } from "viem";
import { errors } from "../../platform/errors.ts";
import { seenBy, type Viewer, visibleAirdrop } from "./access.ts";
import { claimWouldLand } from "./chain-clock.ts";
import { type AirdropDependencies, linksOf } from "./dependencies.ts";
import { airdropErrors } from "./errors.ts";
import { merkleLayout, proofFrom } from "./merkle.ts";
import type { AirdropRow, ClaimAirdrop, ParticipantRow, WalletClaimRead } from "./repository.ts";
import * as repository from "./repository.ts";

const claimsListChunk = 50_000;

const notOnList: AirdropClaim = {
  eligible: false,
  claimState: null,
  index: null,
  account: null,
  amount: null,
  proof: null,
  voucher: null,
  signature: null,
};

const claimStateOf = (participant: Pick<ParticipantRow, "claimedAt">) =>
  participant.claimedAt ? airdropClaimStates.claimed : airdropClaimStates.claimable;

/**
 * The list entry of the signed-in person: their wallet for wallet lists, their X session for X lists, their
 * bound Discord or Telegram account (by id, or by the handle the creator typed) for those lists.
 */
async function socialParticipant(
  dependencies: AirdropDependencies,
  row: AirdropRow,
  viewer: Viewer,
): Promise<ParticipantRow | undefined> {
  const { db } = dependencies;
  if (row.idType === "twitter") {
    if (!viewer.xUserId) throw airdropErrors.socialSignInRequired(row.idType);
    return repository.findParticipant(db, row.id, viewer.xUserId);
  }
  if (row.idType === "wallet") {
    if (!viewer.address) throw errors.unauthorized();
    return repository.findParticipant(db, row.id, viewer.address.toLowerCase());
  }
  if (viewer.userId === null) throw errors.unauthorized();
  const link = (await linksOf(dependencies, viewer.userId))[row.idType];
  if (!link) throw airdropErrors.socialSignInRequired(row.idType);
  return (
    (await repository.findParticipant(db, row.id, link.accountId)) ??
    (link.username ? await repository.findParticipant(db, row.id, link.username.toLowerCase()) : undefined)
  );
}

/** A wallet list's claim from its one read: the Merkle proof for the entry of the wallet asked about, public. */
function walletClaim(airdrop: ClaimAirdrop, read: WalletClaimRead): AirdropClaim {
  const { participant } = read;
  if (!participant) return notOnList;
  const proof =
    participant.claimedAt || !airdrop.merkleRoot ? null : proofFrom(airdrop.id, participant.position, read);
  return {
    ...notOnList,
    eligible: true,
    claimState: claimStateOf(participant),
    index: participant.position,
    account: getAddress(participant.account),
    amount: amountOf(airdrop, participant.weight)?.toString() ?? null,
    proof,
  };
}

/**
 * Binds the entry to the signed-in wallet unless bound already; another wallet bound first (now, or by a
 * concurrent request) keeps it.
 */
async function bindToWallet(
  dependencies: AirdropDependencies,
  row: AirdropRow,
  participant: ParticipantRow,
  address: Address,
): Promise<void> {
  const boundToOther = (bound: string | null | undefined) =>
    bound && bound.toLowerCase() !== address.toLowerCase();
  if (boundToOther(participant.boundAddress))
    throw airdropErrors.boundToOtherWallet(participant.boundAddress!);
  if (participant.boundAddress) return;
  await repository.bindParticipant(dependencies.db, row.id, participant.position, address);
  const bound = await repository.findParticipant(dependencies.db, row.id, participant.account);
  if (boundToOther(bound?.boundAddress)) throw airdropErrors.boundToOtherWallet(bound!.boundAddress!);
}

/** A social list's claim: a voucher for the signed-in wallet, valid until the TTL or the end, whichever first. */
async function voucherClaim(
  dependencies: AirdropDependencies,
  row: AirdropRow,
  viewer: Viewer,
): Promise<AirdropClaim> {
  const { now, signer } = dependencies;
  const participant = await socialParticipant(dependencies, row, viewer);
  if (!participant) return notOnList;
  const amount = amountOf(row, participant.weight);
  const base = {
    ...notOnList,
    eligible: true,
    index: participant.position,
    account: participant.label,
    amount: amount?.toString() ?? null,
  };
  if (participant.claimedAt) return { ...base, claimState: airdropClaimStates.claimed };
  if (!viewer.address) throw errors.unauthorized();
  if (!(await claimWouldLand(dependencies, row))) throw airdropErrors.notInProgress();
  if (!signer || row.campaignId === null || !row.distributorAddress || row.chainId === null)
    throw airdropErrors.chainUnsupported(row.chainId ?? 0);
  await bindToWallet(dependencies, row, participant, viewer.address);
  const deadline = Math.min(
    Math.floor(now().getTime() / 1000) + dependencies.voucherTtlSeconds,
    Math.floor(row.endAt.getTime() / 1000),
  );
  const voucher = {
    campaignId: BigInt(row.campaignId),
    recipient: viewer.address,
    amount: amount ?? 0n,
    nonce: BigInt(participant.position),
    deadline: BigInt(deadline),
  };
  const signature = await signer.sign(voucher, row.chainId, row.distributorAddress);
  return {
    ...base,
    claimState: airdropClaimStates.claimable,
    voucher: {
      campaignId: voucher.campaignId.toString(),
      recipient: voucher.recipient,
      amount: voucher.amount.toString(),
      nonce: voucher.nonce.toString(),
      deadline: voucher.deadline.toString(),
    },
    signature,
  };
}

/**
 * A participant's claim: the Merkle proof of a wallet list (public, for any account), or a voucher for the
 * signed-in wallet of a social-list participant. For a Discord role, only whether one may claim it, and whether
 * one did (the role itself is claimed with claimDiscordRole).
 */
export async function claim(
  dependencies: AirdropDependencies,
  id: number,
  viewer: Viewer,
  account: Address | undefined,
): Promise<AirdropClaim> {
  const { db } = dependencies;
  // Public proofs are the hot read: the airdrop's claim fields, the entry and its proof come in one statement
  // (docs/architecture.md, "A claim's proof is one statement"); other lists read the whole row again, as their
  // claims need it.
  const wallet = account ?? viewer.address;
  const read = await repository.findWalletClaim(db, id, wallet?.toLowerCase() ?? null, merkleLayout);
  const airdrop = seenBy(read?.airdrop, viewer);
  if (!airdrop.releasedAt) throw airdropErrors.notReleasedYet();
  if (airdrop.rewardType !== "discord_role" && airdrop.idType === "wallet") {
    if (!wallet) throw errors.unauthorized();
    return walletClaim(airdrop, read!);
  }
  const row = await visibleAirdrop(db, id, viewer);
  if (row.rewardType === "discord_role") {
    const participant = await socialParticipant(dependencies, row, viewer);
    if (!participant) return notOnList;
    return {
      ...notOnList,
      eligible: true,
      claimState: claimStateOf(participant),
      index: participant.position,
      account: participant.label,
    };
  }
  return voucherClaim(dependencies, row, viewer);
}

/**
 * Records a Discord-role claim for this wallet, and counts it unless an FCFS airdrop has given all its
 * shares (then nothing is recorded). False when the entry was claimed meanwhile.
 */
async function reserveRole(
  dependencies: AirdropDependencies,
  id: number,
  position: number,
  address: Address,
): Promise<boolean> {
  const { db, now } = dependencies;
  const reserved = await db
    .transaction(async (tx) => {
      if (!(await repository.reserveRoleClaim(tx, id, position, address, now()))) return false;
      if (!(await repository.countRoleClaim(tx, id, now()))) tx.rollback();
      return true;
    })
    .catch((error: unknown) => {
      if ((error as { name?: string }).name === "TransactionRollbackError") return "exhausted" as const;
      throw error;
    });
  if (reserved === "exhausted") throw airdropErrors.sharesExhausted();
  return reserved;
}

/**
 * A Discord-role reward: the listed person proves their Discord account (bound to their wallet) and our bot
 * grants the role. The claim is recorded first (FCFS shares counted in the same transaction), so a grant that
 * fails is taken back; granting is idempotent, so asking again after a crash finishes the job.
 */
export async function claimDiscordRole(
  dependencies: AirdropDependencies,
  id: number,
  viewer: Viewer,
): Promise<AirdropClaim> {
  const { db, now } = dependencies;
  const row = await visibleAirdrop(db, id, viewer);
  if (row.rewardType !== "discord_role" || !row.discordGuildId || !row.discordRoleId)
    throw airdropErrors.wrongState();
  if (statusOf(row, now()) !== airdropStatuses.inProgress) throw airdropErrors.notInProgress();
  if (viewer.userId === null || !viewer.address) throw errors.unauthorized();
  const discord = dependencies.discord;
  if (!discord) throw airdropErrors.discordUnavailable();
  const participant = await socialParticipant(dependencies, row, viewer);
  if (!participant) return notOnList;
  const discordLink = (await linksOf(dependencies, viewer.userId)).discord;
  if (!discordLink) throw airdropErrors.socialSignInRequired("discord");
  const claimed = {
    ...notOnList,
    eligible: true,
    index: participant.position,
    account: participant.label,
    claimState: airdropClaimStates.claimed,
  };
  if (participant.claimedAt && participant.boundAddress?.toLowerCase() !== viewer.address.toLowerCase())
    return claimed;

  const member = await discord
    .getGuildMember(row.discordGuildId, discordLink.accountId)
    .catch((error: unknown) => {
      throw airdropErrors.discordUnavailable(error);
    });
  if (!member) throw airdropErrors.discordNotJoined();
  if (!participant.claimedAt && !(await reserveRole(dependencies, id, participant.position, viewer.address)))
    return claimed;
  try {
    await discord.addMemberRole(row.discordGuildId, discordLink.accountId, row.discordRoleId);
  } catch (error) {
    await db.transaction(async (tx) => {
      await repository.releaseRoleClaim(tx, id, participant.position);
      await repository.uncountRoleClaim(tx, id, now());
    });
    throw isMissingPermissions(error)
      ? airdropErrors.discordRoleUnavailable()
      : airdropErrors.discordUnavailable(error);
  }
  return claimed;
}

/** The public claims list of a wallet list, `index,account,amount` per line (base units), streamed in pages. */
export async function claimsList(
  dependencies: AirdropDependencies,
  id: number,
  viewer: Viewer,
): Promise<{ filename: string; body: Readable }> {
  const { db } = dependencies;
  const row = await visibleAirdrop(db, id, viewer);
  if (row.idType !== "wallet" || row.rewardType === "discord_role") throw airdropErrors.noClaimsList();
  if (!row.preparedAt) throw airdropErrors.notPrepared();
  async function* lines() {
    for (let from = 0; ; from += claimsListChunk) {
      const page = await repository.participantsRange(db, id, from, claimsListChunk);
      if (page.length === 0) return;
      // Wallet labels are the checksummed addresses the parser kept.
      yield page.map((line) => `${line.position},${line.label},${amountOf(row, line.weight)}\n`).join("");
    }
  }
  return { filename: `airdrop-${id}-claims.csv`, body: Readable.from(lines()) };
}
