// A picker's custom poster: an image the owner account may set with an annual membership.
import type { PosterContentType } from "@dropfair/schemas/picker";
import { decodeImageDataUrl } from "../../platform/images.ts";
import { type Actor, requireOperator } from "./access.ts";
import { hasAnnualMembership } from "./account-repository.ts";
import { loadPicker, type PickerDependencies } from "./context.ts";
import { pickerErrors } from "./errors.ts";
import { deletePoster, findPoster, savePoster } from "./repository.ts";
import { posterUrl } from "./views.ts";

/** Decodes a poster data URL; the type it declares must match the bytes it carries. */
export function decodePoster(image: string): { contentType: PosterContentType; bytes: Buffer } {
  const decoded = decodeImageDataUrl(image);
  if ("problem" in decoded)
    throw decoded.problem === "tooLarge" ? pickerErrors.posterTooLarge() : pickerErrors.posterInvalid();
  return decoded;
}

export function pickerPosters(dependencies: PickerDependencies) {
  const { db } = dependencies;

  return {
    /** A custom poster comes with the owner account's annual membership (paid up, now or next). */
    async setPoster(id: number, actor: Actor | null, image: string) {
      const picker = await loadPicker(db, id);
      await requireOperator(db, picker, actor);
      if (!(await hasAnnualMembership(db, picker.ownerXUserId, dependencies.now()))) {
        throw pickerErrors.posterAnnualOnly();
      }
      const { contentType, bytes } = decodePoster(image);
      const updatedAt = await savePoster(db, id, { contentType, bytes, updatedAt: dependencies.now() });
      return { posterUrl: posterUrl(id, updatedAt) };
    },

    async removePoster(id: number, actor: Actor | null) {
      const picker = await loadPicker(db, id);
      await requireOperator(db, picker, actor);
      await deletePoster(db, id);
    },

    async poster(id: number) {
      const poster = await findPoster(db, id);
      if (!poster) throw pickerErrors.posterNotFound();
      return poster;
    },
  };
}
