// Long participant lists imported in the background: the upload stages the text and answers 202, the job (the
// handler the worker runs) checks it with progress and stores it in one transaction, exactly as a short list is
// stored within the upload; creator-only access, upstream failures, newer uploads and re-runs after a crash.
import { airdropParticipantImports, airdropParticipants, eq } from "@dropfair/db";
import type { AirdropDetail, ParticipantImport, ParticipantReport } from "@dropfair/schemas/airdrop";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { handleParticipantImportJob, inlineListMaxLines } from "../src/modules/airdrop/index.ts";
import { airdropDraftBody } from "./builders.ts";
import { signIn } from "./helper.ts";
import { discordFixtures } from "./social-helper.ts";
import { buildTestAppWithX, type XTestContext } from "./x-helper.ts";

type Envelope<T> = { content: T; typeCode: number; message: string };

/**
 * An app with the product's line threshold (its checks all made within the upload, whatever requests they take:
 * the inline reference; the request threshold is tested in airdrop-import-requests.test.ts), and one that imports
 * anything over 100 lines in the background.
 */
type Harness = {
  context: XTestContext;
  creatorToken: string;
  strangerToken: string;
  queued: number[];
  /** Set to make the job queue refuse the next jobs. */
  queue: { down: boolean };
};
let standard: Harness;
let small: Harness;

async function harness(inlineMax?: number): Promise<Harness> {
  const queued: number[] = [];
  const queue = { down: false };
  const context = await buildTestAppWithX({
    airdropImports: {
      enqueue: async (importId) => {
        if (queue.down) throw new Error("the job queue is down");
        queued.push(importId);
      },
    },
    ...(inlineMax === undefined
      ? { airdropInlineRequestMax: Number.MAX_SAFE_INTEGER }
      : { airdropInlineListMaxLines: inlineMax }),
  });
  const creatorToken = (await signIn(context.app)).token;
  const strangerToken = (await signIn(context.app)).token;
  return { context, creatorToken, strangerToken, queued, queue };
}

beforeAll(async () => {
  standard = await harness();
  small = await harness(100);
}, 60_000);

afterAll(async () => {
  await standard?.context.close();
  await small?.context.close();
});

async function call<T>(
  h: Harness,
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE",
  url: string,
  options: { token?: string | null; body?: Record<string, unknown>; text?: string; language?: string } = {},
) {
  const token = options.token === undefined ? h.creatorToken : options.token;
  const response = await h.context.app.inject({
    method,
    url: `/api/bounty/airdrop${url}`,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(options.text !== undefined ? { "content-type": "text/plain" } : {}),
      ...(options.language ? { "accept-language": options.language } : {}),
    },
    ...(options.text !== undefined ? { payload: options.text } : {}),
    ...(options.body !== undefined ? { payload: options.body } : {}),
  });
  return { status: response.statusCode, body: response.json() as Envelope<T> };
}

async function createDraft(h: Harness, overrides: Record<string, unknown> = {}): Promise<AirdropDetail> {
  const response = await call<AirdropDetail>(h, "POST", "/", {
    body: airdropDraftBody({ title: "Big drop", idType: "wallet", ...overrides }),
  });
  expect(response.body.message).toBe("success");
  return response.body.content;
}

const upload = (h: Harness, id: number, text: string, token?: string | null) =>
  call<ParticipantReport | ParticipantImport>(h, "PUT", `/${id}/participants`, { text, token });
const importOf = (h: Harness, id: number, options: { token?: string | null; language?: string } = {}) =>
  call<ParticipantImport | null>(h, "GET", `/${id}/participants/import`, options);

/** Runs the import job through the worker's handler. */
function runJob(h: Harness, importId: number, options: { signal?: AbortSignal; retryCount?: number } = {}) {
  return handleParticipantImportJob(
    h.context.app.airdrop,
    { data: { importId }, retryCount: options.retryCount ?? 0, retryLimit: 3, signal: options.signal },
    h.context.app.log,
  );
}

