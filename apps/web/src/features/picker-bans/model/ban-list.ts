import { maxReasonLength } from "@dropfair/core/picker";
import type { FieldErrors } from "../../../shared/lib/field-errors";

export type BanSort = "latest" | "oldest";

/** The ban list sorts latest or oldest first (by when the ban was added; then by handle). */
export function sortBans<T extends { createdAt: string; username: string }>(
  bans: readonly T[],
  order: BanSort,
): T[] {
  const direction = order === "latest" ? -1 : 1;
  return [...bans].sort((left, right) => {
    const byTime = Date.parse(left.createdAt) - Date.parse(right.createdAt);
    if (byTime !== 0 && !Number.isNaN(byTime)) return direction * byTime;
    return left.username.localeCompare(right.username);
  });
}

export type BanFormValues = { username: string; reason: string };
export type BanFormErrors = FieldErrors<keyof BanFormValues, "required" | "invalid" | "tooLong">;

const handlePattern = /^[A-Za-z0-9_]{1,15}$/;

/** "@name", "name" or an x.com profile link → "name". */
export function normalizeHandle(input: string): string {
  const trimmed = input.trim();
  const fromUrl = /^(?:https?:\/\/)?(?:www\.)?(?:x|twitter)\.com\/([^/?#]+)/i.exec(trimmed);
  return (fromUrl?.[1] ?? trimmed).replace(/^@+/, "");
}

/** The add-ban form's problems (the API checks the same: an X handle and a reason up to 200 characters). */
export function validateBanForm(values: BanFormValues): BanFormErrors {
  const errors: BanFormErrors = {};
  const handle = normalizeHandle(values.username);
  if (handle === "") errors.username = "required";
  else if (!handlePattern.test(handle)) errors.username = "invalid";
  const reason = values.reason.trim();
  if (reason === "") errors.reason = "required";
  else if (reason.length > maxReasonLength) errors.reason = "tooLong";
  return errors;
}
