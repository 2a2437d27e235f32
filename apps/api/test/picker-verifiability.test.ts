// The picker's promise, attacked from outside: a draw file must prove something about the past (its
// commitment is the one stored when the draw was committed, with the moment of commitment published in the
// history), the target block must not exist when the commitment is written, and what is shown as eligible
// must be exactly what the next draw commits (docs/fairness.md; docs/security.md T20–T22).
import {
  canonicalEntries,
  checkAgainstPublishedDraw,
  checkDrawTiming,
  entryListCommitment,
  parseDrawFile,
  publishedDrawOf,
  verifyDrawFile,
} from "@dropfair/core/fairness";
import { pickerStatus } from "@dropfair/core/picker";
import { eq, pickerDraws, pickerEntries } from "@dropfair/db";
import type { Participant, PickerDetail, PickerDraw } from "@dropfair/schemas/picker";
import { beforeEach, describe, expect, it } from "vitest";
import {
  call,
  chain,
  context,
  createPicker as createEligiblePicker,
  host,
  settleDraw,
  usePickerApi,
} from "./picker-api-helper.ts";

usePickerApi();

async function createPicker(): Promise<PickerDetail> {
  const created = await createEligiblePicker({ winnerCount: 2 });
  const detail = await call<PickerDetail>("GET", `/${created.id}`);
  expect(detail.body.content.status).toBe(pickerStatus.readyToPick);
  return detail.body.content;
}

async function draw(id: number): Promise<PickerDraw> {
  const response = await call<PickerDraw>("POST", `/${id}/draw`, { token: host });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.content;
}

async function participants(id: number, filter: string): Promise<Participant[]> {
  const rows: Participant[] = [];
  for (let page = 1; ; page++) {
    const answer = await call<{ total: number; rows: Participant[] }>(
      "GET",
      `/${id}/participants?filter=${filter}&size=200&page=${page}`,
    );
    expect(answer.status).toBe(200);
    rows.push(...answer.body.content.rows);
    if (rows.length >= answer.body.content.total) return rows;
  }
}

async function detail(id: number): Promise<PickerDetail> {
  return (await call<PickerDetail>("GET", `/${id}`)).body.content;
}

beforeEach(() => {
  chain.onHeadRead = undefined;
});

