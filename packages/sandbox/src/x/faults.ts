// Fault injection: make chosen requests fail the ways X fails, for a bounded number of times.
import { type ArmedFault, FaultList, type FaultSpecBase, type FiredFault } from "../shared/faults.ts";

export type FaultKind =
  /** 429 with x-rate-limit-remaining 0 and a reset `resetAfterSeconds` ahead. */
  | "429"
  /** 429 usage-capped (the monthly cap): waiting does not help. */
  | "usage-cap"
  /** A 5xx problem (`status`, default 503). */
  | "5xx"
  /** A page whose next_token is the very token the request carried (needs a pagination_token). */
  | "repeat-cursor"
  /** A page whose next_token points back at an earlier page (needs the third page or later). */
  | "loop-cursor"
  /** Deletes `count` still-unserved accounts of the list being paged, before serving the page. */
  | "delete-accounts";

export type FaultSpec = FaultSpecBase<FaultKind> & {
  /** For "5xx". */
  status?: number;
  /** For "429": seconds until x-rate-limit-reset (default 60). */
  resetAfterSeconds?: number;
  /** For "429": the v2 problem body (default) or the v1 `{errors:[{code:88}]}` body. */
  body?: "problem" | "v1";
  /** For "delete-accounts" (default 3). */
  count?: number;
};

export type Fault = ArmedFault<FaultSpec>;

export type FaultEvent = FiredFault<FaultKind>;

/** X's faults; `take` is always given the kinds that apply where it is called. */
export class FaultController extends FaultList<FaultKind, FaultSpec> {}
