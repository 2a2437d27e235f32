// The host moves a picker along once its collection is done: close info collection, finish, or cancel. The
// collection itself starts with the picker (see create.ts) and runs as a job (see pipeline/).
import { pickerTransitions } from "@dropfair/core/picker-rules";
import { type Actor, requireOperator } from "./access.ts";
import { loadPicker, type PickerDependencies } from "./context.ts";
import { pickerErrors } from "./errors.ts";
import { transitionPicker } from "./repository.ts";

export function pickerLifecycle(dependencies: PickerDependencies) {
  const { db } = dependencies;

  async function transition(id: number, actor: Actor | null, move: keyof typeof pickerTransitions) {
    const picker = await loadPicker(db, id);
    await requireOperator(db, picker, actor);
    const { from, to } = pickerTransitions[move];
    if (!(await transitionPicker(db, id, from, to))) throw pickerErrors.wrongState();
  }

  return {
    /** Close info collection: on to paying. */
    completeCollect: (id: number, actor: Actor | null) => transition(id, actor, "completeCollect"),

    /** Finish without an on-chain payment (a text reward, or paid elsewhere without a hash). */
    finish: (id: number, actor: Actor | null) => transition(id, actor, "finish"),

    cancel: (id: number, actor: Actor | null) => transition(id, actor, "cancel"),
  };
}
