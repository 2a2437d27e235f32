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
