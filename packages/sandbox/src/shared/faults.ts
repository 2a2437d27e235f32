// Fault injection shared by the X, Discord and Telegram sandboxes: make chosen requests fail, a bounded number
// of times. Each sandbox names its own kinds and extra fields.
import type { FastifyInstance } from "fastify";

export type FaultSpecBase<Kind extends string> = {
  /** Matched against the request path below the mount prefix (no query); a string matches as a substring. */
  path: RegExp | string;
  kind: Kind;
  /** How many times it fires (default 1; Infinity for always). */
  times?: number;
  /** Let this many matching requests through first (default 0). */
  skip?: number;
};

export type ArmedFault<Spec> = {
  readonly id: number;
  readonly spec: Readonly<Spec>;
  /** Times it may still fire. */
  remaining: number;
  /** Times it fired. */
  fired: number;
  skip: number;
};

export type FiredFault<Kind extends string> = { faultId: number; kind: Kind; path: string; at: number };

export class FaultList<Kind extends string, Spec extends FaultSpecBase<Kind>> {
  private readonly faults: ArmedFault<Spec>[] = [];
  private nextId = 1;
  /** Every fault that fired, in order. */
  readonly log: FiredFault<Kind>[] = [];

  constructor(private readonly clock: () => number) {}

  inject(spec: Spec): ArmedFault<Spec> {
    // A global or sticky RegExp keeps state between test() calls; matching must not.
    const path =
      spec.path instanceof RegExp
        ? new RegExp(spec.path.source, spec.path.flags.replace(/[gy]/g, ""))
        : spec.path;
    const fault: ArmedFault<Spec> = {
      id: this.nextId++,
      spec: { ...spec, path },
      remaining: spec.times ?? 1,
      fired: 0,
      skip: spec.skip ?? 0,
    };
    this.faults.push(fault);
    return fault;
  }

  cancel(fault: ArmedFault<Spec> | number): void {
    const id = typeof fault === "number" ? fault : fault.id;
    const at = this.faults.findIndex((item) => item.id === id);
    if (at >= 0) this.faults.splice(at, 1);
  }

  clear(): void {
    this.faults.length = 0;
  }

  /** Faults that can still fire. */
  active(): ArmedFault<Spec>[] {
    return this.faults.filter((fault) => fault.remaining > 0);
  }

  /**
   * The first armed fault matching `path` (and of one of `kinds`, when given), consumed, or undefined. With
   * `kinds`, call it only where such a fault applies (a cursor fault on a page that has a next page, for
   * instance): `skip` counts those occasions.
   */
  take(path: string, kinds?: readonly Kind[]): ArmedFault<Spec> | undefined {
    for (const fault of this.faults) {
      if (fault.remaining <= 0 || (kinds && !kinds.includes(fault.spec.kind))) continue;
      const pattern = fault.spec.path;
      const matches = typeof pattern === "string" ? path.includes(pattern) : pattern.test(path);
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

/**
 * Reads the common fields of a fault posted to a control API; undefined when `path` (a regular expression of
 * at most 500 characters) or `kind` is wrong.
 */
export function faultSpecFromJson<Kind extends string>(
  input: Record<string, unknown>,
  kinds: readonly Kind[],
): FaultSpecBase<Kind> | undefined {
  const kind = input.kind as Kind;
  if (typeof input.path !== "string" || input.path.length > 500 || !kinds.includes(kind)) return undefined;
  let path: RegExp;
  try {
    path = new RegExp(input.path);
  } catch {
    // Not a regular expression: refused like any other malformed fault.
    return undefined;
  }
  const spec: FaultSpecBase<Kind> = { path, kind };
  if (typeof input.times === "number") spec.times = input.times;
  if (input.times === "Infinity") spec.times = Number.POSITIVE_INFINITY;
  if (typeof input.skip === "number") spec.skip = input.skip;
  return spec;
}

/**
 * The control API's fault routes, alike in every sandbox: `POST /_sandbox/faults` arms a fault (its common fields
 * read by {@link faultSpecFromJson}, the sandbox's own fields by `extend`), `DELETE /_sandbox/faults` clears them.
 */
export function registerFaultRoutes<Kind extends string, Spec extends FaultSpecBase<Kind>>(
  app: FastifyInstance,
  faults: { inject(spec: Spec): { id: number }; clear(): void },
  options: {
    kinds: readonly Kind[];
    /** What `path` is matched against, for the error text. */
    pathHint?: string;
    extend: (base: FaultSpecBase<Kind>, input: Record<string, unknown>) => Spec;
  },
): void {
  app.post("/_sandbox/faults", async (request, reply) => {
    const input = (request.body ?? {}) as Record<string, unknown>;
    const base = faultSpecFromJson(input, options.kinds);
    if (!base) {
      const path = options.pathHint
        ? `a regular expression over ${options.pathHint}`
        : "a regular expression";
      return reply.status(400).send({
        error: `path (string, ${path}) and kind (${options.kinds.join(", ")}) are required`,
      });
    }
    return reply.status(201).send({ id: faults.inject(options.extend(base, input)).id });
  });

  app.delete("/_sandbox/faults", async (_request, reply) => {
    faults.clear();
    return reply.status(204).send();
  });
}
