import { messageKeys } from "@dropfair/core/messages";

/**
 * At least one winner must be chosen, and no more than the winner count. Returns the message key
 * (validation namespace) and its params, or undefined when the selection can be confirmed.
 */
export function checkConfirmSelection(
  selected: readonly string[],
  winnerLimit: number,
): { key: string; params?: Record<string, unknown> } | undefined {
  if (selected.length === 0) return { key: `validation:${messageKeys.picker.selectAtLeastOne}` };
  if (selected.length > winnerLimit) {
    return { key: `validation:${messageKeys.picker.winnersExceedLimit}`, params: { limit: winnerLimit } };
  }
  return undefined;
}