async function stored(h: Harness, id: number) {
  return (
    await h.context.database.db
      .select()
      .from(airdropParticipants)
      .where(eq(airdropParticipants.airdropId, id))
      .orderBy(airdropParticipants.position)
  ).map((row) => [row.position, row.account, row.label, row.weight]);
}

/** `count` distinct lower-case wallet addresses, deterministic. */
function wallets(count: number, salt = 0): string[] {
  return Array.from(
    { length: count },
    (_, index) => `0x${(salt * 1_000_003 + index + 1).toString(16).padStart(40, "0")}`,
  );
}

/** A wallet list with weights, a checksummed line, wrong lines, duplicates and blank lines. */
function mixedWalletList(count: number): string {
  const lines = wallets(count).map((address, index) =>
    index % 7 === 0 ? `${address},${(index % 5) + 1}` : address,
  );
  lines[3] = "0x52908400098527886E0F7030069857D2E4169EE7";
  lines[10] = "not-an-address";
  lines[11] = `${lines[2]}`;
  lines[20] = "0x52908400098527886e0f7030069857d2e4169ee7,2";
  lines[30] = "";
  lines[40] = `${wallets(1)[0]},0`;
  return `\uFEFF${lines.join("\r\n")}\n`;
}

describe("upload of a long list", () => {
  it(`answers 202 above ${inlineListMaxLines} lines and the job stores it; short lists still answer 200`, async () => {
    const draft = await createDraft(standard);
    const short = await upload(standard, draft.id, wallets(inlineListMaxLines).join("\n"));
    expect(short.status).toBe(200);
    expect((short.body.content as ParticipantReport).accepted).toBe(inlineListMaxLines);

    const text = wallets(inlineListMaxLines + 1, 1).join("\n");
    const accepted = await upload(standard, draft.id, text);
    expect(accepted.status).toBe(202);
    const staged = accepted.body.content as ParticipantImport;
    expect(staged).toMatchObject({
      state: "queued",
      processedLines: 0,
      totalLines: inlineListMaxLines + 1,
      report: null,
      error: null,
    });
    expect(standard.queued).toContain(staged.id);
    expect((await importOf(standard, draft.id)).body.content).toMatchObject({
      id: staged.id,
      state: "queued",
    });
    // Nothing is stored before the job runs.
    expect((await call<AirdropDetail>(standard, "GET", `/${draft.id}`)).body.content.participantCount).toBe(
      inlineListMaxLines,
    );

    expect(await runJob(standard, staged.id)).toEqual({ outcome: "done" });
    const done = (await importOf(standard, draft.id)).body.content!;
    expect(done).toMatchObject({
      state: "done",
      processedLines: inlineListMaxLines + 1,
      totalLines: inlineListMaxLines + 1,
      error: null,
    });
    expect(done.report).toMatchObject({ accepted: inlineListMaxLines + 1, wrongCount: 0, duplicateCount: 0 });
    expect(done.finishedAt).not.toBeNull();
    const detail = (await call<AirdropDetail>(standard, "GET", `/${draft.id}`)).body.content;
    expect(detail.participantCount).toBe(inlineListMaxLines + 1);
    // The staged text is deleted; the report stays.
    const [row] = await standard.context.database.db
      .select()
      .from(airdropParticipantImports)
      .where(eq(airdropParticipantImports.id, staged.id));
    expect(row?.text).toBeNull();
    expect(row?.report).toEqual(done.report);
    // A second delivery of the same job does nothing.
    expect(await runJob(standard, staged.id)).toEqual({ outcome: "skipped" });
  });

  it("stores exactly what the inline path stores for the same list (wallets, Discord)", async () => {
    const lists: [Record<string, unknown>, string][] = [
      [{}, mixedWalletList(250)],
      [
        {
          idType: "discord",
          rewardType: "discord_role",
          discordGuildId: discordFixtures.guild,
          discordRoleId: discordFixtures.roles.airdropOg,
        },
        [
          discordFixtures.users.alice,
          "sandbox_bob",
          "SANDBOX_BOB",
          discordFixtures.users.carol,
          ...Array.from({ length: 120 }, (_, index) => `1${String(index).padStart(17, "0")}`),
          "bad name with spaces",
        ].join("\n"),
      ],
    ];
    for (const [overrides, text] of lists) {
      const inlineDraft = await createDraft(standard, overrides);
      const inline = await upload(standard, inlineDraft.id, text);
      expect(inline.status).toBe(200);

      const draft = await createDraft(small, overrides);
      const accepted = await upload(small, draft.id, text);
      expect(accepted.status).toBe(202);
      const staged = accepted.body.content as ParticipantImport;
      expect(await runJob(small, staged.id)).toEqual({ outcome: "done" });
      const done = (await importOf(small, draft.id)).body.content!;
      expect(done.state).toBe("done");
      expect(done.report).toEqual(inline.body.content);
      expect(await stored(small, draft.id)).toEqual(await stored(standard, inlineDraft.id));
      const detail = (await call<AirdropDetail>(small, "GET", `/${draft.id}`)).body.content;
      const inlineDetail = (await call<AirdropDetail>(standard, "GET", `/${inlineDraft.id}`)).body.content;
      expect([detail.participantCount, detail.totalWeight]).toEqual([
        inlineDetail.participantCount,
        inlineDetail.totalWeight,
      ]);
    }
  });
});

