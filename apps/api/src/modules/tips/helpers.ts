// Helpers: wallets a campaign's creator names to organize it with them (bans and their lifting, the abuse
// reports; docs/tips.md). Only the creator names and removes them; organizers read the list.
import type { TipsHelperList } from "@dropfair/schemas/tips";
import type { Address } from "viem";
import { isCreator, organizerRole } from "./campaigns.ts";
import type { Actor, TipsDependencies } from "./dependencies.ts";
import { tipsErrors } from "./errors.ts";
import * as repository from "./repository.ts";

type Session = NonNullable<Actor>;

export async function helperList(
  dependencies: TipsDependencies,
  actor: Session,
  campaignId: number,
): Promise<TipsHelperList> {
  const { db } = dependencies;
  const campaign = await repository.findCampaign(db, campaignId);
  if (!campaign) throw tipsErrors.notFound();
  if ((await organizerRole(dependencies, db, actor, campaign)) === null) throw tipsErrors.notOwner();
  const rows = await repository.helpersOf(db, campaignId);
  return { rows: rows.map((row) => ({ address: row.address, addedAt: row.createdAt.toISOString() })) };
}

/** Names a helper (the creator only); naming one again, or the creator's own wallet, changes nothing. */
export async function addHelper(
  dependencies: TipsDependencies,
  actor: Session,
  campaignId: number,
  address: Address,
): Promise<TipsHelperList> {
  const { db, now } = dependencies;
  await db.transaction(async (tx) => {
    const campaign = await repository.lockCampaign(tx, campaignId);
    if (!campaign) throw tipsErrors.notFound();
    if (!isCreator(actor, campaign)) throw tipsErrors.notOwner();
    if (address.toLowerCase() === actor.address.toLowerCase()) return;
    await repository.insertHelper(tx, { campaignId, address, addedByUserId: actor.userId, createdAt: now() });
  });
  return helperList(dependencies, actor, campaignId);
}

/** Removes a helper (the creator only); removing one who is not a helper changes nothing. */
export async function removeHelper(
  dependencies: TipsDependencies,
  actor: Session,
  campaignId: number,
  address: Address,
): Promise<TipsHelperList> {
  const { db } = dependencies;
  await db.transaction(async (tx) => {
    const campaign = await repository.lockCampaign(tx, campaignId);
    if (!campaign) throw tipsErrors.notFound();
    if (!isCreator(actor, campaign)) throw tipsErrors.notOwner();
    await repository.deleteHelper(tx, campaignId, address);
  });
  return helperList(dependencies, actor, campaignId);
}
