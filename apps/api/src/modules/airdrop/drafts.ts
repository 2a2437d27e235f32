// Drafts and what anyone reads: the airdrop lists (all released, My Creation, My Wins), one airdrop, its
// participant page and token logo; creating, editing and deleting a draft, and its custom logo.
import { amountOf, holdsPrize, trimDecimal } from "@dropfair/core/airdrop";
import {
  type AirdropDetail,
  type AirdropListQuery,
  airdropClaimStates,
  type CreateAirdropInput,
  type UpdateAirdropInput,
} from "@dropfair/schemas/airdrop";
import { getAddress } from "viem";
import { errors } from "../../platform/errors.ts";
import { decodeImageDataUrl } from "../../platform/images.ts";
import {
  chainClientFor,
  ownedAirdrop,
  ownedAirdropForUpdate,
  unprepare,
  unpreparedFields,
  type Viewer,
  visibleAirdrop,
} from "./access.ts";
import { readTokenMetadata } from "./chain.ts";
import { currentDetail } from "./chain-clock.ts";
import { type AirdropDependencies, linksOf } from "./dependencies.ts";
import { airdropErrors } from "./errors.ts";
import * as importRepository from "./import-repository.ts";
import { type AirdropListFilter, listAirdrops } from "./list-repository.ts";
import type { AirdropRow } from "./repository.ts";
import * as repository from "./repository.ts";
import { summaryOf } from "./views.ts";

/**
 * Fields a funded campaign carries on chain, or that name what it holds (whether the token is one the creator
 * names, and that name): changing them needs the prize refunded first.
 */
const frozenFields = [
  "startAt",
  "endAt",
  "idType",
  "rewardType",
  "chainId",
  "tokenAddress",
  "totalAmount",
  "shares",
  "mode",
  "discordGuildId",
  "discordRoleId",
  "customToken",
  "tokenSymbol",
] as const satisfies readonly (keyof UpdateAirdropInput)[];

/** Changing one of these changes the token's symbol and decimals, read again from the chain. */
const tokenFieldNames = ["rewardType", "chainId", "tokenAddress", "customToken", "tokenSymbol"] as const;

/** An import under way checks its list for the account type, server and chat it started with. */
const listScopeFields = ["idType", "discordGuildId", "telegramChatId"] as const;

/** Token symbol and decimals from the chain when token, chain or reward type are set or change. */
async function tokenFields(
  dependencies: AirdropDependencies,
  next: Pick<AirdropRow, "rewardType" | "chainId" | "tokenAddress" | "customToken" | "tokenSymbol">,
): Promise<Partial<AirdropRow>> {
  if (next.rewardType === "discord_role" || !next.tokenAddress || next.chainId === null)
    return { tokenDecimals: null, tokenSymbol: next.customToken ? next.tokenSymbol : null };
  const client = chainClientFor(dependencies, next.chainId);
  const metadata = await readTokenMetadata(client, next.tokenAddress, next.rewardType);
  return {
    tokenDecimals: metadata.decimals,
    tokenSymbol: next.customToken && next.tokenSymbol ? next.tokenSymbol : metadata.symbol,
  };
}

/** The accounts My Wins looks for: the wallet, the X account, and the bound Discord and Telegram accounts. */
async function accountsOf(dependencies: AirdropDependencies, viewer: Viewer): Promise<string[]> {
  const links = viewer.userId === null ? {} : await linksOf(dependencies, viewer.userId);
  return [
    viewer.address?.toLowerCase(),
    viewer.xUserId,
    ...Object.values(links).flatMap((link) => [link.accountId, link.username?.toLowerCase()]),
  ].filter((value): value is string => typeof value === "string");
}

export async function list(dependencies: AirdropDependencies, viewer: Viewer, query: AirdropListQuery) {
  const { db, now } = dependencies;
  const filter: AirdropListFilter = {
    at: now(),
    status: query.status,
    page: query.page,
    pageSize: query.pageSize,
  };
  if (query.filter === "mine") {
    if (viewer.userId === null) throw errors.unauthorized();
    filter.creatorUserId = viewer.userId;
  } else if (query.filter === "wins") {
    const accounts = await accountsOf(dependencies, viewer);
    if (accounts.length === 0) throw errors.unauthorized();
    filter.participantAccounts = accounts;
  }
  const { rows, total } = await listAirdrops(db, filter);
  return { items: rows.map((row) => summaryOf(row, now())), total };
}

export async function get(dependencies: AirdropDependencies, id: number, viewer: Viewer) {
  return currentDetail(dependencies, await visibleAirdrop(dependencies.db, id, viewer), viewer);
}

export async function create(
  dependencies: AirdropDependencies,
  viewer: Viewer,
  input: CreateAirdropInput,
): Promise<AirdropDetail> {
  if (viewer.userId === null || viewer.address === null) throw errors.unauthorized();
  const token = await tokenFields(dependencies, { ...input, tokenSymbol: input.tokenSymbol });
  const row = await repository.insertAirdrop(dependencies.db, {
    creatorUserId: viewer.userId,
    creatorAddress: viewer.address,
    title: input.title,
    description: input.description,
    startAt: new Date(input.startAt),
    endAt: new Date(input.endAt),
    posterStyle: input.posterStyle,
    rewardType: input.rewardType,
    chainId: input.chainId,
    tokenAddress: input.tokenAddress,
    customToken: input.customToken,
    totalAmount: input.totalAmount,
    idType: input.idType,
    mode: input.mode,
    shares: input.shares,
    discordGuildId: input.discordGuildId,
    discordRoleId: input.discordRoleId,
    telegramChatId: input.telegramChatId,
    ...token,
  });
  return currentDetail(dependencies, row, viewer);
}

