// Participant lists whose checks take many upstream requests (Discord and Telegram check one account per request, X
// a hundred): the upload hands them to the background by the requests they take, not only by their length; the
// job the worker runs (registered by the jobs composition root, on pg-boss) checks them with the Discord and
// Telegram bots exactly as an upload does; and its progress follows the slow steps: the lines read, the requests
// made, the rows stored.
import { airdropParticipants, eq, sql } from "@dropfair/db";
import type { ParticipantImport, ParticipantReport } from "@dropfair/schemas/airdrop";
import { fromPglite, PgBoss } from "pg-boss";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerJobs } from "../src/jobs/index.ts";
import {
  enqueueParticipantImport,
  handleParticipantImportJob,
  inlineRequestMax,
} from "../src/modules/airdrop/index.ts";
import { airdropDraftBody } from "./builders.ts";
import { signIn } from "./helper.ts";
import { discordFixtures } from "./social-helper.ts";
import { buildTestAppWithX, type XTestContext } from "./x-helper.ts";

type Envelope<T> = { content: T; typeCode: number; message: string };

/** The Dropfair Sandbox chat and its members (packages/sandbox's Telegram world). */
const telegramChat = "-1002233445566";
const telegramMembers = [987654321, 700000002, 700000003];

type Harness = { context: XTestContext; token: string };
/** The product's thresholds, its imports run by pg-boss workers registered as the server registers them. */
let product: Harness;
/** Everything checked within the upload: the reference an import must equal. */
let inline: Harness;
let boss: PgBoss;

beforeAll(async () => {
  const context = await buildTestAppWithX({
    airdropImports: { enqueue: (importId) => enqueueParticipantImport(boss, importId) },
  });
  product = { context, token: (await signIn(context.app)).token };
  const reference = await buildTestAppWithX({ airdropInlineRequestMax: 1_000_000 });
  inline = { context: reference, token: (await signIn(reference.app)).token };
  const { database } = context;
  boss =
    database.kind === "pglite"
      ? new PgBoss({ db: fromPglite(database.pglite) })
      : new PgBoss({ connectionString: database.connectionString, max: 4 });
  boss.on("error", () => undefined);
  await boss.start();
  await registerJobs(boss, {
    db: database.db,
    logger: context.app.log,
    work: true,
    x: context.app.x,
    discord: context.app.discord,
    telegram: context.app.telegram,
    concurrentConnections: database.kind === "postgres",
    chainClient: () => undefined,
    picker: { drawConfirmations: 0, drawTimeoutMs: 0 },
    airdrop: { distributors: {}, voucherTtlSeconds: 600 },
    badges: { contracts: {}, confirmations: 0 },
    wheel: { contracts: {}, confirmations: 0 },
    tips: { refreshMinutes: 15, requestsPerRun: 60 },
  });
  // Every update of an import, in order: the progress as it was written.
  await database.db.execute(sql`
    create table import_progress_log (
      id bigserial primary key, import_id bigint, state text, phase text, done integer, total integer)`);
  await database.db.execute(sql`
    create function log_import_progress() returns trigger language plpgsql as $$
    begin
      insert into import_progress_log (import_id, state, phase, done, total)
        values (new.id, new.state, new.phase, new.phase_done, new.phase_total);
      return new;
    end $$`);
  await database.db.execute(sql`
    create trigger import_progress_log after update on airdrop_participant_imports
    for each row execute function log_import_progress()`);
}, 120_000);

afterAll(async () => {
  await boss?.stop({ graceful: false, timeout: 5000 });
  await product?.context.close();
  await inline?.context.close();
});

async function call<T>(h: Harness, method: "GET" | "POST" | "PUT", url: string, body?: unknown) {
  const response = await h.context.app.inject({
    method,
    url: `/api/bounty/airdrop${url}`,
    headers: {
      authorization: `Bearer ${h.token}`,
      ...(typeof body === "string" ? { "content-type": "text/plain" } : {}),
    },
    ...(body === undefined ? {} : { payload: body as string }),
  });
  return { status: response.statusCode, body: response.json() as Envelope<T> };
}

async function draft(h: Harness, overrides: Record<string, unknown>): Promise<number> {
  const created = await call<{ id: number }>(
    h,
    "POST",
    "/",
    airdropDraftBody({ title: "Drop", ...overrides }),
  );
  expect(created.status).toBe(200);
  return created.body.content.id;
}

const upload = (h: Harness, id: number, lines: readonly (string | number)[]) =>
  call<ParticipantReport | ParticipantImport>(h, "PUT", `/${id}/participants`, lines.join("\n"));

