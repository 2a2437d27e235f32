// The picker API through HTTP (T8–T10, T12, T15, T19, T20, T22): create, draw, replace, confirm,
// win form, pay, bans, helpers and plans, against the X sandbox and a block source the test steers.
import { checkPublishedWinners, verifyDrawFile } from "@dropfair/core/fairness";
import { freePlan, pickerStatus } from "@dropfair/core/picker";
import { eq, pickerDraws, pickerEntries, pickers, type SQL, sql } from "@dropfair/db";
import type { PickerDetail } from "@dropfair/schemas/picker";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  type PickerPayments,
  pickerErrors,
  runDrawStep,
  runPickerPipeline,
} from "../src/modules/picker/index.ts";
import { FakeChain } from "./fake-chain.ts";
import { buildTestAppWithX, signInWithX, type XTestContext } from "./x-helper.ts";

const giveaway = "2002842258109890560";
const recent = "2005705122248130561";
const partnerPost = "2004536924698050563";
const giveawayUrl = `https://x.com/dropfair_host/status/${giveaway}`;

type Envelope<T = unknown> = { content: T; typeCode: number; message: string };

let context: XTestContext;
let chain: FakeChain;
const queuedDraws: number[] = [];
/** Transactions the fake payment checker accepts. */
const goodTransactions = new Set<string>();
const tx = (n: number) => `0x${n.toString(16).padStart(64, "0")}` as const;

const payments: PickerPayments = {
  async verifyMembership({ txHash, minAmount }) {
    if (!goodTransactions.has(txHash)) throw pickerErrors.paymentInvalid("not-found");
    return {
      payer: "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266",
      amount: minAmount,
      blockTimestamp: new Date(),
    };
  },
  async verifyBatch({ txHash }) {
    if (!goodTransactions.has(txHash)) throw pickerErrors.paymentInvalid("missing-payment");
  },
  async verifyTransaction({ txHash }) {
    if (!goodTransactions.has(txHash)) throw pickerErrors.paymentInvalid("not-found");
  },
};

let host: string;
let alice: string;
let helper: string;
let carol: string;

function call<T = unknown>(
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE",
  url: string,
  options: { token?: string; body?: unknown; language?: string; headers?: Record<string, string> } = {},
) {
  return context.app
    .inject({
      method,
      url: `/api/bounty/picker${url}`,
      headers: {
        ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
        ...(options.language ? { "accept-language": options.language } : {}),
        ...options.headers,
      },
      ...(options.body === undefined ? {} : { payload: options.body as object }),
    })
    .then((response) => ({ status: response.statusCode, body: response.json() as Envelope<T> }));
}

/** Every row of every table of the database, sorted, to show that refused calls changed nothing at all. */
async function everyTable(): Promise<Record<string, string[]>> {
  const rowsOf = async (query: SQL) =>
    ((await context.database.db.execute(query)) as unknown as { rows: Record<string, unknown>[] }).rows;
  const tables = await rowsOf(
    sql`select table_schema, table_name from information_schema.tables
        where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema')`,
  );
  const snapshot: Record<string, string[]> = {};
  for (const { table_schema: schema, table_name: name } of tables) {
    const rows = await rowsOf(sql.raw(`select * from "${schema}"."${name}"`));
    snapshot[`${schema}.${name}`] = rows
      .map((row) => JSON.stringify(row, (_, value) => (typeof value === "bigint" ? `${value}n` : value)))
      .sort();
  }
  expect(Object.keys(snapshot)).toContain("public.pickers");
  return snapshot;
}