describe("progress, crashes and re-runs", () => {
  const longList = () => mixedWalletList(120_001);

  it("writes progress per piece; a run killed before its commit stores nothing and the re-run gives the same result", async () => {
    const text = longList();
    // Reference: the same list imported without interruption.
    const reference = await createDraft(standard);
    const first = (await upload(standard, reference.id, text)).body.content as ParticipantImport;
    expect(await runJob(standard, first.id)).toEqual({ outcome: "done" });

    const draft = await createDraft(standard);
    await upload(standard, draft.id, wallets(3, 9).join("\n"));
    const accepted = await upload(standard, draft.id, text);
    expect(accepted.status).toBe(202);
    const staged = accepted.body.content as ParticipantImport;
    expect(staged.totalLines).toBe(120_001);

    // The worker is stopped (pg-boss aborts the job's signal) after the first piece: the job throws for a retry.
    const stop = new AbortController();
    stop.abort(new Error("worker stopping"));
    await expect(runJob(standard, staged.id, { signal: stop.signal })).rejects.toThrow("worker stopping");
    const halfway = (await importOf(standard, draft.id)).body.content!;
    expect(halfway.state).toBe("running");
    expect(halfway.processedLines).toBe(50_000);
    expect(halfway.totalLines).toBe(120_001);
    expect(await stored(standard, draft.id)).toHaveLength(3);

    // pg-boss's retry runs it again from the staged text.
    expect(await runJob(standard, staged.id, { retryCount: 1 })).toEqual({ outcome: "done" });
    const done = (await importOf(standard, draft.id)).body.content!;
    expect(done).toMatchObject({ state: "done", processedLines: 120_001 });
    const referenceImport = (await importOf(standard, reference.id)).body.content!;
    expect(done.report).toEqual(referenceImport.report);
    expect(done.report?.wrongCount).toBeGreaterThan(0);
    expect(await stored(standard, draft.id)).toEqual(await stored(standard, reference.id));
  }, 120_000);

  it("a newer upload replaces an import under way: the old job stops without writing", async () => {
    const draft = await createDraft(small);
    const old = (await upload(small, draft.id, wallets(150, 2).join("\n"))).body.content as ParticipantImport;
    const stop = new AbortController();
    stop.abort(new Error("worker stopping"));
    await expect(runJob(small, old.id, { signal: stop.signal })).rejects.toThrow();
    expect((await importOf(small, draft.id)).body.content?.state).toBe("running");

    const newer = await upload(small, draft.id, wallets(200, 3).join("\n"));
    expect(newer.status).toBe(202);
    const replacement = newer.body.content as ParticipantImport;
    // The old import ended as replaced; its retry writes nothing.
    expect(await runJob(small, old.id, { retryCount: 1 })).toEqual({ outcome: "skipped" });
    expect(await stored(small, draft.id)).toEqual([]);
    const [oldRow] = await small.context.database.db
      .select()
      .from(airdropParticipantImports)
      .where(eq(airdropParticipantImports.id, old.id));
    expect(oldRow).toMatchObject({ state: "failed", errorKey: "airdrop.importReplaced", text: null });

    // A short list stored at once replaces the queued import too.
    const inline = await upload(small, draft.id, wallets(5, 4).join("\n"));
    expect(inline.status).toBe(200);
    const latest = (await importOf(small, draft.id)).body.content!;
    expect(latest).toMatchObject({ id: replacement.id, state: "failed" });
    expect(latest.error?.message).toBe(
      "A newer upload replaced this participant list before it was imported.",
    );
    expect(await runJob(small, replacement.id)).toEqual({ outcome: "skipped" });
    expect(await stored(small, draft.id)).toHaveLength(5);
  });
});

