// Small pieces every HTTP client of this package needs.

/** The body as JSON, the raw text when it is not JSON, or undefined when empty. */
export async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** Aborts after `timeoutMs`, or earlier with the caller's `signal`. */
export function requestSignal(timeoutMs: number, signal: AbortSignal | undefined): AbortSignal {
  const timeout = AbortSignal.timeout(timeoutMs);
  return signal ? AbortSignal.any([signal, timeout]) : timeout;
}

/** Whether a fetch failure is our own timeout (not the caller's abort, not a network error). */
export function isTimeout(error: unknown): boolean {
  return error instanceof DOMException && error.name === "TimeoutError";
}

/** Exponential backoff: base, 2×base, 4×base … capped at `max` (ms). */
export function backoffMs(attempt: number, base: number, max: number): number {
  return Math.min(max, base * 2 ** (attempt - 1));
}
