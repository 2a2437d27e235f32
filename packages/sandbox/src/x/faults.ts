// Fault injection: make chosen requests fail the ways X fails, for a bounded number of times.

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

export type FaultSpec = {
  /** Matched against the request path (without the query); a string matches as a substring. */
  path: RegExp | string;
  kind: FaultKind;
  /** How many times it fires (default 1; Infinity for always). */
  times?: number;
  /** Let this many applicable requests through first (default 0). */
  skip?: number;
  /** For "5xx". */
  status?: number;
  /** For "429": seconds until x-rate-limit-reset (default 60). */
  resetAfterSeconds?: number;
  /** For "429": the v2 problem body (default) or the v1 `{errors:[{code:88}]}` body. */
  body?: "problem" | "v1";
  /** For "delete-accounts" (default 3). */
  count?: number;
};

export type Fault = {
  readonly id: number;
  readonly spec: Readonly<FaultSpec>;
  /** Times it may still fire. */
  remaining: number;
  /** Times it fired. */
  fired: number;
  skip: number;
};

export type FaultEvent = { faultId: number; kind: FaultKind; path: string; at: number };

export class FaultController {
  private readonly faults: Fault[] = [];
  private nextId = 1;
  /** Every fault that fired, in order. */
  readonly log: FaultEvent[] = [];

  constructor(private readonly clock: () => number) {}

  inject(spec: FaultSpec): Fault {
    // A global or sticky RegExp keeps state between test() calls; matching must not.
    const path =
      spec.path instanceof RegExp
        ? new RegExp(spec.path.source, spec.path.flags.replace(/[gy]/g, ""))
        : spec.path;
    const fault: Fault = {
      id: this.nextId++,
      spec: { ...spec, path },
      remaining: spec.times ?? 1,
      fired: 0,
      skip: spec.skip ?? 0,
    };
    this.faults.push(fault);
    return fault;
  }

  cancel(fault: Fault | number): void {
    const id = typeof fault === "number" ? fault : fault.id;
    const at = this.faults.findIndex((item) => item.id === id);
    if (at >= 0) this.faults.splice(at, 1);
  }

  clear(): void {
    this.faults.length = 0;
  }

  /** Faults that can still fire. */
  active(): Fault[] {
    return this.faults.filter((fault) => fault.remaining > 0);
  }

  /**
   * The first armed fault of one of `kinds` matching `path`, consumed, or undefined. Call it only where
   * the fault is applicable (a cursor fault on a page that has a next page, for instance): `skip` counts
   * applicable occasions.
   */
  take(path: string, kinds: readonly FaultKind[]): Fault | undefined {
    for (const fault of this.faults) {
      if (fault.remaining <= 0 || !kinds.includes(fault.spec.kind)) continue;
      const matches =
        typeof fault.spec.path === "string" ? path.includes(fault.spec.path) : fault.spec.path.test(path);
      if (!matches) continue;
      if (fault.skip > 0) {
        fault.skip--;
        continue;
      }
      fault.remaining--;
      fault.fired++;
      this.log.push({ faultId: fault.id, kind: fault.spec.kind, path, at: this.clock() });
      return fault;
    }
    return undefined;
  }
}
