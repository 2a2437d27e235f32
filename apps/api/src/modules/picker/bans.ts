// The owner account's ban list and its helpers (admins), shared by all of the owner's pickers.

import { pickerPipelineStatuses } from "@dropfair/core/picker";
import type { Tx } from "@dropfair/db";
import { type Actor, requireOperator } from "./access.ts";
import { deleteAdmin, deleteBan, insertAdmin, listAdmins, listBans, saveBan } from "./account-repository.ts";
import { loadPicker, mapXFailure, type PickerDependencies } from "./context.ts";
import { pickerErrors } from "./errors.ts";
import {
  findEntryByUsername,
  hasWaitingDraw,
  loadPickerForUpdate,
  refreshEntryCounts,
} from "./repository.ts";

/**
 * A ban or an unban changes who is eligible: with the picker locked (a draw cannot commit meanwhile) and no draw
 * waiting for its block, run `change`, then write the public counts again, so that what the picker shows as
 * eligible is at once what the next draw commits. During collection the pipeline counts when it finishes.
 */
async function changeEligibility(tx: Tx, pickerId: number, change: () => Promise<void>): Promise<void> {
  const locked = await loadPickerForUpdate(tx, pickerId);
  if (!locked) throw pickerErrors.pickerNotFound();
  if (await hasWaitingDraw(tx, pickerId)) throw pickerErrors.committed();
  await change();
  if (!pickerPipelineStatuses.includes(locked.status)) await refreshEntryCounts(tx, pickerId);
}

export function pickerBansAndHelpers(dependencies: PickerDependencies) {
  const { db, x } = dependencies;

  /** An account by username: an entrant of the picker, or else whoever X knows by that name. */
  async function findAccount(pickerId: number, username: string): Promise<{ id: string; username: string }> {
    const entry = await findEntryByUsername(db, pickerId, username);
    if (entry) return { id: entry.xUserId, username: entry.username };
    const found = await x.lookupUserByUsername(username).catch(mapXFailure);
    if (!found.found) throw pickerErrors.userNotFound(username);
    return { id: found.data.id, username: found.data.username };
  }

  return {
    async bans(id: number) {
      const picker = await loadPicker(db, id);
      const rows = await listBans(db, picker.ownerXUserId);
      return rows.map((row) => ({
        xUserId: row.xUserId,
        username: row.username,
        reason: row.reason,
        addedBy: row.addedByUsername,
        createdAt: row.createdAt.toISOString(),
      }));
    },

    /**
     * Ban with a black reason; it lands on the owner's list, so a helper's ban syncs to the owner. Refused
     * while a draw waits for its block: the committed list must not change. The banned entrant leaves the
     * public eligible list and counts at once.
     */
    async ban(id: number, actor: Actor | null, username: string, reason: string) {
      const picker = await loadPicker(db, id);
      const operator = await requireOperator(db, picker, actor);
      const target = await findAccount(id, username);
      await db.transaction((tx) =>
        changeEligibility(tx, id, () =>
          saveBan(tx, {
            ownerXUserId: picker.ownerXUserId,
            pickerId: id,
            target,
            reason,
            by: operator.actor,
          }),
        ),
      );
      return { xUserId: target.id, username: target.username };
    },

    async unban(id: number, actor: Actor | null, xUserId: string) {
      const picker = await loadPicker(db, id);
      await requireOperator(db, picker, actor);
      await db.transaction((tx) =>
        changeEligibility(tx, id, () =>
          deleteBan(tx, { ownerXUserId: picker.ownerXUserId, pickerId: id, xUserId }),
        ),
      );
    },

    async admins(id: number, actor: Actor | null) {
      const picker = await loadPicker(db, id);
      await requireOperator(db, picker, actor);
      const rows = await listAdmins(db, picker.ownerXUserId);
      return rows.map((row) => ({
        xUserId: row.adminXUserId,
        username: row.adminUsername,
        createdAt: row.createdAt.toISOString(),
      }));
    },

    /** Only the owner account itself manages its helpers. */
    async addAdmin(id: number, actor: Actor | null, username: string) {
      const picker = await loadPicker(db, id);
      if (actor?.xUserId !== picker.ownerXUserId) throw pickerErrors.notCreator();
      const found = await x.lookupUserByUsername(username).catch(mapXFailure);
      if (!found.found) throw pickerErrors.userNotFound(username);
      const admin = { xUserId: found.data.id, username: found.data.username };
      if (admin.xUserId === picker.ownerXUserId) return admin;
      await insertAdmin(db, {
        ownerXUserId: picker.ownerXUserId,
        adminXUserId: admin.xUserId,
        adminUsername: admin.username,
        addedByXUserId: actor.xUserId,
      });
      return admin;
    },

    async removeAdmin(id: number, actor: Actor | null, xUserId: string) {
      const picker = await loadPicker(db, id);
      if (actor?.xUserId !== picker.ownerXUserId) throw pickerErrors.notCreator();
      await deleteAdmin(db, picker.ownerXUserId, xUserId);
    },
  };
}
