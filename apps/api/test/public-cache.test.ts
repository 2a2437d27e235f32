// The micro-cache of anonymous public answers (platform/public-cache.ts, docs/architecture.md): an anonymous
// picker detail is served from memory for its lifetime (here a minute, so the test does not race the clock);
// a signed-in caller never gets a cached answer and never fills the cache; a write through this process is
// visible at once, to the writer and to everyone. Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL.
import { eq, pickers } from "@dropfair/db";
import type { PickerDetail } from "@dropfair/schemas/picker";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runPickerPipeline } from "../src/modules/picker/index.ts";
import { buildTestAppWithX, signInWithX, type XTestContext, xHeaders } from "./x-helper.ts";

const giveawayUrl = "https://x.com/dropfair_host/status/2002842258109890560";

let context: XTestContext;
let host: string;

beforeAll(async () => {
  context = await buildTestAppWithX({
    environment: { PUBLIC_CACHE_MS: "60000" },
    pickerJobs: {
      pipeline: async (pickerId) => {
        await runPickerPipeline({ db: context.database.db, x: context.app.x, pickerId });
      },
      draw: async () => {},
    },
  });
  host = await signInWithX(context, "dropfair_host");
});
afterAll(async () => {
  await context?.close();
});

async function detail(id: number, token?: string) {
  const response = await context.app.inject({
    method: "GET",
    url: `/api/bounty/picker/${id}`,
    headers: token ? xHeaders(token) : {},
  });
  expect(response.statusCode).toBe(200);
  return { raw: response.body, content: (response.json() as { content: PickerDetail }).content };
}

/** Changes the picker behind the app's back, as another replica or a job would. */
async function setWinnerCountInDatabase(id: number, winnerCount: number) {
  const changed = await context.database.db
    .update(pickers)
    .set({ winnerCount })
    .where(eq(pickers.id, id))
    .returning({ id: pickers.id });
  expect(changed).toHaveLength(1);
}

describe("the micro-cache of anonymous public answers", () => {
  let id: number;
  beforeAll(async () => {
    const created = await context.app.inject({
      method: "POST",
      url: "/api/bounty/picker",
      headers: xHeaders(host),
      payload: { postUrl: giveawayUrl, winnerCount: 3 },
    });
    expect(created.statusCode, created.body).toBe(200);
    id = (created.json() as { content: PickerDetail }).content.id;
  });

  it("answers an anonymous caller the same bytes for its lifetime, a signed-in one afresh", async () => {
    const first = await detail(id);
    expect(first.content.winnerCount).toBe(3);
    await setWinnerCountInDatabase(id, 4);
    const again = await detail(id);
    expect(again.raw).toBe(first.raw);
    const owner = await detail(id, host);
    expect(owner.content.winnerCount).toBe(4);
    expect(owner.content.viewer.role).toBe("owner");
  });

  it("never keeps a signed-in caller's answer", async () => {
    // A write through the app empties the cache; then only the owner reads before the database changes.
    const edit = await context.app.inject({
      method: "PATCH",
      url: `/api/bounty/picker/${id}`,
      headers: xHeaders(host),
      payload: { winnerCount: 5 },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect((await detail(id, host)).content.winnerCount).toBe(5);
    await setWinnerCountInDatabase(id, 6);
    const anonymous = await detail(id);
    expect(anonymous.content.winnerCount).toBe(6);
    expect(anonymous.content.viewer).toEqual({ role: "visitor", xUserId: null, entry: null });
  });

  it("shows a write through this process at once, to the writer and to anonymous callers", async () => {
    expect((await detail(id)).content.winnerCount).toBe(6);
    const edit = await context.app.inject({
      method: "PATCH",
      url: `/api/bounty/picker/${id}`,
      headers: xHeaders(host),
      payload: { winnerCount: 7 },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect((await detail(id, host)).content.winnerCount).toBe(7);
    expect((await detail(id)).content.winnerCount).toBe(7);
  });
});
