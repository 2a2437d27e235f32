import { acceptParentCode } from "@dropfair/core/referral";
import { localStore } from "../../../shared/lib/storage";

const storageKey = "dropfair.parent-code";

/**
 * Keeps a referral parent code from an achievement or partner URL if packages/core accepts it (not empty, not
 * a reserved route name); ignored codes change nothing.
 */
export function rememberParentCode(code: string | undefined) {
  const accepted = code === undefined ? undefined : acceptParentCode(code);
  if (accepted) localStore.set(storageKey, accepted);
  return accepted;
}

export function readParentCode(): string | undefined {
  return localStore.get(storageKey) || undefined;
}