async function stored(h: Harness, id: number) {
  return (
    await h.context.database.db
      .select()
      .from(airdropParticipants)
      .where(eq(airdropParticipants.airdropId, id))
      .orderBy(airdropParticipants.position)
  ).map((row) => [row.position, row.account, row.label, row.weight]);
}

/** Waits for the import to end (the pg-boss worker polls every few seconds). */
async function ended(id: number): Promise<ParticipantImport> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const current = (await call<ParticipantImport | null>(product, "GET", `/${id}/participants/import`)).body
      .content;
    if (current && (current.state === "done" || current.state === "failed")) return current;
    if (Date.now() > deadline) throw new Error(`import of airdrop ${id} still ${current?.state}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

type LogRow = { state: string; phase: string | null; done: number; total: number };

async function progressLog(importId: number): Promise<LogRow[]> {
  const result = await product.context.database.db.execute(
    sql`select state, phase, done, total from import_progress_log where import_id = ${importId} order by id`,
  );
  return (result as unknown as { rows: LogRow[] }).rows;
}

/** The steps of the log in order, each once, with the progress each went through. */
function steps(log: readonly LogRow[]) {
  const out: { phase: string; done: number[]; total: number }[] = [];
  for (const row of log) {
    if (row.state !== "running" || row.phase === null) continue;
    const last = out.at(-1);
    if (last?.phase === row.phase) last.done.push(row.done);
    else out.push({ phase: row.phase, done: [row.done], total: row.total });
  }
  return out;
}

const snowflakes = (count: number, digit: number) =>
  Array.from({ length: count }, (_, index) => `${digit}${String(index).padStart(17, "0")}`);

describe("which lists an upload waits for", () => {
  it("by the upstream requests their checks take, not only by their length", async () => {
    expect(inlineRequestMax).toBe(50);
    const wallets = Array.from(
      { length: 5000 },
      (_, index) => `0x${(index + 1).toString(16).padStart(40, "0")}`,
    );
    const walletDrop = await draft(product, { idType: "wallet" });
    expect((await upload(product, walletDrop, wallets)).status).toBe(200);

    const telegramDrop = await draft(product, { idType: "telegram", telegramChatId: telegramChat });
    // Usernames cannot be looked up by a bot: no request, however many.
    const names = Array.from({ length: 200 }, (_, index) => `@fan_${index}`);
    expect((await upload(product, telegramDrop, names)).status).toBe(200);
    const ids = [...telegramMembers, ...Array.from({ length: 47 }, (_, index) => 800_000_000 + index)];
    const fifty = await upload(product, telegramDrop, ids);
    expect(fifty.status).toBe(200);
    expect(fifty.body.content).toMatchObject({ accepted: 3, unresolvedCount: 47, uncheckedCount: 0 });
    const fiftyOne = await upload(product, telegramDrop, [...ids, 800_000_047]);
    expect(fiftyOne.status).toBe(202);
    expect(fiftyOne.body.content).toMatchObject({ state: "queued", totalLines: 51 });

    const discordDrop = await draft(product, {
      idType: "discord",
      rewardType: "discord_role",
      discordGuildId: discordFixtures.guild,
      discordRoleId: discordFixtures.roles.airdropOg,
    });
    expect((await upload(product, discordDrop, snowflakes(51, 5))).status).toBe(202);

    // X looks up 100 accounts per request: 5,000 handles are 50 requests, 5,001 are 51.
    const xDrop = await draft(product, { idType: "twitter" });
    const handles = Array.from({ length: 5001 }, (_, index) => `fan_${index}`);
    expect((await upload(product, xDrop, handles.slice(0, 5000))).status).toBe(200);
    expect((await upload(product, xDrop, handles)).status).toBe(202);
    await Promise.all([ended(telegramDrop), ended(discordDrop), ended(xDrop)]);
  }, 120_000);
});

describe("the worker's imports of Discord and Telegram lists", () => {
  it("check every account with the bots, as an upload does, with progress through the lookups", async () => {
    const discordFields = {
      idType: "discord",
      rewardType: "discord_role",
      discordGuildId: discordFixtures.guild,
      discordRoleId: discordFixtures.roles.airdropOg,
    };
    const discordList = [
      discordFixtures.users.alice,
      "sandbox_bob",
      discordFixtures.users.carol,
      ...snowflakes(120, 6),
      "SANDBOX_BOB",
    ];
    const telegramList = [
      ...telegramMembers,
      ...Array.from({ length: 80 }, (_, index) => 810_000_000 + index),
    ];
    for (const [fields, list, planned] of [
      // One request per account; "SANDBOX_BOB" repeats "sandbox_bob" and is not looked up twice.
      [discordFields, discordList, discordList.length - 1],
      [{ idType: "telegram", telegramChatId: telegramChat }, telegramList, telegramList.length],
    ] as const) {
      const reference = await draft(inline, fields);
      const checkedInline = await upload(inline, reference, list);
      expect(checkedInline.status).toBe(200);
      const report = checkedInline.body.content as ParticipantReport;
      expect(report.uncheckedCount).toBe(0);
      expect(report.unresolvedCount).toBeGreaterThan(70);

      const id = await draft(product, fields);
      const accepted = await upload(product, id, list);
      expect(accepted.status).toBe(202);
      const done = await ended(id);
      expect(done).toMatchObject({ state: "done", phase: null, error: null });
      expect(done.report).toEqual(report);
      expect(await stored(product, id)).toEqual(await stored(inline, reference));

      const log = steps(await progressLog((accepted.body.content as ParticipantImport).id));
      expect(log.map((step) => step.phase)).toEqual(["parsing", "checking", "storing"]);
      const checking = log[1]!;
      expect(checking.total).toBe(planned);
      // From 0 to every request, in order, about a hundred writes at most.
      expect(checking.done[0]).toBe(0);
      expect(checking.done.at(-1)).toBe(planned);
      expect(checking.done.length).toBeGreaterThan(planned / 3);
      expect([...checking.done].sort((a, b) => a - b)).toEqual(checking.done);
    }
  }, 120_000);
});

describe("the progress of storing a long list", () => {
  it("counts the rows stored as they go in (PostgreSQL; the embedded PGlite shows the step until its commit)", async () => {
    const id = await draft(product, { idType: "wallet" });
    const lines = Array.from(
      { length: 45_000 },
      (_, index) => `0x${(index + 1).toString(16).padStart(40, "0")}`,
    );
    const accepted = await upload(product, id, lines);
    expect(accepted.status).toBe(202);
    const done = await ended(id);
    expect(done).toMatchObject({ state: "done", report: { accepted: 45_000 } });
    const log = steps(await progressLog((accepted.body.content as ParticipantImport).id));
    expect(log.map((step) => step.phase)).toEqual(["parsing", "checking", "storing"]);
    // No request to make: the check step is done as it starts.
    expect(log[1]).toEqual({ phase: "checking", done: [0], total: 0 });
    const storing = log[2]!;
    expect(storing.total).toBe(45_000);
    if (product.context.database.kind === "postgres") {
      // Written from another connection while the one transaction stores the list, 20,000 rows at a time.
      expect(storing.done).toEqual([0, 20_000, 40_000, 45_000]);
    } else {
      expect(storing.done).toEqual([0]);
    }
  }, 120_000);

  it("a worker stopping in the middle of the lookups stops the run there: a retry, not an upstream failure", async () => {
    const id = await draft(inline, { idType: "telegram", telegramChatId: telegramChat });
    const list = [...telegramMembers, ...Array.from({ length: 200 }, (_, index) => 820_000_000 + index)];
    const staged = await inline.context.database.db.transaction(async (tx) =>
      tx.execute(sql`insert into airdrop_participant_imports (airdrop_id, uploaded_by, text, total_lines)
        select ${id}, creator_user_id, ${list.join("\n")}, ${list.length} from airdrops where id = ${id}
        returning id`),
    );
    const importId = Number((staged as unknown as { rows: { id: string }[] }).rows[0]!.id);
    // pg-boss aborts the job's signal when the worker stops; this one does so at the fifth progress write, which
    // falls in the lookups (reading is one write, the lookups' start another, then one per 3 of 203 requests).
    let writes = 0;
    const stopping = {
      aborted: false,
      throwIfAborted() {
        writes++;
        if (writes >= 5) throw new Error("worker stopping");
      },
    } as unknown as AbortSignal;
    const run = handleParticipantImportJob(
      inline.context.app.airdrop,
      { data: { importId }, retryCount: 0, retryLimit: 3, signal: stopping },
      inline.context.app.log,
    );
    await expect(run).rejects.toThrow("worker stopping");
    const halfway = (await call<ParticipantImport>(inline, "GET", `/${id}/participants/import`)).body.content;
    expect(halfway).toMatchObject({
      state: "running",
      phase: "checking",
      phaseDone: 9,
      phaseTotal: list.length,
    });
    expect(await stored(inline, id)).toEqual([]);
    // The retry checks the list from the start and stores it.
    expect(
      await handleParticipantImportJob(
        inline.context.app.airdrop,
        { data: { importId }, retryCount: 1, retryLimit: 3 },
        inline.context.app.log,
      ),
    ).toEqual({ outcome: "done" });
    expect((await stored(inline, id)).map((row) => row[1])).toEqual(telegramMembers.map(String));
  });
});
