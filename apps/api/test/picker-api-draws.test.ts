// The picker's draw through HTTP (T15, T20, T22): committed on a future block, a winner replaced with a reason,
// confirmed, the win form, paid; a redraw on a new commitment; a retried draw with the same Idempotency-Key.
// Against the X sandbox and a block source the test steers (the shared setup is in picker-api-helper.ts).
import { checkPublishedWinners, verifyDrawFile } from "@dropfair/core/fairness";
import { pickerStatus } from "@dropfair/core/picker";
import { eq, pickerDraws, pickerEntries } from "@dropfair/db";
import type { PickerDetail } from "@dropfair/schemas/picker";
import { describe, expect, it } from "vitest";
import { runDrawStep } from "../src/modules/picker/index.ts";
import {
  call,
  carol,
  chain,
  context,
  createPicker,
  goodTransactions,
  host,
  queuedDraws,
  settleDraw,
  tx,
  usePickerApi,
  winners,
} from "./picker-api-helper.ts";
import { signInWithX } from "./x-helper.ts";

usePickerApi();

describe("the draw, from commitment to payment", () => {
  it("draws on a future block, replaces a winner with a reason, confirms, collects and pays", async () => {
    const picker = await createPicker({ infoType: "evm" });

    const draw = await call<{ status: string; targetBlock: string; commitment: string }>(
      "POST",
      `/${picker.id}/draw`,
      { token: host },
    );
    expect(draw.status).toBe(200);
    expect(draw.body.content.status).toBe("waiting");
    expect(BigInt(draw.body.content.targetBlock)).toBe(chain.head + 2n); // the head at commit plus the default margin of two blocks

    // T20: nothing about the entries or rules changes once committed.
    const edit = await call("PATCH", `/${picker.id}`, { token: host, body: { winnerCount: 5 } });
    expect(edit.status).toBe(409);
    const ban = await call("POST", `/${picker.id}/bans`, {
      token: host,
      body: { username: "sandbox_alice", reason: "bot" },
    });
    expect(ban.status).toBe(409);
    // T22: no early draw: the block does not exist yet.
    const early = await runDrawStep(
      {
        db: context.database.db,
        chainClient: () => chain.client(),
        confirmations: 2,
        timeoutMs: 60_000,
        now: () => new Date(),
      },
      queuedDraws[0]!,
    );
    expect(early.state).toBe("waiting");
    await settleDraw();

    const drawn = await winners(picker.id);
    expect(drawn.map((winner) => winner.rank)).toEqual([1, 2, 3]);

    // Anyone can verify: the draw file recomputes to the published winners.
    const file = await call<Record<string, unknown> & { publishedWinners: string[] }>(
      "GET",
      `/${picker.seed}/draw-file`,
    );
    const verification = verifyDrawFile(file.body.content);
    expect(verification.commitmentMatches).toBe(true);
    expect(file.body.content.commitment).toBe(draw.body.content.commitment);
    expect(checkPublishedWinners(verification, file.body.content.publishedWinners).matches).toBe(true);

    // Replace the first winner: the best substitute (rank 4) takes the place, publicly logged.
    const replaced = await call<{ replacement: string }>("POST", `/${picker.id}/replace`, {
      token: host,
      body: { xUserId: drawn[0]!.xUserId, reason: "duplicate account" },
    });
    expect(replaced.status).toBe(200);
    const [rankFour] = await context.database.db
      .select()
      .from(pickerEntries)
      .where(eq(pickerEntries.rank, 4));
    expect(replaced.body.content.replacement).toBe(rankFour!.xUserId);
    const history = await call<{ kind: string; reason: string | null }[]>("GET", `/${picker.id}/history`);
    expect(history.body.content.map((row) => [row.kind, row.reason])).toEqual([
      ["draw", null],
      ["replace", "duplicate account"],
    ]);

    const none = await call("POST", `/${picker.id}/confirm`, { token: host, body: { xUserIds: [] } });
    expect(none.body.message).toBe("Please select at least one winner.");
    const current = await winners(picker.id);
    const tooMany = await call("POST", `/${picker.id}/confirm`, {
      token: host,
      body: { xUserIds: [...current.map((winner) => winner.xUserId), drawn[0]!.xUserId] },
    });
    expect(tooMany.body.message).toBe("Winners cannot exceed 3.");
    const confirmed = await call("POST", `/${picker.id}/confirm`, {
      token: host,
      body: { xUserIds: current.map((winner) => winner.xUserId) },
    });
    expect(confirmed.status).toBe(200);

    // The win form: a winner signed in with X submits a checksummed EVM address.
    const winnerToken = await signInWithX(context, current[0]!.username);
    const bad = await call("PUT", `/${picker.id}/info`, { token: winnerToken, body: { info: "0x1234" } });
    expect(bad.body.message).toBe("Please enter the correct address format.");
    const badCn = await call("PUT", `/${picker.id}/info`, {
      token: winnerToken,
      body: { info: "0x1234" },
      language: "zh-cn",
    });
    expect(badCn.body.message).toBe("请输入正确的地址格式。");
    const good = await call<{ info: string }>("PUT", `/${picker.id}/info`, {
      token: winnerToken,
      body: { info: "0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266" },
    });
    expect(good.body.content.info).toBe("0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266");
    const stranger = await call("PUT", `/${picker.id}/info`, {
      token: carol,
      body: { info: "0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266" },
    });
    expect(stranger.status).toBe(403);
    // EVM info is public.
    expect((await winners(picker.id)).find((row) => row.username === current[0]!.username)?.info).toBe(
      "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266",
    );

    expect((await call("POST", `/${picker.id}/complete-collect`, { token: host })).status).toBe(200);
    const unknownTx = await call("POST", `/${picker.id}/pay`, {
      token: host,
      body: { mode: "external", chainId: 1, txHash: tx(1) },
    });
    expect(unknownTx.status).toBe(422);
    goodTransactions.add(tx(2));
    const payment = {
      token: host,
      body: { mode: "external", chainId: 1, txHash: tx(2) },
      headers: { "idempotency-key": `pay-${picker.id}` },
    };
    const paid = await call("POST", `/${picker.id}/pay`, payment);
    expect(paid.status).toBe(200);
    // T15: the retried payment gets the same answer, not "wrong state" or "already used".
    expect(await call("POST", `/${picker.id}/pay`, payment)).toEqual(paid);
    const done = await call<PickerDetail>("GET", `/${picker.id}`);
    expect(done.body.content.status).toBe(pickerStatus.completed);
    expect(done.body.content.payment?.txHash).toBe(tx(2));
  });
});

