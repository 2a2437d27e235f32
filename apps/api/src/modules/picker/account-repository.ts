// The queries of what is kept per X account and shared by all of its pickers: memberships, the owner's ban
// list and its helpers (admins). Functions take a `DbWriter` (the database or a transaction).
import {
  and,
  asc,
  type DbWriter,
  desc,
  eq,
  gt,
  pickerAdmins,
  pickerBans,
  pickerEntries,
  pickerMemberships,
  type Tx,
} from "@dropfair/db";

export type MembershipRow = typeof pickerMemberships.$inferSelect;
export type NewMembershipRow = typeof pickerMemberships.$inferInsert;

// Memberships

/** The membership of an account that runs longest past `now`. */
export async function activeMembership(
  db: DbWriter,
  xUserId: string,
  now: Date,
): Promise<MembershipRow | undefined> {
  const [membership] = await db
    .select()
    .from(pickerMemberships)
    .where(and(eq(pickerMemberships.xUserId, xUserId), gt(pickerMemberships.expiresAt, now)))
    .orderBy(desc(pickerMemberships.expiresAt))
    .limit(1);
  return membership;
}

/** Whether the account holds an annual membership that has not expired (paid up, now or next). */
export async function hasAnnualMembership(db: DbWriter, xUserId: string, now: Date): Promise<boolean> {
  const [annual] = await db
    .select({ id: pickerMemberships.id })
    .from(pickerMemberships)
    .where(
      and(
        eq(pickerMemberships.xUserId, xUserId),
        eq(pickerMemberships.plan, "year"),
        gt(pickerMemberships.expiresAt, now),
      ),
    )
    .limit(1);
  return annual !== undefined;
}

export async function membershipPaymentUsed(db: DbWriter, chainId: number, txHash: string): Promise<boolean> {
  const [used] = await db
    .select({ id: pickerMemberships.id })
    .from(pickerMemberships)
    .where(and(eq(pickerMemberships.chainId, chainId), eq(pickerMemberships.txHash, txHash)));
  return used !== undefined;
}

/** Inserts a membership; false when its payment was recorded already. */
export async function insertMembership(db: DbWriter, values: NewMembershipRow): Promise<boolean> {
  const inserted = await db.insert(pickerMemberships).values(values).onConflictDoNothing().returning();
  return inserted.length > 0;
}

// Bans and helpers

/** The owner accounts `xUserId` helps as an admin. */
export async function ownersHelpedBy(db: DbWriter, xUserId: string): Promise<string[]> {
  const rows = await db
    .select({ owner: pickerAdmins.ownerXUserId })
    .from(pickerAdmins)
    .where(eq(pickerAdmins.adminXUserId, xUserId));
  return rows.map((row) => row.owner);
}

export async function listBans(db: DbWriter, ownerXUserId: string) {
  return db
    .select()
    .from(pickerBans)
    .where(eq(pickerBans.ownerXUserId, ownerXUserId))
    .orderBy(desc(pickerBans.createdAt));
}

/** Bans an account on the owner's list (or changes the reason), and marks its entry in the picker. */
export async function saveBan(
  tx: Tx,
  ban: {
    ownerXUserId: string;
    pickerId: number;
    target: { id: string; username: string };
    reason: string;
    by: { xUserId: string; username: string };
  },
): Promise<void> {
  const { ownerXUserId, pickerId, target, reason, by } = ban;
  await tx
    .insert(pickerBans)
    .values({
      ownerXUserId,
      xUserId: target.id,
      username: target.username,
      reason,
      addedByXUserId: by.xUserId,
      addedByUsername: by.username,
      pickerId,
    })
    .onConflictDoUpdate({
      target: [pickerBans.ownerXUserId, pickerBans.xUserId],
      set: { reason, addedByXUserId: by.xUserId, addedByUsername: by.username },
    });
  await setBlackReason(tx, pickerId, target.id, reason);
}

/** Lifts a ban from the owner's list, and its mark from the picker's entry. */
export async function deleteBan(
  tx: Tx,
  ban: { ownerXUserId: string; pickerId: number; xUserId: string },
): Promise<void> {
  await tx
    .delete(pickerBans)
    .where(and(eq(pickerBans.ownerXUserId, ban.ownerXUserId), eq(pickerBans.xUserId, ban.xUserId)));
  await setBlackReason(tx, ban.pickerId, ban.xUserId, null);
}

async function setBlackReason(tx: Tx, pickerId: number, xUserId: string, reason: string | null) {
  await tx
    .update(pickerEntries)
    .set({ blackReason: reason })
    .where(and(eq(pickerEntries.pickerId, pickerId), eq(pickerEntries.xUserId, xUserId)));
}

export async function isAdminOf(db: DbWriter, ownerXUserId: string, xUserId: string): Promise<boolean> {
  const [admin] = await db
    .select({ id: pickerAdmins.adminXUserId })
    .from(pickerAdmins)
    .where(and(eq(pickerAdmins.ownerXUserId, ownerXUserId), eq(pickerAdmins.adminXUserId, xUserId)));
  return admin !== undefined;
}

export async function listAdmins(db: DbWriter, ownerXUserId: string) {
  return db
    .select()
    .from(pickerAdmins)
    .where(eq(pickerAdmins.ownerXUserId, ownerXUserId))
    .orderBy(asc(pickerAdmins.createdAt));
}

export async function insertAdmin(
  db: DbWriter,
  admin: { ownerXUserId: string; adminXUserId: string; adminUsername: string; addedByXUserId: string },
): Promise<void> {
  await db.insert(pickerAdmins).values(admin).onConflictDoNothing();
}

export async function deleteAdmin(db: DbWriter, ownerXUserId: string, adminXUserId: string): Promise<void> {
  await db
    .delete(pickerAdmins)
    .where(and(eq(pickerAdmins.ownerXUserId, ownerXUserId), eq(pickerAdmins.adminXUserId, adminXUserId)));
}
