// Route names that land in the optional {code} segment of achievement and partner routes.
const reservedCodes = new Set(["achievement", "referral", "collection"]);

/** A parent (referrer) code counts only when non-empty and not a reserved route name. */
export function acceptParentCode(code: string | null | undefined): string | undefined {
  const trimmed = typeof code === "string" ? code.trim() : "";
  if (trimmed === "" || reservedCodes.has(trimmed.toLowerCase())) return undefined;
  return trimmed;
}
