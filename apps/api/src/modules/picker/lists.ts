// Reading pickers: quick-creation lookup, one picker's detail, the lists, its participants and draw history.
import { parsePickerReference } from "@dropfair/core/picker";
import type { PickerDetail } from "@dropfair/schemas/picker";
import { type Actor, roleFor } from "./access.ts";
import { ownersHelpedBy } from "./account-repository.ts";
import { loadPicker, type PickerDependencies } from "./context.ts";
import { currentDrawPrepared, findPickerWithPoster } from "./detail-repository.ts";
import { pickerErrors } from "./errors.ts";
import {
  drawHistory,
  findEntry,
  findLatestPickerIdOfPost,
  findPickerBySeed,
  findPickerId,
  listPickers,
  type PickerRow,
  participantsPage,
} from "./repository.ts";
import { drawView, participantView, posterUrl, summaryView } from "./views.ts";

export function pickerLists(dependencies: PickerDependencies) {
  const { db } = dependencies;

  async function bySeed(seed: string): Promise<PickerRow> {
    const found = await findPickerBySeed(db, seed);
    if (!found) throw pickerErrors.seedNotFound();
    return found;
  }

  function detailView(
    picker: PickerRow,
    parts: Pick<PickerDetail, "currentDraw" | "viewer" | "posterUrl">,
  ): PickerDetail {
    return {
      id: picker.id,
      seed: picker.seed,
      version: picker.version,
      status: picker.status,
      owner: { xUserId: picker.ownerXUserId, username: picker.ownerUsername },
      postId: picker.postId,
      postUrl: picker.postUrl,
      postText: picker.postText,
      winnerCount: picker.winnerCount,
      rewardAmount: picker.rewardAmount,
      rewardText: picker.rewardText,
      followTargets: picker.followTargets,
      requireRetweet: picker.requireRetweet,
      requireReply: picker.requireReply,
      infoType: picker.infoType,
      infoName: picker.infoName,
      filters: picker.filters,
      entryLimit: picker.entryLimit,
      progress: picker.progress,
      errorMessage: picker.errorMessage,
      entryCount: picker.entryCount,
      eligibleCount: picker.eligibleCount,
      excludedCounts: picker.excludedCounts,
      drawCount: picker.drawCount,
      currentDraw: parts.currentDraw,
      payment:
        picker.paymentTxHash && picker.paymentChainId && picker.paidAt
          ? {
              chainId: picker.paymentChainId,
              txHash: picker.paymentTxHash,
              paidAt: picker.paidAt.toISOString(),
            }
          : null,
      viewer: parts.viewer,
      posterUrl: parts.posterUrl,
      createdAt: picker.createdAt.toISOString(),
    };
  }

  return {
    load: (id: number) => loadPicker(db, id),

    bySeed,

    /** Quick creation: a post (with its newest picker, if any), or a picker by seed, URL or id. */
    async resolve(input: string) {
      const reference = parsePickerReference(input);
      if (!reference) throw pickerErrors.referenceNotFound();
      if (reference.kind === "post") {
        const existing = await findLatestPickerIdOfPost(db, reference.postId);
        return { kind: "post" as const, postId: reference.postId, pickerId: existing ?? null };
      }
      const found = await findPickerId(
        db,
        reference.kind === "seed" ? { seed: reference.seed } : { id: reference.id },
      );
      if (found === undefined) {
        throw reference.kind === "seed" ? pickerErrors.seedNotFound() : pickerErrors.referenceNotFound();
      }
      return { kind: "picker" as const, pickerId: found, postId: null };
    },

    /** The picker as the actor sees it: an entrant sees its own entry; custom info stays private. */
    async detail(id: number, actor: Actor | null): Promise<PickerDetail> {
      const found = await findPickerWithPoster(db, id);
      if (!found) throw pickerErrors.pickerNotFound();
      const { picker, posterUpdatedAt: posterChanged } = found;
      const role = await roleFor(db, picker.ownerXUserId, actor);
      let entry: PickerDetail["viewer"]["entry"] = null;
      if (actor && !role) {
        const own = await findEntry(db, id, actor.xUserId);
        if (own) entry = participantView(picker, own, false, true);
      }
      const draw = await currentDrawPrepared(db, id);
      return detailView(picker, {
        currentDraw: draw ? drawView(draw) : null,
        viewer: { role: role ?? (entry ? "entrant" : "visitor"), xUserId: actor?.xUserId ?? null, entry },
        posterUrl: posterChanged ? posterUrl(picker.id, posterChanged) : null,
      });
    },

    /** Pickers, newest first; `mine` lists the ones the actor created, owns or helps with. */
    async list(actor: Actor | null, query: { page: number; size: number; mine: "0" | "1" }) {
      let mine: { creatorXUserId: string; ownerXUserIds: string[] } | undefined;
      if (query.mine === "1") {
        if (!actor) return { total: 0, rows: [] };
        const owners = await ownersHelpedBy(db, actor.xUserId);
        mine = { creatorXUserId: actor.xUserId, ownerXUserIds: [actor.xUserId, ...owners] };
      }
      const { total, rows } = await listPickers(db, mine, query);
      return { total, rows: rows.map(summaryView) };
    },

    async participants(
      id: number,
      actor: Actor | null,
      query: { page: number; size: number; filter: string; q?: string | undefined },
    ) {
      const picker = await loadPicker(db, id);
      const isHost = (await roleFor(db, picker.ownerXUserId, actor)) !== null;
      const { total, rows } = await participantsPage(db, id, query);
      return {
        total,
        page: query.page,
        size: query.size,
        rows: rows.map((row) => participantView(picker, row, isHost, actor?.xUserId === row.xUserId)),
      };
    },

    /**
     * The public draw history, by picker id or seed: per draw its commitment, target block and the moment of
     * commitment (time, and the chain head read then), which a verifier compares with the draw file.
     */
    async history(reference: number | string) {
      const picker =
        typeof reference === "number" || /^\d{1,15}$/.test(reference)
          ? await loadPicker(db, Number(reference))
          : await bySeed(reference);
      return (await drawHistory(db, picker.id)).map(drawView);
    },
  };
}
