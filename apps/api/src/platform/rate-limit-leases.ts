// Leases on the shared request counts (T11 and T28 in docs/security.md). Counting every request in PostgreSQL's
// table costs each request a part of an upsert; instead, a process reserves a few hits of a key's window at once
// (they are counted in the table when reserved) and answers the next requests of that key from the reservation,
// without a round trip. Every answered request is counted before it is answered, so no replica ever lets more
// than the limit through; what a process reserved and did not use counts against the key until its window ends,
// which can refuse a client a little early. A reservation takes at most a tenth of what is left of the limit
// (at most 50 hits), and limits under 100 a window reserve nothing: near the limit, and for the small limits
// (sign-in, searches, mission checks), each request is counted alone, exactly as without leases.

/** A key's hits in its live window, and the milliseconds until that window ends. */
export type LeaseCount = { count: number; ttlMs: number };

/** Counts `amount` hits on `key` in the shared store: the count its last hit reached, and its window's time left. */
export type CountHits = (key: string, windowMs: number, amount: number) => Promise<LeaseCount>;

/** The most hits a reservation may hold beyond the requests waiting for it. */
export const leaseMaxHits = 50;
/** A reservation holds at most this share (1/n) of what is left of the limit. */
export const leaseHeadroomShare = 10;
/** Limits under this many hits a window reserve nothing: every request is counted alone. */
export const leaseMinLimit = 100;
/** Past this many keys, the ones whose window ended are forgotten. */
const leaseMaxKeys = 10_000;

type Waiter = { windowMs: number; max: number; answer: (error: Error | null, count?: LeaseCount) => void };

type KeyState = {
  /** The count of the last hit answered (the reservation's unused hits not included). */
  counted: number;
  /** Reserved hits not yet used. */
  left: number;
  /** When the window ends, on this process's clock. */
  endsAt: number;
  waiting: Waiter[];
  reserving: boolean;
};

/** The reserved hits beyond the waiting requests: a tenth of what the limit leaves after them, at most 50. */
export function leaseExtra(max: number, counted: number, waiting: number): number {
  if (max < leaseMinLimit) return 0;
  return Math.max(0, Math.min(leaseMaxHits, Math.floor((max - counted - waiting) / leaseHeadroomShare)));
}

/**
 * Hits counted through reservations of `countHits`. `hit` answers through its callback: at once from a live
 * reservation, else once the store has counted the waiting requests (one reservation per key at a time; requests
 * that come while it is on its way wait for it and take its hits, or the next one's).
 */
export function leasedCounter(countHits: CountHits, now: () => number = Date.now) {
  const keys = new Map<string, KeyState>();

  function forgetEnded(at: number) {
    for (const [key, state] of keys)
      if (state.endsAt <= at && !state.reserving && state.waiting.length === 0) keys.delete(key);
  }

  /** Answers waiting requests from the live reservation, in order, while it lasts. */
  function serveWaiting(state: KeyState) {
    const at = now();
    if (state.endsAt <= at) state.left = 0;
    while (state.left > 0 && state.waiting.length > 0) {
      const waiter = state.waiting.shift()!;
      state.left -= 1;
      state.counted += 1;
      waiter.answer(null, { count: state.counted, ttlMs: state.endsAt - at });
    }
  }

  function reserve(key: string, state: KeyState) {
    const batch = state.waiting;
    state.waiting = [];
    state.reserving = true;
    const { windowMs, max } = batch[0]!;
    const counted = state.endsAt > now() ? state.counted : 0;
    const extra = leaseExtra(max, counted, batch.length);
    countHits(key, windowMs, batch.length + extra).then(
      (window) => {
        const first = window.count - extra - batch.length + 1;
        state.counted = window.count - extra;
        state.left = extra;
        state.endsAt = now() + window.ttlMs;
        state.reserving = false;
        batch.forEach((waiter, index) => {
          waiter.answer(null, { count: first + index, ttlMs: window.ttlMs });
        });
        next(key, state);
      },
      (error: Error) => {
        state.reserving = false;
        for (const waiter of batch) waiter.answer(error);
        next(key, state);
      },
    );
  }

  function next(key: string, state: KeyState) {
    serveWaiting(state);
    if (state.waiting.length > 0) reserve(key, state);
  }

  return {
    hit(key: string, windowMs: number, max: number, answer: Waiter["answer"]): void {
      const at = now();
      let state = keys.get(key);
      if (!state) {
        if (keys.size >= leaseMaxKeys) forgetEnded(at);
        state = { counted: 0, left: 0, endsAt: 0, waiting: [], reserving: false };
        keys.set(key, state);
      }
      if (state.left > 0 && state.endsAt > at && state.waiting.length === 0) {
        state.left -= 1;
        state.counted += 1;
        answer(null, { count: state.counted, ttlMs: state.endsAt - at });
        return;
      }
      state.waiting.push({ windowMs, max, answer });
      if (!state.reserving) next(key, state);
    },
  };
}