describe("failures", () => {
  it("an upstream that stays down fails the import on the last attempt, with its message, and stores nothing", async () => {
    const draft = await createDraft(small, {
      idType: "discord",
      rewardType: "discord_role",
      discordGuildId: discordFixtures.guild,
      discordRoleId: discordFixtures.roles.airdropOg,
    });
    expect((await upload(small, draft.id, discordFixtures.users.alice)).status).toBe(200);
    const fault = await small.context.app.inject({
      method: "POST",
      url: "/sandbox/discord/_sandbox/faults",
      payload: { path: "/members/", kind: "5xx", status: 502, times: "Infinity" },
    });
    expect(fault.statusCode).toBe(201);
    try {
      const text = Array.from({ length: 150 }, (_, index) => `2${String(index).padStart(17, "0")}`).join(
        "\n",
      );
      const staged = (await upload(small, draft.id, text)).body.content as ParticipantImport;
      // Discord may be back by pg-boss's next attempt: until the last one, the job is retried, not failed.
      await expect(runJob(small, staged.id)).rejects.toThrow();
      expect((await importOf(small, draft.id)).body.content?.state).toBe("running");
      expect(await runJob(small, staged.id, { retryCount: 3 })).toEqual({ outcome: "failed" });
      const failed = (await importOf(small, draft.id)).body.content!;
      expect(failed).toMatchObject({ state: "failed", report: null });
      expect(failed.error).toEqual({
        typeCode: expect.any(Number),
        message: "Discord could not be reached, please try again later.",
      });
      const chinese = (await importOf(small, draft.id, { language: "zh-cn" })).body.content!;
      expect(chinese.error?.message).toBe("无法连接 Discord，请稍后再试。");
      expect(await stored(small, draft.id)).toEqual([[0, discordFixtures.users.alice, "sandbox_alice", 1]]);
      // A failed import is not retried: a second delivery does nothing.
      expect(await runJob(small, staged.id)).toEqual({ outcome: "skipped" });
    } finally {
      small.context.discordSandbox.faults.clear();
    }
  });
  it("a long list for an airdrop already under way is refused at once, as a short one is", async () => {
    const draft = await createDraft(small, {
      idType: "discord",
      rewardType: "discord_role",
      discordGuildId: discordFixtures.guild,
      discordRoleId: discordFixtures.roles.airdropOg,
    });
    expect((await upload(small, draft.id, discordFixtures.users.alice)).status).toBe(200);
    expect((await call(small, "POST", `/${draft.id}/prepare`)).status).toBe(200);
    expect((await call<AirdropDetail>(small, "POST", `/${draft.id}/release`)).body.content.status).toBe(2);
    const ids = Array.from({ length: 150 }, (_, index) => `4${String(index).padStart(17, "0")}`).join("\n");
    for (const text of [ids, discordFixtures.users.bob]) {
      const refused = await upload(small, draft.id, text);
      expect(refused.status).toBe(409);
      expect(refused.body.content).toBeNull();
    }
    expect((await importOf(small, draft.id)).body.content).toBeNull();
    expect(await stored(small, draft.id)).toEqual([[0, discordFixtures.users.alice, "sandbox_alice", 1]]);
  });

  it("a job queue that refuses the import ends it at once, so it never shows as queued", async () => {
    const draft = await createDraft(small);
    small.queue.down = true;
    try {
      const refused = await upload(small, draft.id, wallets(150, 6).join("\n"));
      expect(refused.status).toBe(500);
    } finally {
      small.queue.down = false;
    }
    const ended = (await importOf(small, draft.id)).body.content!;
    expect(ended).toMatchObject({ state: "failed", report: null });
    expect(ended.error?.message).toBe("The participant list could not be imported, please upload it again.");
    expect(await stored(small, draft.id)).toEqual([]);
  });

  it("changing the account type or the Discord server ends an import under way: it would check the wrong list", async () => {
    const draft = await createDraft(small);
    const byType = (await upload(small, draft.id, wallets(150, 7).join("\n"))).body
      .content as ParticipantImport;
    const changed = await call<AirdropDetail>(small, "PATCH", `/${draft.id}`, {
      body: { idType: "discord" },
    });
    expect(changed.body.content.idType).toBe("discord");
    expect(await runJob(small, byType.id)).toEqual({ outcome: "skipped" });
    expect(await stored(small, draft.id)).toEqual([]);
    const ended = (await importOf(small, draft.id)).body.content!;
    expect(ended).toMatchObject({ id: byType.id, state: "failed" });
    expect(ended.error?.message).toBe(
      "The account type, Discord server or Telegram chat changed before this list was imported; please upload it again.",
    );

    const ids = Array.from({ length: 150 }, (_, index) => `3${String(index).padStart(17, "0")}`).join("\n");
    const byServer = (await upload(small, draft.id, ids)).body.content as ParticipantImport;
    await call<AirdropDetail>(small, "PATCH", `/${draft.id}`, {
      body: { discordGuildId: discordFixtures.guild },
    });
    expect(await runJob(small, byServer.id)).toEqual({ outcome: "skipped" });
    expect((await importOf(small, draft.id)).body.content).toMatchObject({
      id: byServer.id,
      state: "failed",
    });
    // Other changes leave it alone.
    const kept = (await upload(small, draft.id, ids)).body.content as ParticipantImport;
    await call<AirdropDetail>(small, "PATCH", `/${draft.id}`, { body: { title: "Renamed drop" } });
    expect((await importOf(small, draft.id)).body.content).toMatchObject({ id: kept.id, state: "queued" });
  });
});

describe("creator only", () => {
  it("GET …/participants/import and the long-list PUT: anonymous 401, others 404 on drafts, the owner 200/202", async () => {
    const draft = await createDraft(small);
    const text = wallets(101, 5).join("\n");
    for (const token of [null, small.strangerToken]) {
      const put = await upload(small, draft.id, text, token);
      const get = await importOf(small, draft.id, { token });
      const expected = token === null ? 401 : 404;
      expect([put.status, get.status]).toEqual([expected, expected]);
      expect(put.body.content).toBeNull();
    }
    expect((await importOf(small, draft.id)).body).toMatchObject({ content: null, message: "success" });
    expect((await upload(small, draft.id, text)).status).toBe(202);
    expect((await importOf(small, draft.id)).body.content?.state).toBe("queued");
    expect((await importOf(small, 999_999)).status).toBe(404);
  });
});
