// T15 under concurrency for the picker: creating, drawing, redrawing and replacing a winner, each sent many times
// at once with one Idempotency-Key, has one effect (one picker, one draw row, one queued draw, one rejected
// winner); every answer is the first one's, or 409 while the first is still running; a later retry is replayed.
// Payment and membership have their own tests. On PGlite, and on PostgreSQL with TEST_DATABASE_URL.
import { and, eq, pickerDraws, pickerEntries, pickers } from "@dropfair/db";
import { describe, expect, it } from "vitest";
import { expectOneAnswer, expectReplay, sentAtOnce } from "./idempotency-helper.ts";
import {
  context,
  createPicker,
  giveawayUrl,
  host,
  queuedDraws,
  settleDraw,
  usePickerApi,
  winners,
} from "./picker-api-helper.ts";

usePickerApi();

function post(url: string, key: string, body?: Record<string, unknown>) {
  return () =>
    context.app.inject({
      method: "POST",
      url: `/api/bounty/picker${url}`,
      headers: { authorization: `Bearer ${host}`, "idempotency-key": key },
      ...(body === undefined ? {} : { payload: body }),
    });
}

async function drawsOf(pickerId: number) {
  return context.database.db.select().from(pickerDraws).where(eq(pickerDraws.pickerId, pickerId));
}

describe("concurrent retries of the picker with one Idempotency-Key (T15)", () => {
  it("create one picker", async () => {
    const before = await context.database.db.select().from(pickers);
    const send = post("/", "create-once", { postUrl: giveawayUrl, winnerCount: 2 });
    const first = expectOneAnswer(await sentAtOnce(8, send)) as { content: { id: number } };
    const after = await context.database.db.select().from(pickers);
    expect(after.map((row) => row.id).filter((id) => !before.some((row) => row.id === id))).toEqual([
      first.content.id,
    ]);
    expectReplay(await send(), first);
  });

  it("commit one draw and queue it once", async () => {
    const picker = await createPicker();
    const send = post(`/${picker.id}/draw`, `draw-${picker.id}`);
    const first = expectOneAnswer(await sentAtOnce(12, send)) as { content: { count: number } };
    expect(first.content.count).toBe(1);
    const draws = await drawsOf(picker.id);
    expect(draws.map((row) => [row.count, row.kind])).toEqual([[1, "draw"]]);
    expect(queuedDraws).toEqual([draws[0]!.id]);
    expectReplay(await send(), first);
  });

  it("redraw once", async () => {
    const picker = await createPicker();
    expect((await post(`/${picker.id}/draw`, `first-${picker.id}`)()).statusCode).toBe(200);
    await settleDraw();
    const send = post(`/${picker.id}/redraw`, `redraw-${picker.id}`, { reason: "the host asked" });
    const first = expectOneAnswer(await sentAtOnce(12, send)) as { content: { count: number } };
    expect(first.content.count).toBe(2);
    const draws = await drawsOf(picker.id);
    expect(draws.map((row) => row.kind).sort()).toEqual(["draw", "redraw"]);
    expect(queuedDraws).toEqual([draws.find((row) => row.kind === "redraw")!.id]);
    expectReplay(await send(), first);
  });

  it("reject a winner once: one substitute takes the place", async () => {
    const picker = await createPicker({ winnerCount: 2 });
    expect((await post(`/${picker.id}/draw`, `first-${picker.id}`)()).statusCode).toBe(200);
    await settleDraw();
    const [rejected] = await winners(picker.id, host);
    const send = post(`/${picker.id}/replace`, `replace-${picker.id}`, {
      xUserId: rejected!.xUserId,
      reason: "a bot",
    });
    const first = expectOneAnswer(await sentAtOnce(12, send)) as { content: { replacement: string } };
    const draws = await drawsOf(picker.id);
    expect(draws.map((row) => row.kind).sort()).toEqual(["draw", "replace"]);
    const rejectedRows = await context.database.db
      .select()
      .from(pickerEntries)
      .where(and(eq(pickerEntries.pickerId, picker.id), eq(pickerEntries.rejectReason, "a bot")));
    expect(rejectedRows.map((row) => row.xUserId)).toEqual([rejected!.xUserId]);
    const now = (await winners(picker.id, host)).map((row) => row.xUserId).sort();
    expect(now).toHaveLength(2);
    expect(now).toContain(first.content.replacement);
    expect(now).not.toContain(rejected!.xUserId);
    expectReplay(await send(), first);
  });
});
