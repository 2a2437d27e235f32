// What the Sign in with X test files share: the real app with the in-process X sandbox mounted, answering two
// app origins, on a clock a test can move forward for a moment.
import { afterAll, beforeAll } from "vitest";
import { appOrigin } from "./helper.ts";
import { buildTestAppWithX, type XTestContext } from "./x-helper.ts";

/** The app's second origin, besides helper.ts's appOrigin. */
export const secondOrigin = "http://127.0.0.1:3000";

// A live binding, set by useXAuthApp's beforeAll: each test file that calls it gets its own app.
export let context: XTestContext;
let clockOffsetMs = 0;

/** Builds this file's app (X sandbox mounted, both origins, the movable clock) and closes it after. */
export function useXAuthApp(): void {
  beforeAll(async () => {
    context = await buildTestAppWithX({
      now: () => new Date(Date.now() + clockOffsetMs),
      environment: { APP_ORIGINS: `${appOrigin},${secondOrigin}` },
    });
  });
  afterAll(async () => {
    await context.close();
  });
}

/** Runs `run` with the app's clock `offsetMs` ahead, then puts the clock back. */
export async function withClockOffset<T>(offsetMs: number, run: () => Promise<T>): Promise<T> {
  clockOffsetMs = offsetMs;
  try {
    return await run();
  } finally {
    clockOffsetMs = 0;
  }
}
