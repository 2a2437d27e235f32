import { and, type DbWriter, eq, pickerAdmins } from "@dropfair/db";

export type Actor = { xUserId: string; username: string };
export type PickerRole = "owner" | "admin";

/** The owner account itself, or one of its helpers (admins), who act as the owner (SPEC §6). */
export async function roleFor(
  db: DbWriter,
  ownerXUserId: string,
  actor: Actor | null,
): Promise<PickerRole | null> {
  if (!actor) return null;
  if (actor.xUserId === ownerXUserId) return "owner";
  const [admin] = await db
    .select({ id: pickerAdmins.adminXUserId })
    .from(pickerAdmins)
    .where(and(eq(pickerAdmins.ownerXUserId, ownerXUserId), eq(pickerAdmins.adminXUserId, actor.xUserId)));
  return admin ? "admin" : null;
}