async function createPicker(body: Record<string, unknown> = {}, token = host) {
  const created = await call<PickerDetail>("POST", "/", {
    token,
    body: { postUrl: giveawayUrl, winnerCount: 3, ...body },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  return created.body.content;
}

/** Mines past the draw's target block and its confirmations, then runs the queued draw step. */
async function settleDraw() {
  chain.mine(chain.head + 5n);
  const drawId = queuedDraws.shift();
  expect(drawId).toBeDefined();
  const outcome = await runDrawStep(
    {
      db: context.database.db,
      chainClient: () => chain.client(),
      confirmations: 2,
      timeoutMs: 60_000,
      now: () => new Date(),
    },
    drawId!,
  );
  expect(outcome).toEqual({ state: "drawn" });
}

async function winners(id: number, token?: string) {
  const page = await call<{
    rows: { xUserId: string; username: string; rank: number; info: string | null }[];
  }>("GET", `/${id}/participants?filter=winners&size=200`, { token });
  return page.body.content.rows;
}

beforeAll(async () => {
  chain = new FakeChain();
  chain.mine(100n);
  context = await buildTestAppWithX({
    chainClient: (chainId) => (chainId === 1 ? chain.client() : undefined),
    pickerJobs: {
      pipeline: async (pickerId) => {
        await runPickerPipeline({ db: context.database.db, x: context.app.x, pickerId });
      },
      draw: async (drawId) => {
        queuedDraws.push(drawId);
      },
    },
    pickerPayments: payments,
    environment: {
      MEMBERSHIP_CHAIN_ID: "31337",
      MEMBERSHIP_TOKEN_ADDRESS: "0x5FbDB2315678afecb367f032d93F642f64180aa3",
      MEMBERSHIP_TREASURY_ADDRESS: "0x70997970C51812dc3A010C7d01b50e0d17dc79C8",
    },
  });
  [host, alice, helper, carol] = await Promise.all([
    signInWithX(context, "dropfair_host"),
    signInWithX(context, "sandbox_alice"),
    signInWithX(context, "dropfair_admin"),
    signInWithX(context, "sandbox_carol"),
  ]);
});

afterAll(async () => {
  await context?.close();
});

beforeEach(() => {
  queuedDraws.length = 0;
});

describe("creating a picker", () => {
  it("needs Sign in with X (Code174), and refuses version 1 (Code175)", async () => {
    const anonymous = await call("POST", "/", { body: { postUrl: giveawayUrl, winnerCount: 1 } });
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.typeCode).toBe(174);
    expect(anonymous.body.message).toBe("You have reached the usage limit. Log in with X for more.");
    const v1 = await call("POST", "/", {
      token: host,
      body: { postUrl: giveawayUrl, winnerCount: 1, version: 1 },
    });
    expect(v1.body.typeCode).toBe(175);
    expect(v1.body.message).toBe("Service unavailable: Picker 1.0 is closing, please use Picker 2.0.");
  });

  it("lets only the post's author or an admin of that account create (Code177)", async () => {
    const other = await call("POST", "/", { token: alice, body: { postUrl: giveawayUrl, winnerCount: 1 } });
    expect(other.status).toBe(403);
    expect(other.body.typeCode).toBe(177);
    const partners = await call("POST", "/", {
      token: host,
      body: { postUrl: `https://x.com/partner_labs/status/${partnerPost}`, winnerCount: 1 },
    });
    expect(partners.body.typeCode).toBe(177);
  });

  it("names a follow target that does not exist (Code181)", async () => {
    const missing = await call("POST", "/", {
      token: host,
      body: { postUrl: giveawayUrl, winnerCount: 1, followTargets: ["no_such_user_x1"] },
    });
    expect(missing.status).toBe(422);
    expect(missing.body.typeCode).toBe(181);
  });

  it("answers every validation message in en and cn, never a 500 (T12)", async () => {
    // [body, English, Chinese (packages/core/locales/cn/validation.json), catalogue key]
    const cases: [Record<string, unknown>, string, string, string][] = [
      [
        { postUrl: "", winnerCount: 1 },
        "Please input the post URL.",
        "请输入帖子链接。",
        "validation.picker.postUrlRequired",
      ],
      [
        { postUrl: "not a post", winnerCount: 1 },
        "Cannot find a picker, tweet or seed matching this input, please re-enter.",
        "找不到与输入内容匹配的抽奖、推文或种子，请重新输入。",
        "validation.quickCreate.notFound",
      ],
      [
        { postUrl: giveawayUrl, winnerCount: 1, infoType: "custom", infoName: "" },
        "The info collection name cannot be empty.",
        "信息收集名称不能为空。",
        "validation.picker.infoNameRequired",
      ],
    ];
    for (const [body, english, chinese, key] of cases) {
      const en = await call("POST", "/", { token: host, body });
      expect(en.status, key).toBeGreaterThanOrEqual(400);
      expect(en.status, key).toBeLessThan(500);
      expect(en.body.message, key).toBe(english);
      const cn = await call("POST", "/", { token: host, body, language: "zh-cn" });
      expect(cn.status, key).toBe(en.status);
      expect(cn.body.message, key).toBe(chinese);
    }
    const seed = await call("GET", "/seed/zzzzzzzzzz", { language: "zh-cn" });
    expect(seed.body.typeCode).toBe(188);
    expect(seed.body.message).toBe("找不到该种子对应的抽奖");
    expect((await call("GET", "/seed/zzzzzzzzzz")).body.message).toBe("Cannot find picker with this seed");
  });

  it("ignores nothing silently: extra fields such as owner or status are refused (T9)", async () => {
    for (const extra of [{ status: 5 }, { ownerXUserId: "1" }, { entryLimit: null }, { drawCount: 9 }]) {
      const response = await call("POST", "/", {
        token: host,
        body: { postUrl: giveawayUrl, winnerCount: 1, ...extra },
      });
      expect(response.status).toBe(400);
    }
    const count = await context.database.db.select().from(pickers);
    expect(count).toHaveLength(0);
  });

  it("limits the reply requirement to the plan's winner limit", async () => {
    const response = await call("POST", "/", {
      token: host,
      body: { postUrl: giveawayUrl, winnerCount: 11, requireReply: true },
    });
    expect(response.status).toBe(400);
    expect(response.body.message).toBe("The reply requirement is available for up to 10 winners.");
  });

  it("peeks at the replies: none in the last 7 days says so before anything is created", async () => {
    const oldPost = "1995612116874690562";
    const refused = await call("POST", "/", {
      token: host,
      body: { postUrl: `https://x.com/dropfair_host/status/${oldPost}`, winnerCount: 1, requireReply: true },
    });
    expect(refused.status).toBe(404);
    expect(refused.body.typeCode).toBe(185);
    expect(refused.body.message).toBe("Reply not found. Only replies from the last 7 days can be found.");
    const rows = await context.database.db.select().from(pickers).where(eq(pickers.postId, oldPost));
    expect(rows).toHaveLength(0);
  });

  it("runs the pipeline to 'ready to pick' with public exclusion counts, on the free plan's entry limit", async () => {
    const picker = await createPicker({ filters: { banner: true } });
    const detail = await call<PickerDetail>("GET", `/${picker.id}`);
    expect(detail.body.content.status).toBe(pickerStatus.readyToPick);
    expect(detail.body.content.entryLimit).toBe(freePlan.entriesPerPost);
    expect(detail.body.content.eligibleCount).toBeGreaterThan(0);
    expect(detail.body.content.excludedCounts["no-banner"]).toBeGreaterThan(0);
    expect(detail.body.content.seed).toMatch(/^[a-z2-9]{10}$/);
    const bySeed = await call<{ id: number }>("GET", `/seed/${picker.seed}`);
    expect(bySeed.body.content.id).toBe(picker.id);
    const resolved = await call<{ kind: string; pickerId: number }>("GET", `/resolve?q=${picker.seed}`);
    expect(resolved.body.content).toMatchObject({ kind: "picker", pickerId: picker.id });
    const post = await call<{ kind: string; postId: string }>(
      "GET",
      `/resolve?q=${encodeURIComponent(`https://twitter.com/x/status/${recent}`)}`,
    );
    expect(post.body.content).toMatchObject({ kind: "post", postId: recent });
  });
});

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

describe("who may operate a picker (T8, T10)", () => {
  it("refuses every owner action to anonymous and other users, changing nothing; helpers act as the owner", async () => {
    const picker = await createPicker();
    const actions: [string, string, unknown][] = [
      ["PATCH", `/${picker.id}`, { winnerCount: 2 }],
      ["POST", `/${picker.id}/draw`, undefined],
      ["POST", `/${picker.id}/redraw`, { reason: "r" }],
      ["POST", `/${picker.id}/replace`, { xUserId: "1", reason: "r" }],
      ["POST", `/${picker.id}/confirm`, { xUserIds: ["1"] }],
      ["POST", `/${picker.id}/complete-collect`, undefined],
      ["POST", `/${picker.id}/finish`, undefined],
      ["POST", `/${picker.id}/cancel`, undefined],
      ["POST", `/${picker.id}/pay`, { mode: "external", chainId: 1, txHash: tx(9) }],
      ["POST", `/${picker.id}/bans`, { username: "sandbox_bob", reason: "spam" }],
      ["DELETE", `/${picker.id}/bans/2005398350853046277`, undefined],
      ["GET", `/${picker.id}/admins`, undefined],
    ];
    for (const token of [undefined, alice]) {
      for (const [method, url, body] of actions) {
        const response = await call(method as "POST", url, { token, body });
        expect(response.status, `${method} ${url}`).toBe(403);
        expect(response.body.message).toBe("You are not owner");
      }
    }
    for (const token of [undefined, alice]) {
      const add = await call("POST", `/${picker.id}/admins`, { token, body: { username: "sandbox_alice" } });
      expect(add.body.message).toBe("You Are Not The Creator");
    }
    const [unchanged] = await context.database.db.select().from(pickers).where(eq(pickers.id, picker.id));
    expect(unchanged).toMatchObject({ status: pickerStatus.readyToPick, drawCount: 0, winnerCount: 3 });

    // The owner adds a helper; the helper draws and bans for the owner, but cannot manage helpers.
    expect(
      (await call("POST", `/${picker.id}/admins`, { token: host, body: { username: "dropfair_admin" } }))
        .status,
    ).toBe(200);
    const helperAdd = await call("POST", `/${picker.id}/admins`, {
      token: helper,
      body: { username: "sandbox_alice" },
    });
    expect(helperAdd.body.message).toBe("You Are Not The Creator");
    const ban = await call("POST", `/${picker.id}/bans`, {
      token: helper,
      body: { username: "sandbox_alice", reason: "farm account" },
    });
    expect(ban.status).toBe(200);
    const bans = await call<{ username: string; addedBy: string; reason: string }[]>(
      "GET",
      `/${picker.id}/bans`,
    );
    expect(bans.body.content).toEqual([
      expect.objectContaining({
        username: "sandbox_alice",
        addedBy: "dropfair_admin",
        reason: "farm account",
      }),
    ]);
    const draw = await call("POST", `/${picker.id}/draw`, { token: helper });
    expect(draw.status).toBe(200);

    // The helper's ban is the owner's: the owner's next picker excludes the banned user.
    const next = await createPicker({}, host);
    const [banned] = await context.database.db
      .select()
      .from(pickerEntries)
      .where(eq(pickerEntries.pickerId, next.id))
      .then((rows) => rows.filter((row) => row.username === "sandbox_alice"));
    expect(banned?.excludedReason).toBe("banned");
    const [blackened] = await context.database.db
      .select()
      .from(pickerEntries)
      .where(eq(pickerEntries.pickerId, picker.id))
      .then((rows) => rows.filter((row) => row.username === "sandbox_alice"));
    expect(blackened?.blackReason).toBe("farm account");

    // A helper may also create pickers for the owner's posts.
    const byHelper = await call<PickerDetail>("POST", "/", {
      token: helper,
      body: { postUrl: `https://x.com/dropfair_host/status/${recent}`, winnerCount: 1 },
    });
    expect(byHelper.status).toBe(200);
    expect(byHelper.body.content.owner.username).toBe("dropfair_host");
  });
});

describe("object-level access, generated from the route table (T8)", () => {
  /** A valid body for each mutating picker route, so a refusal is the authorisation's, not validation's. */
  const sampleBodies: Record<string, unknown> = {
    "PATCH /api/bounty/picker/{id}": { winnerCount: 2 },
    "POST /api/bounty/picker/{id}/draw": undefined,
    "POST /api/bounty/picker/{id}/redraw": { reason: "r" },
    "POST /api/bounty/picker/{id}/replace": { xUserId: "1", reason: "r" },
    "POST /api/bounty/picker/{id}/confirm": { xUserIds: ["1"] },
    "PUT /api/bounty/picker/{id}/info": { info: "0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266" },
    "POST /api/bounty/picker/{id}/complete-collect": undefined,
    "POST /api/bounty/picker/{id}/finish": undefined,
    "POST /api/bounty/picker/{id}/cancel": undefined,
    "POST /api/bounty/picker/{id}/pay": { mode: "external", chainId: 1, txHash: tx(5) },
    "POST /api/bounty/picker/{id}/bans": { username: "sandbox_bob", reason: "spam" },
    "DELETE /api/bounty/picker/{id}/bans/{xUserId}": undefined,
    "POST /api/bounty/picker/{id}/admins": { username: "sandbox_bob" },
    "DELETE /api/bounty/picker/{id}/admins/{xUserId}": undefined,
    "PUT /api/bounty/picker/{id}/poster": {
      image: `data:image/png;base64,${Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]).toString("base64")}`,
    },
    "DELETE /api/bounty/picker/{id}/poster": undefined,
  };

  it("refuses every mutating route on someone else's picker, for every route the API documents", async () => {
    const picker = await createPicker();
    const document = (await context.app.inject({ url: "/api/docs/json" })).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    const routes = Object.entries(document.paths)
      .filter(([path]) => path.startsWith("/api/bounty/picker/{id}"))
      .flatMap(([path, methods]) =>
        Object.keys(methods)
          .filter((method) => ["post", "put", "patch", "delete"].includes(method))
          .map((method) => `${method.toUpperCase()} ${path}`),
      );
    expect(routes.length).toBeGreaterThanOrEqual(Object.keys(sampleBodies).length);
    const before = await everyTable();
    const drawsQueued = queuedDraws.length;
    for (const route of routes) {
      expect(Object.keys(sampleBodies), `a sample body for ${route}`).toContain(route);
      const [method, path] = route.split(" ") as [string, string];
      const url = path
        .replace("/api/bounty/picker", "")
        .replace("{id}", String(picker.id))
        .replace("{xUserId}", "1317903271326646276");
      for (const token of [undefined, alice, carol]) {
        const response = await call(method as "POST", url, { token, body: sampleBodies[route] });
        const who = `${route} as ${token ? "another user" : "anonymous"}`;
        // Anonymous callers and other users alike: 403 'You are not owner' (T10); helpers are the owner's own
        // choice ('You Are Not The Creator'); the win form is the winners'.
        expect(response.status, who).toBe(403);
        expect(response.body.typeCode, who).toBe(430);
        expect(response.body.message, who).toBe(
          route === "PUT /api/bounty/picker/{id}/info"
            ? "Only winners and substitutes can submit their information."
            : route.includes("/admins")
              ? "You Are Not The Creator"
              : "You are not owner",
        );
        expect(response.body.content, who).toBeNull();
      }
    }
    // Nothing changed anywhere: every table any of these routes writes (pickers, entries, draws, winners, bans,
    // helpers, payments, memberships, posters, idempotency keys...) is compared whole, and no draw was queued.
    expect(await everyTable()).toEqual(before);
    expect(queuedDraws).toHaveLength(drawsQueued);
  });

  it("shows custom info only to the host, its helpers and the entrant; EVM info to everyone", async () => {
    const picker = await createPicker({ infoType: "custom", infoName: "Telegram handle", winnerCount: 1 });
    await call("POST", `/${picker.id}/draw`, { token: host });
    await settleDraw();
    const [winner] = await winners(picker.id, host);
    const winnerToken = await signInWithX(context, winner!.username);
    const submitted = await call("PUT", `/${picker.id}/info`, {
      token: winnerToken,
      body: { info: "@secret_tg" },
    });
    expect(submitted.status).toBe(200);
    expect((await winners(picker.id, host))[0]!.info).toBe("@secret_tg");
    expect((await winners(picker.id, winnerToken))[0]!.info).toBe("@secret_tg");
    expect((await winners(picker.id, carol))[0]!.info).toBeNull();
    expect((await winners(picker.id))[0]!.info).toBeNull();
    const admins = await call("GET", `/${picker.id}/admins`, { token: carol });
    expect(admins.status).toBe(403);
    expect(admins.body.content).toBeNull();
  });
});

describe("plans", () => {
  it("stops the free plan at 6 draws a day, and membership paid on chain lifts it (T19)", async () => {
    const picker = await createPicker();
    const owner = (await call<PickerDetail>("GET", `/${picker.id}`)).body.content.owner.xUserId;
    await context.database.db.delete(pickerDraws).where(eq(pickerDraws.ownerXUserId, owner));
    await context.database.db.insert(pickerDraws).values(
      Array.from({ length: freePlan.drawsPerDay }, (_, index) => ({
        pickerId: picker.id,
        count: 100 + index,
        kind: "draw" as const,
        commitment: "0x00",
        entryCount: 1,
        winnerCount: 1,
        chainId: 1,
        targetBlock: 1n,
        status: "failed" as const,
        actorXUserId: owner,
        ownerXUserId: owner,
      })),
    );
    const refused = await call("POST", `/${picker.id}/draw`, { token: host });
    expect(refused.status).toBe(402);
    expect(refused.body.typeCode).toBe(176);
    expect(refused.body.message).toBe("You have used your free quota. Buy a membership for unlimited draws.");

    const fake = await call("POST", "/membership", {
      token: host,
      body: { chainId: 31337, txHash: tx(77), plan: "month" },
    });
    expect(fake.status).toBe(422);
    expect((await call<{ member: boolean }>("GET", "/membership", { token: host })).body.content.member).toBe(
      false,
    );

    goodTransactions.add(tx(78));
    const bought = await call<{ member: boolean; drawsPerDay: number | null }>("POST", "/membership", {
      token: host,
      body: { chainId: 31337, txHash: tx(78), plan: "month" },
    });
    expect(bought.status).toBe(200);
    expect(bought.body.content).toMatchObject({ member: true, drawsPerDay: null });
    const reused = await call("POST", "/membership", {
      token: alice,
      body: { chainId: 31337, txHash: tx(78), plan: "month" },
    });
    expect(reused.status).toBe(409);
    expect(reused.body.message).toBe("This transaction has already been used.");
    const wrongChain = await call("POST", "/membership", {
      token: host,
      body: { chainId: 56, txHash: tx(79), plan: "month" },
    });
    expect(wrongChain.status).toBe(422);

    const allowed = await call("POST", `/${picker.id}/draw`, { token: host });
    expect(allowed.status).toBe(200);
  });
});
