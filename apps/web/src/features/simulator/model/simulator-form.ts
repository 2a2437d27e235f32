import type { FieldErrors } from "../../../shared/lib/field-errors";
/** The simulator's by-seed form: seed and username are both required. */

export type SeedFormValues = { seed: string; username: string };

export type SeedFormErrors = FieldErrors<keyof SeedFormValues>;

/** Message keys of the validation catalogue (packages/core locales). */
export const seedFormMessages = {
  seed: "validation.simulator.seedRequired",
  username: "validation.simulator.usernameRequired",
} as const;

/** An X handle as people paste it: "@name", "name" or a profile URL; the bare handle comes back. */
export function normalizeUsername(input: string): string {
  const trimmed = input.trim();
  const fromUrl = /^(?:https?:\/\/)?(?:www\.)?(?:x|twitter)\.com\/([^/?#]+)/i.exec(trimmed);
  return (fromUrl?.[1] ?? trimmed).replace(/^@+/, "");
}

/** Required-field errors as message keys; empty when the form may be submitted. */
export function validateSeedForm(values: SeedFormValues): SeedFormErrors {
  const errors: SeedFormErrors = {};
  if (values.seed.trim() === "") errors.seed = seedFormMessages.seed;
  if (normalizeUsername(values.username) === "") errors.username = seedFormMessages.username;
  return errors;
}

/** The form's starting values from the query string (the picker detail page links `simulator?seed=…`). */
export function seedFormFromQuery(search: URLSearchParams): SeedFormValues {
  return { seed: search.get("seed")?.trim() ?? "", username: search.get("username")?.trim() ?? "" };
}
