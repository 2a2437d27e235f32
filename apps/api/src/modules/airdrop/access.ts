// Who may see and change an airdrop, and when it may still change. Drafts are their creator's alone: anyone else
// gets 404, as if they did not exist; creator-only operations answer 403 to others who may see the airdrop.
import { editBlocker } from "@dropfair/core/airdrop";
import type { DbWriter, Tx } from "@dropfair/db";
import type { Address, PublicClient } from "viem";
import { errors } from "../../platform/errors.ts";
import type { AirdropDependencies } from "./dependencies.ts";
import { airdropErrors } from "./errors.ts";
import { type AirdropRow, deleteMerkleChunks, findAirdrop, loadAirdropForUpdate } from "./repository.ts";

/** Who is asking: a wallet session, an X session, both or neither. */
export type Viewer = { userId: number | null; address: Address | null; xUserId: string | null };

/** `row` if this viewer may see it (any read of the airdrop, however few of its columns it has). */
export function seenBy<Row extends Pick<AirdropRow, "releasedAt" | "creatorUserId">>(
  row: Row | undefined,
  viewer: Viewer,
): Row {
  if (!row) throw airdropErrors.notFound();
  if (!row.releasedAt && viewer.userId !== row.creatorUserId) throw airdropErrors.notFound();
  return row;
}

function ownedBy(row: AirdropRow, viewer: Viewer): AirdropRow {
  if (row.creatorUserId !== viewer.userId) throw airdropErrors.notCreator();
  return row;
}

/** The airdrop if this viewer may see it. */
export async function visibleAirdrop(db: DbWriter, id: number, viewer: Viewer): Promise<AirdropRow> {
  return seenBy(await findAirdrop(db, id), viewer);
}

/** The airdrop if this viewer may see it, locked for the rest of the transaction. */
export async function visibleAirdropForUpdate(tx: Tx, id: number, viewer: Viewer): Promise<AirdropRow> {
  return seenBy(await loadAirdropForUpdate(tx, id), viewer);
}

/** The airdrop for a creator-only operation. */
export async function ownedAirdrop(db: DbWriter, id: number, viewer: Viewer): Promise<AirdropRow> {
  if (viewer.userId === null) throw errors.unauthorized();
  return ownedBy(await visibleAirdrop(db, id, viewer), viewer);
}

/** The airdrop for a creator-only operation, locked for the rest of the transaction. */
export async function ownedAirdropForUpdate(tx: Tx, id: number, viewer: Viewer): Promise<AirdropRow> {
  if (viewer.userId === null) throw errors.unauthorized();
  return ownedBy(await visibleAirdropForUpdate(tx, id, viewer), viewer);
}

/**
 * Refuses anyone but the creator, as the creator-only use cases do, before a request's body is read (the
 * participant list may be tens of megabytes).
 */
export async function authorizeCreator(
  dependencies: Pick<AirdropDependencies, "db">,
  id: number,
  viewer: Viewer,
): Promise<void> {
  await ownedAirdrop(dependencies.db, id, viewer);
}

/** The list and the reward may change until a campaign holds the prize, and a released airdrop until its start. */
export function assertEditable(row: AirdropRow, now: Date): void {
  const blocker = editBlocker(row, now);
  if (blocker === "refundFirst") throw airdropErrors.refundFirst();
  if (blocker === "started") throw airdropErrors.wrongState();
}

/** What a change of list or reward clears: the frozen reward and the link to an unfunded on-chain campaign. */
export const unpreparedFields = {
  preparedAt: null,
  merkleRoot: null,
  amountBase: null,
  amountPerShare: null,
  requiredDeposit: null,
  distributorAddress: null,
  campaignId: null,
  campaignTxHash: null,
  deposited: "0",
  releasedAt: null,
} as const;

/**
 * Before a change of list or reward (refused while it may not change): drops the stored Merkle tree. The
 * caller sets {@link unpreparedFields} in the same transaction.
 */
export async function unprepare(tx: Tx, row: AirdropRow, now: Date): Promise<void> {
  assertEditable(row, now);
  if (!row.preparedAt) return;
  await deleteMerkleChunks(tx, row.id);
}

/** The chain's client, for a chain we have a distributor on. */
export function chainClientFor(
  dependencies: Pick<AirdropDependencies, "distributors" | "chainClient">,
  chainId: number,
): PublicClient {
  if (!dependencies.distributors[chainId]) throw airdropErrors.chainUnsupported(chainId);
  const client = dependencies.chainClient(chainId);
  if (!client) throw airdropErrors.chainUnsupported(chainId);
  return client;
}
