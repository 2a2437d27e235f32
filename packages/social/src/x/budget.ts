import { XSpendingCapError } from "./errors.ts";

/** X bills per resource read; a job caps what it may spend. Leave a field out for no cap on it. */
export type SpendingCap = { maxRequests?: number; maxItems?: number };
export type SpendingUsage = { requests: number; items: number };

/**
 * What one job has spent. Every HTTP attempt counts as a request (retries too: they are load), and every
 * returned user or post as an item. The cap is checked before each request, so a job overshoots
 * `maxItems` by at most one page. Store `usage` with the job's cursor and pass it back on resume.
 */
export class SpendingBudget {
  private readonly used: SpendingUsage;

  constructor(
    readonly cap: SpendingCap = {},
    usage: SpendingUsage = { requests: 0, items: 0 },
  ) {
    this.used = { ...usage };
  }

  get usage(): SpendingUsage {
    return { ...this.used };
  }

  /** Throws XSpendingCapError when another request would go over the cap. */
  beforeRequest(): void {
    const { maxRequests, maxItems } = this.cap;
    if (maxRequests !== undefined && this.used.requests >= maxRequests) {
      throw new XSpendingCapError("requests", maxRequests, this.used.requests);
    }
    if (maxItems !== undefined && this.used.items >= maxItems) {
      throw new XSpendingCapError("items", maxItems, this.used.items);
    }
  }

  countRequest(): void {
    this.used.requests++;
  }

  countItems(count: number): void {
    this.used.items += count;
  }
}

/** A request's items held against a shared budget until its answer says how many it really read. */
export type SpendingReservation = {
  /** The request is over: it read `items` (0 when it failed), the rest of the reservation goes back. */
  settle(items: number): Promise<void>;
};

/**
 * A budget shared by every client that spends from it (every process, when it is kept in a database), checked
 * before each request: the largest answer the request can bring is reserved first, atomically, so the cap
 * holds however many requests run at once; the answer's real count settles the reservation.
 */
export interface SpendingLedger {
  /** Reserves `items` (the most the request can return), or throws XSpendingCapError when they do not fit. */
  reserve(items: number): Promise<SpendingReservation>;
}