describe("redraws and retried draws", () => {
  it("redraws only with a reason, on a new commitment and a later block", async () => {
    const picker = await createPicker();
    await call("POST", `/${picker.id}/draw`, { token: host });
    await settleDraw();
    const first = await winners(picker.id);
    const missing = await call("POST", `/${picker.id}/redraw`, { token: host, body: { reason: " " } });
    expect(missing.body.message).toBe("Please input the reason for the redraw.");
    const redraw = await call<{ count: number; targetBlock: string; status: string }>(
      "POST",
      `/${picker.id}/redraw`,
      { token: host, body: { reason: "host asked for a fresh draw" } },
    );
    expect(redraw.body.content).toMatchObject({ count: 2, status: "waiting" });
    expect(BigInt(redraw.body.content.targetBlock)).toBe(chain.head + 2n);
    await settleDraw();
    const second = await winners(picker.id);
    expect(second).toHaveLength(3);
    expect(second.map((row) => row.xUserId)).not.toEqual(first.map((row) => row.xUserId));
    const history = await call<{ count: number; kind: string; blockHash: string }[]>(
      "GET",
      `/${picker.id}/history`,
    );
    expect(history.body.content.map((row) => row.kind)).toEqual(["draw", "redraw"]);
    expect(history.body.content[0]!.blockHash).not.toBe(history.body.content[1]!.blockHash);
  });

  it("gives one effect and the same answer for a retried draw with the same Idempotency-Key (T15)", async () => {
    const picker = await createPicker();
    const headers = { "idempotency-key": `draw-${picker.id}` };
    const [first, second] = [
      await call("POST", `/${picker.id}/draw`, { token: host, headers }),
      await call("POST", `/${picker.id}/draw`, { token: host, headers }),
    ];
    expect(second).toEqual(first);
    const draws = await context.database.db
      .select()
      .from(pickerDraws)
      .where(eq(pickerDraws.pickerId, picker.id));
    expect(draws).toHaveLength(1);
    const otherBody = await call("POST", `/${picker.id}/redraw`, {
      token: host,
      headers,
      body: { reason: "x" },
    });
    expect(otherBody.status).toBe(409);
  });
});
