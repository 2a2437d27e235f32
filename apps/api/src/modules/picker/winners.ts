// After a draw: replace a winner by the best substitute, confirm the winners, and let them submit their info.
import { type PickerInfoType, pickerStatus } from "@dropfair/core/picker";
import { normalizeWinnerInfo, winnerInfoOpen } from "@dropfair/core/picker-rules";
import { type Actor, requireOperator } from "./access.ts";
import { loadPicker, type PickerDependencies } from "./context.ts";
import { pickerErrors } from "./errors.ts";
import {
  bestSubstitute,
  currentDraw,
  findEntry,
  findWinner,
  hasWaitingDraw,
  insertDraw,
  loadPickerForUpdate,
  refreshEntryCounts,
  rejectEntry,
  saveWinnerInfo,
  setEntriesRole,
  setPickerStatus,
  updatePickerAfterDraw,
  winnerIds,
} from "./repository.ts";
import { drawView } from "./views.ts";

/** A winner's info in its stored form (a checksummed EVM address), or a 400 saying what is wrong. */
export function validateWinnerInfo(infoType: PickerInfoType, value: string): string {
  const result = normalizeWinnerInfo(infoType, value);
  if ("info" in result) return result.info;
  throw result.problem === "address-format" ? pickerErrors.addressFormat() : pickerErrors.infoRequired();
}

export function pickerWinners(dependencies: PickerDependencies) {
  const { db } = dependencies;

  return {
    /** Reject one winner with a reason: the best-ranked substitute takes the place (logged publicly). */
    async replaceWinner(id: number, actor: Actor | null, xUserId: string, reason: string) {
      const picker = await loadPicker(db, id);
      const operator = await requireOperator(db, picker, actor);
      return db.transaction(async (tx) => {
        const locked = await loadPickerForUpdate(tx, id);
        if (locked?.status !== pickerStatus.selecting) throw pickerErrors.wrongState();
        const draw = await currentDraw(tx, id);
        if (draw?.status !== "drawn") throw pickerErrors.wrongState();
        if (!(await findWinner(tx, id, xUserId))) throw pickerErrors.notAWinner();
        const substitute = await bestSubstitute(tx, id);
        if (!substitute) throw pickerErrors.noValidWinner();
        await rejectEntry(tx, id, xUserId, reason);
        await setEntriesRole(tx, id, [substitute.xUserId], "winner");
        // The rejected winner is out of the next draw's list: out of the public eligible count at once.
        await refreshEntryCounts(tx, id);
        const logged = await insertDraw(tx, {
          pickerId: id,
          count: locked.drawCount + 1,
          kind: "replace",
          reason,
          commitment: draw.commitment,
          entryCount: draw.entryCount,
          winnerCount: draw.winnerCount,
          chainId: draw.chainId,
          targetBlock: draw.targetBlock,
          committedAt: draw.committedAt,
          headAtCommit: draw.headAtCommit,
          blockHash: draw.blockHash,
          status: "drawn",
          replacedXUserIds: [xUserId, substitute.xUserId],
          actorXUserId: operator.actor.xUserId,
          ownerXUserId: locked.ownerXUserId,
          createdAt: dependencies.now(),
          drawnAt: dependencies.now(),
        });
        await updatePickerAfterDraw(tx, id, { drawCount: locked.drawCount + 1 });
        return { replaced: xUserId, replacement: substitute.xUserId, history: drawView(logged) };
      });
    },

    /** Confirm the winners (at least one, at most the winner count); the others become substitutes. */
    async confirm(id: number, actor: Actor | null, xUserIds: string[]) {
      const picker = await loadPicker(db, id);
      await requireOperator(db, picker, actor);
      const chosen = [...new Set(xUserIds)];
      if (chosen.length === 0) throw pickerErrors.selectAtLeastOne();
      if (chosen.length > picker.winnerCount) throw pickerErrors.winnersExceedLimit(picker.winnerCount);
      await db.transaction(async (tx) => {
        const locked = await loadPickerForUpdate(tx, id);
        if (locked?.status !== pickerStatus.selecting) throw pickerErrors.wrongState();
        if (await hasWaitingDraw(tx, id)) throw pickerErrors.wrongState();
        const current = new Set(await winnerIds(tx, id));
        if (current.size === 0) throw pickerErrors.noValidWinner();
        if (chosen.some((userId) => !current.has(userId))) throw pickerErrors.notAWinner();
        const dropped = [...current].filter((userId) => !chosen.includes(userId));
        if (dropped.length > 0) await setEntriesRole(tx, id, dropped, "substitute");
        await setPickerStatus(tx, id, pickerStatus.collectingInfo);
      });
    },

    /** Winners and substitutes, signed in with X, submit their info while the host collects it. */
    async submitInfo(id: number, actor: Actor | null, value: string) {
      if (!actor) throw pickerErrors.notAWinner();
      const picker = await loadPicker(db, id);
      const entry = await findEntry(db, id, actor.xUserId);
      if (!entry?.role) throw pickerErrors.notAWinner();
      if (!winnerInfoOpen(picker.status)) throw pickerErrors.wrongState();
      const info = validateWinnerInfo(picker.infoType, value);
      if (!(await saveWinnerInfo(db, id, actor.xUserId, info, dependencies.now()))) {
        throw pickerErrors.notAWinner();
      }
      return { info };
    },
  };
}