describe("a seed's draw file proves the past", () => {
  it("carries the commitment stored at commit time, so entries changed later fail verification", async () => {
    const picker = await createPicker();
    const committed = await draw(picker.id);
    expect(committed.committedAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect(committed.headAtCommit).not.toBeNull();
    await settleDraw();

    // The attack: the stored list changes after the commitment (the last substitute silently dropped).
    const ranked = (await participants(picker.id, "all")).filter((row) => row.rank !== null);
    const dropped = ranked.reduce((last, row) => (row.rank! > last.rank! ? row : last));
    await context.database.db
      .update(pickerEntries)
      .set({ rank: null, role: null })
      .where(eq(pickerEntries.xUserId, dropped.xUserId));

    const answer = await call<Record<string, unknown>>("GET", `/${picker.seed}/draw-file`);
    expect(answer.status).toBe(200);
    const file = parseDrawFile(answer.body.content);
    // The file's commitment is the stored one, not one made from the entries it ships.
    expect(file.commitment).toBe(committed.commitment);
    expect(file.entries).not.toContain(dropped.xUserId);
    const verification = verifyDrawFile(file);
    expect(verification.commitmentMatches).toBe(false);
    expect(verification.computedCommitment).not.toBe(committed.commitment);
  });

  it("publishes per draw the commitment, the target block and the moment of commitment, the same in the file", async () => {
    const picker = await createPicker();
    const committed = await draw(picker.id);
    await settleDraw();

    const history = await call<PickerDraw[]>("GET", `/${picker.seed}/history`);
    expect(history.status).toBe(200);
    const byId = await call<PickerDraw[]>("GET", `/${picker.id}/history`);
    expect(byId.body.content).toEqual(history.body.content);
    const [published] = history.body.content;
    expect(published).toMatchObject({
      count: 1,
      commitment: committed.commitment,
      targetBlock: committed.targetBlock,
      committedAt: committed.committedAt,
      headAtCommit: committed.headAtCommit,
    });

    const answer = await call<Record<string, unknown> & { drawCount: number }>(
      "GET",
      `/${picker.seed}/draw-file`,
    );
    expect(answer.body.content).toMatchObject({
      committedAt: committed.committedAt,
      headAtCommit: committed.headAtCommit,
      drawCount: 1,
    });
    const file = parseDrawFile(answer.body.content);
    const verification = verifyDrawFile(file);
    expect(verification.commitmentMatches).toBe(true);
    const record = publishedDrawOf(history.body.content, answer.body.content.drawCount)!;
    expect(checkAgainstPublishedDraw(file, record, verification.ranking.length)).toEqual({
      matches: true,
      mismatches: [],
    });
    expect(checkDrawTiming(file).targetAfterHead).toBe(true);

    // A replacement keeps its draw's commitment and moment in the history.
    const [winner] = await participants(picker.id, "winners");
    const replaced = await call<{ history: PickerDraw }>("POST", `/${picker.id}/replace`, {
      token: host,
      body: { xUserId: winner!.xUserId, reason: "duplicate account" },
    });
    expect(replaced.status).toBe(200);
    expect(replaced.body.content.history).toMatchObject({
      kind: "replace",
      commitment: committed.commitment,
      committedAt: committed.committedAt,
      headAtCommit: committed.headAtCommit,
    });
  });
});

describe("the target block cannot already exist", () => {
  it("reads the head after freezing the list, and takes a margin: a block mined mid-commit stays in the past", async () => {
    const picker = await createPicker();
    const reads: bigint[] = [];
    // A block is mined at the very moment the server reads the head, in the middle of the commit.
    chain.onHeadRead = (head) => {
      reads.push(head);
      chain.onHeadRead = undefined;
      chain.mine(head + 1n);
    };
    const committed = await draw(picker.id);
    expect(reads).toHaveLength(1);
    expect(committed.headAtCommit).toBe(reads[0]!.toString());
    // When the commitment was written, the chain was at head + 1: the target is above it.
    expect(BigInt(committed.targetBlock)).toBeGreaterThan(chain.head);
    expect(BigInt(committed.targetBlock)).toBe(reads[0]! + 2n);
    expect(chain.blocks.has(BigInt(committed.targetBlock))).toBe(false);
    const [row] = await context.database.db
      .select()
      .from(pickerDraws)
      .where(eq(pickerDraws.pickerId, picker.id));
    expect(row).toMatchObject({ headAtCommit: reads[0], targetBlock: reads[0]! + 2n });
    expect(row!.committedAt.getTime()).toBeLessThanOrEqual(Date.now());
    await settleDraw();
  });
});

describe("what is shown as eligible is what is committed", () => {
  it("a ban after 'ready to pick' changes the public counts and lists at once, and the next commitment is the public list's", async () => {
    const picker = await createPicker();
    const before = await detail(picker.id);
    const eligible = await participants(picker.id, "eligible");
    expect(eligible).toHaveLength(before.eligibleCount);
    const target = eligible.find((row) => row.username !== "dropfair_host")!;

    const ban = await call("POST", `/${picker.id}/bans`, {
      token: host,
      body: { username: target.username, reason: "farm account" },
    });
    expect(ban.status).toBe(200);

    const after = await detail(picker.id);
    expect(after.eligibleCount).toBe(before.eligibleCount - 1);
    expect(after.excludedCounts.banned ?? 0).toBe((before.excludedCounts.banned ?? 0) + 1);
    expect(after.entryCount).toBe(before.entryCount);
    const excludedTotal = Object.values(after.excludedCounts).reduce((sum, count) => sum + count, 0);
    expect(after.eligibleCount + excludedTotal).toBe(after.entryCount);
    const eligibleAfter = await participants(picker.id, "eligible");
    expect(eligibleAfter.map((row) => row.xUserId)).not.toContain(target.xUserId);
    expect(eligibleAfter).toHaveLength(after.eligibleCount);
    const excludedAfter = await participants(picker.id, "excluded");
    expect(excludedAfter.find((row) => row.xUserId === target.xUserId)).toMatchObject({
      excludedReason: "banned",
      blackReason: "farm account",
    });

    const committed = await draw(picker.id);
    const publicIds = eligibleAfter.map((row) => row.xUserId);
    expect(committed.entryCount).toBe(after.eligibleCount);
    expect(committed.commitment).toBe(entryListCommitment(canonicalEntries(publicIds)));
    await settleDraw();
  });

  it("an unban puts the entrant back in the public list and counts at once", async () => {
    const picker = await createPicker();
    const before = await detail(picker.id);
    const target = (await participants(picker.id, "eligible")).find(
      (row) => row.username !== "dropfair_host",
    )!;
    await call("POST", `/${picker.id}/bans`, {
      token: host,
      body: { username: target.username, reason: "by mistake" },
    });
    expect((await detail(picker.id)).eligibleCount).toBe(before.eligibleCount - 1);
    const lifted = await call("DELETE", `/${picker.id}/bans/${target.xUserId}`, { token: host });
    expect(lifted.status).toBe(200);
    const after = await detail(picker.id);
    expect(after.eligibleCount).toBe(before.eligibleCount);
    expect(after.excludedCounts).toEqual(before.excludedCounts);
    expect((await participants(picker.id, "eligible")).map((row) => row.xUserId)).toContain(target.xUserId);
  });

  it("a rejected winner leaves the public eligible count and list at once, and the redraw commits that list", async () => {
    const picker = await createPicker();
    await draw(picker.id);
    await settleDraw();
    const before = await detail(picker.id);
    const [winner] = await participants(picker.id, "winners");
    const replaced = await call("POST", `/${picker.id}/replace`, {
      token: host,
      body: { xUserId: winner!.xUserId, reason: "bot" },
    });
    expect(replaced.status).toBe(200);

    const after = await detail(picker.id);
    expect(after.eligibleCount).toBe(before.eligibleCount - 1);
    expect(after.excludedCounts.rejected).toBe(1);
    const eligible = await participants(picker.id, "eligible");
    expect(eligible.map((row) => row.xUserId)).not.toContain(winner!.xUserId);
    expect(eligible).toHaveLength(after.eligibleCount);

    const redraw = await call<PickerDraw>("POST", `/${picker.id}/redraw`, {
      token: host,
      body: { reason: "the winner was a bot" },
    });
    expect(redraw.status, JSON.stringify(redraw.body)).toBe(200);
    expect(redraw.body.content.commitment).toBe(
      entryListCommitment(canonicalEntries(eligible.map((row) => row.xUserId))),
    );
    await settleDraw();
  });
});