/** The frozen fields this edit really changes (times compared as instants, amounts without trailing zeros). */
function frozenChanges(current: AirdropRow, input: UpdateAirdropInput) {
  return frozenFields.filter((field) => {
    const value = input[field];
    if (value === undefined) return false;
    const before = current[field];
    // A token's own symbol is read from the chain: only a custom token's is the creator's to change.
    if (field === "tokenSymbol" && !(input.customToken ?? current.customToken)) return false;
    if (before instanceof Date) return before.getTime() !== new Date(value as string).getTime();
    if (field === "totalAmount" && before !== null && value !== null)
      return trimDecimal(before as string) !== trimDecimal(value as string);
    return before !== value;
  });
}

/**
 * Edits the airdrop. A change of a field the campaign carries clears the frozen reward (refused while a
 * campaign holds the prize); a new account type clears the list; a new type, server or chat ends an import
 * under way, which would check the list against the old ones.
 */
export async function update(
  dependencies: AirdropDependencies,
  id: number,
  viewer: Viewer,
  input: UpdateAirdropInput,
): Promise<AirdropDetail> {
  const { db, now } = dependencies;
  const current = await ownedAirdrop(db, id, viewer);
  const next = {
    ...current,
    ...Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined)),
  } as AirdropRow & UpdateAirdropInput;
  const startAt = input.startAt ? new Date(input.startAt) : current.startAt;
  const endAt = input.endAt ? new Date(input.endAt) : current.endAt;
  if (startAt > endAt) throw airdropErrors.validation("validation.airdrop.timeOrder");
  const changed = frozenChanges(current, input);
  const tokenChanged = tokenFieldNames.some((field) => input[field] !== undefined);
  const token = tokenChanged ? await tokenFields(dependencies, next) : {};
  const listScopeChanged = listScopeFields.some(
    (field) => input[field] !== undefined && input[field] !== current[field],
  );
  const row = await db.transaction(async (tx) => {
    const locked = await ownedAirdropForUpdate(tx, id, viewer);
    if (changed.length > 0) await unprepare(tx, locked, now());
    if (listScopeChanged)
      await importRepository.failOpenImports(tx, { airdropId: id }, airdropErrors.importOutdated(), now());
    if (changed.includes("idType")) await repository.deleteParticipants(tx, id);
    return repository.updateAirdrop(tx, id, {
      title: input.title,
      description: input.description,
      posterStyle: input.posterStyle,
      startAt,
      endAt,
      idType: input.idType,
      rewardType: input.rewardType,
      chainId: input.chainId,
      tokenAddress: input.tokenAddress,
      customToken: input.customToken,
      totalAmount: input.totalAmount,
      shares: input.shares,
      mode: input.mode,
      discordGuildId: input.discordGuildId,
      discordRoleId: input.discordRoleId,
      telegramChatId: input.telegramChatId,
      ...token,
      ...(changed.length > 0 ? unpreparedFields : {}),
      ...(changed.includes("idType") ? { participantCount: 0, totalWeight: 0 } : {}),
      updatedAt: now(),
    });
  });
  return currentDetail(dependencies, row, viewer);
}

/** Deletes the airdrop (kept as deleted); refused while a campaign holds the prize. */
export async function remove(dependencies: AirdropDependencies, id: number, viewer: Viewer): Promise<void> {
  const { db, now } = dependencies;
  await db.transaction(async (tx) => {
    const row = await ownedAirdropForUpdate(tx, id, viewer);
    if (holdsPrize(row)) throw airdropErrors.refundFirst();
    await repository.setAirdropFields(tx, id, { deletedAt: now(), updatedAt: now() });
  });
}

/** A page of the list in list order, with each one's amount and claim state. */
export async function participantsPage(
  dependencies: AirdropDependencies,
  id: number,
  viewer: Viewer,
  query: { page: number; pageSize: number; search?: string | undefined },
) {
  const row = await visibleAirdrop(dependencies.db, id, viewer);
  const { rows, total } = await repository.participantsPage(dependencies.db, id, query);
  return {
    items: rows.map((participant) => ({
      index: participant.position,
      account: row.idType === "wallet" ? getAddress(participant.account) : participant.account,
      label: participant.label,
      weight: participant.weight,
      amount: amountOf(row, participant.weight)?.toString() ?? null,
      claimState: participant.claimedAt ? airdropClaimStates.claimed : airdropClaimStates.claimable,
      claimedBy: participant.claimedBy,
      claimTxHash: participant.claimTxHash,
    })),
    total,
  };
}

export async function setLogo(
  dependencies: AirdropDependencies,
  id: number,
  viewer: Viewer,
  image: string,
): Promise<void> {
  await ownedAirdrop(dependencies.db, id, viewer);
  const decoded = decodeImageDataUrl(image);
  if ("problem" in decoded)
    throw decoded.problem === "tooLarge" ? airdropErrors.logoTooLarge() : airdropErrors.logoInvalid();
  await repository.setAirdropFields(dependencies.db, id, {
    tokenLogo: decoded.bytes,
    tokenLogoType: decoded.contentType,
    updatedAt: dependencies.now(),
  });
}

export async function removeLogo(
  dependencies: AirdropDependencies,
  id: number,
  viewer: Viewer,
): Promise<void> {
  await ownedAirdrop(dependencies.db, id, viewer);
  await repository.setAirdropFields(dependencies.db, id, {
    tokenLogo: null,
    tokenLogoType: null,
    updatedAt: dependencies.now(),
  });
}

export async function logo(dependencies: AirdropDependencies, id: number, viewer: Viewer) {
  const row = await visibleAirdrop(dependencies.db, id, viewer);
  const found = row.tokenLogoType ? await repository.findLogo(dependencies.db, id) : undefined;
  if (!found) throw airdropErrors.logoNotFound();
  return found;
}
