import type { DbWriter } from "@dropfair/db";
import { isAdminOf } from "./account-repository.ts";
import { pickerErrors } from "./errors.ts";
import type { PickerRow } from "./repository.ts";

export type Actor = { xUserId: string; username: string };
export type PickerRole = "owner" | "admin";

/** The owner account itself, or one of its helpers (admins), who act as the owner. */
export async function roleFor(
  db: DbWriter,
  ownerXUserId: string,
  actor: Actor | null,
): Promise<PickerRole | null> {
  if (!actor) return null;
  if (actor.xUserId === ownerXUserId) return "owner";
  return (await isAdminOf(db, ownerXUserId, actor.xUserId)) ? "admin" : null;
}

/** The owner or a helper may operate the picker; anyone else (or nobody signed in) is refused. */
export async function requireOperator(
  db: DbWriter,
  picker: PickerRow,
  actor: Actor | null,
): Promise<{ actor: Actor; role: PickerRole }> {
  if (!actor) throw pickerErrors.notOwner();
  const role = await roleFor(db, picker.ownerXUserId, actor);
  if (!role) throw pickerErrors.notOwner();
  return { actor, role };
}
