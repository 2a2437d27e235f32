// The wizard's last steps: prepare freezes the reward (every amount, a wallet list's Merkle tree, the deposit the
// campaign needs); release publishes the airdrop once its campaign holds that deposit.
import { amountBaseOf, amountOf, fcfsShares, weightedShare } from "@dropfair/core/airdrop";
import type { Tx } from "@dropfair/db";
import type { AirdropDetail } from "@dropfair/schemas/airdrop";
import type { Address, Hex } from "viem";
import { chainClientFor, ownedAirdrop, ownedAirdropForUpdate, type Viewer } from "./access.ts";
import { currentDetail } from "./chain-clock.ts";
import type { AirdropDependencies } from "./dependencies.ts";
import { airdropErrors } from "./errors.ts";
import { storeParticipantTree } from "./merkle.ts";
import type { AirdropRow } from "./repository.ts";
import * as repository from "./repository.ts";

/** The bot can see the server and the role exists there. */
async function checkDiscordRole(
  dependencies: AirdropDependencies,
  guildId: string,
  roleId: string,
): Promise<void> {
  const discord = dependencies.discord;
  if (!discord) throw airdropErrors.discordUnavailable();
  const roles = await discord.getGuildRoles(guildId).catch(() => {
    throw airdropErrors.discordRoleUnavailable();
  });
  if (!roles.some((role) => role.id === roleId)) throw airdropErrors.discordRoleUnavailable();
}

/** Checks the reward settings, in the order the wizard asks for them, each with the wizard's message. */
function checkReward(dependencies: AirdropDependencies, row: AirdropRow): void {
  if (row.participantCount === 0) throw airdropErrors.validation("validation.airdrop.participantsRequired");
  if (row.startAt >= row.endAt) throw airdropErrors.validation("validation.airdrop.timeOrder");
  if (row.endAt <= dependencies.now()) throw airdropErrors.endPassed();
  if (row.rewardType === "discord_role") {
    if (!row.discordGuildId || !row.discordRoleId)
      throw airdropErrors.validation("airdrop.discordRoleRequired");
    return;
  }
  if (row.rewardType !== "token" && row.rewardType !== "nft") return;
  if (row.chainId === null) throw airdropErrors.chainRequired();
  chainClientFor(dependencies, row.chainId);
  if (!row.tokenAddress || row.tokenDecimals === null) throw airdropErrors.tokenAddressInvalid();
  if (row.rewardType === "token" && row.totalAmount === null)
    throw airdropErrors.validation("validation.airdrop.amountRequired");
  if (row.mode === "fcfs") {
    if (row.shares === null) throw airdropErrors.validation("validation.airdrop.shareRequired");
    if (row.shares > row.participantCount) throw airdropErrors.validation("validation.airdrop.shareOverflow");
  }
}

type FrozenAmounts = {
  amountBase: bigint | null;
  amountPerShare: bigint | null;
  requiredDeposit: bigint | null;
};

/**
 * The reward in base units, and the deposit it needs. A token reward refuses amounts so small that a share
 * (or, with `all`, the smallest weight's share) would be 0. NFTs: one per share, or one per participant.
 */
async function frozenAmounts(tx: Tx, row: AirdropRow): Promise<FrozenAmounts> {
  const fcfs = row.mode === "fcfs";
  if (row.rewardType === "token") {
    const amountBase = amountBaseOf(row.totalAmount!, row.tokenDecimals!);
    if (fcfs) {
      const shares = fcfsShares(amountBase, row.shares!);
      if (!shares) throw airdropErrors.validation("airdrop.amountTooSmall");
      return { amountBase, ...shares };
    }
    // The deposit is what the rounded-down shares add up to.
    const totals = await repository.weightedShareTotals(tx, row.id, amountBase, row.totalWeight);
    if (weightedShare(amountBase, totals.smallestWeight, row.totalWeight) === 0n)
      throw airdropErrors.validation("airdrop.amountTooSmall");
    return { amountBase, amountPerShare: null, requiredDeposit: totals.sum };
  }
  if (row.rewardType === "nft")
    return {
      amountBase: null,
      amountPerShare: fcfs ? 1n : null,
      requiredDeposit: BigInt(fcfs ? row.shares! : row.participantCount),
    };
  return { amountBase: null, amountPerShare: null, requiredDeposit: null };
}

/** A wallet list's Merkle tree, stored so any proof is one indexed read; its root. Social lists have none. */
async function storeTree(tx: Tx, frozen: AirdropRow): Promise<Hex | null> {
  if (frozen.idType !== "wallet" || frozen.rewardType === "discord_role") return null;
  const rows = await repository.participantsForTree(tx, frozen.id);
  return storeParticipantTree(
    tx,
    frozen.id,
    rows.map((participant) => ({
      position: participant.position,
      account: participant.label as Address,
      amount: amountOf(frozen, participant.weight) ?? 0n,
    })),
  );
}

/**
 * Freezes the reward: every participant's amount, the Merkle tree of a wallet list and the deposit the
 * campaign needs. One transaction; repeating it changes nothing.
 */
export async function prepare(
  dependencies: AirdropDependencies,
  id: number,
  viewer: Viewer,
): Promise<AirdropDetail> {
  const { db, now } = dependencies;
  const draft = await ownedAirdrop(db, id, viewer);
  if (draft.rewardType === "discord_role" && draft.discordGuildId && draft.discordRoleId && !draft.preparedAt)
    await checkDiscordRole(dependencies, draft.discordGuildId, draft.discordRoleId);
  const row = await db.transaction(async (tx) => {
    const current = await ownedAirdropForUpdate(tx, id, viewer);
    if (current.preparedAt) return current;
    checkReward(dependencies, current);
    const amounts = await frozenAmounts(tx, current);
    const frozen = {
      ...current,
      preparedAt: now(),
      amountBase: amounts.amountBase?.toString() ?? null,
      amountPerShare: amounts.amountPerShare?.toString() ?? null,
    };
    const merkleRoot = await storeTree(tx, frozen);
    return repository.updateAirdrop(tx, id, {
      preparedAt: now(),
      merkleRoot,
      amountBase: frozen.amountBase,
      amountPerShare: frozen.amountPerShare,
      requiredDeposit: amounts.requiredDeposit?.toString() ?? null,
      distributorAddress:
        current.chainId === null ? null : (dependencies.distributors[current.chainId] ?? null),
      updatedAt: now(),
    });
  });
  return currentDetail(dependencies, row, viewer);
}

/** Publishes the airdrop: prepared, not yet ended, and (but for a Discord role) its campaign fully funded. */
export async function release(
  dependencies: AirdropDependencies,
  id: number,
  viewer: Viewer,
): Promise<AirdropDetail> {
  const { db, now } = dependencies;
  const row = await db.transaction(async (tx) => {
    const current = await ownedAirdropForUpdate(tx, id, viewer);
    if (current.releasedAt) return current;
    if (!current.preparedAt) throw airdropErrors.notPrepared();
    if (current.endAt <= now()) throw airdropErrors.endPassed();
    if (current.rewardType !== "discord_role") {
      if (current.campaignId === null || BigInt(current.deposited) < BigInt(current.requiredDeposit ?? "0"))
        throw airdropErrors.depositRequired();
    }
    return repository.updateAirdrop(tx, id, { releasedAt: now(), updatedAt: now() });
  });
  return currentDetail(dependencies, row, viewer);
}
