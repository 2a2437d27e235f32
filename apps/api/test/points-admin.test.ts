import { adminActions, eq, pointsGrants, pointsLedger, users } from "@dropfair/db";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, newWallet, signIn, type TestContext } from "./helper.ts";

const adminWallet = newWallet();
let context: TestContext;
let adminToken: string;

beforeAll(async () => {
  context = await buildTestApp({ environment: { ADMIN_ADDRESSES: adminWallet.address } });
  adminToken = (await signIn(context.app, adminWallet)).token;
});
afterAll(async () => {
  await context.close();
});

function post(payload: unknown, token?: string, language?: string) {
  return context.app.inject({
    method: "POST",
    url: "/api/bounty/points/admin/grants",
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(language ? { "accept-language": language } : {}),
    },
    payload: payload as Record<string, unknown>,
  });
}

function listGrants(token?: string) {
  return context.app.inject({
    method: "GET",
    url: "/api/bounty/points/admin/grants",
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
}

async function signedInUser() {
  const session = await signIn(context.app);
  const [row] = await context.database.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.address, session.wallet.address));
  return { ...session, userId: row?.id ?? expect.unreachable("no user row") };
}

async function written(userId: number) {
  const db = context.database.db;
  return {
    ledger: await db.select().from(pointsLedger).where(eq(pointsLedger.userId, userId)),
    grants: await db.select().from(pointsGrants).where(eq(pointsGrants.userId, userId)),
    audit: await db
      .select()
      .from(adminActions)
      .where(eq(adminActions.targetId, String(userId))),
  };
}

const nothing = { ledger: [], grants: [], audit: [] };

describe("POST /api/bounty/points/admin/grants", () => {
  it("refuses a visitor (401) and a non-administrator (403, en and cn) and writes nothing", async () => {
    const target = await signedInUser();
    const body = { address: target.wallet.address, amount: 100, reason: "Thanks" };
    const anonymous = await post(body);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().message).toBe("Please connect your wallet and sign in first.");
    const stranger = await signedInUser();
    const refused = await post(body, stranger.token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ content: null, typeCode: 660, message: "Administrators only." });
    expect((await post(body, stranger.token, "zh-cn")).json().message).toBe("仅限管理员操作。");
    // Not even to themselves.
    expect((await post({ ...body, address: stranger.wallet.address }, stranger.token)).statusCode).toBe(403);
    expect(await written(target.userId)).toEqual(nothing);
    expect(await written(stranger.userId)).toEqual(nothing);
  });

  it("grants for an administrator: one ledger row, one grant, one audit row, the new balance", async () => {
    const target = await signedInUser();
    const granted = await post(
      { address: target.wallet.address.toLowerCase(), amount: 150, reason: " Bug bounty " },
      adminToken,
    );
    expect(granted.statusCode).toBe(200);
    const content = granted.json().content;
    expect(content).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      address: target.wallet.address,
      amount: 150,
      reason: "Bug bounty",
      actor: adminWallet.address,
      createdAt: expect.stringMatching(/^\d{4}-/),
      balance: 150,
    });
    const rows = await written(target.userId);
    expect(rows.ledger).toHaveLength(1);
    expect(rows.ledger[0]).toMatchObject({
      amount: 150,
      reason: "Bug bounty",
      sourceKind: "admin",
      sourceId: content.id,
    });
    expect(rows.grants).toHaveLength(1);
    expect(rows.audit).toHaveLength(1);
    expect(rows.audit[0]).toMatchObject({
      action: "points.grant",
      targetKind: "user",
      actorAddress: adminWallet.address,
      details: { grantId: content.id, address: target.wallet.address, amount: 150, reason: "Bug bounty" },
    });

    // The same body again is another grant (each has its own source id).
    expect(
      (await post({ address: target.wallet.address, amount: 150, reason: "Bug bounty" }, adminToken)).json()
        .content.balance,
    ).toBe(300);
    const revoked = await post(
      { address: target.wallet.address, amount: -120, reason: "Duplicate" },
      adminToken,
    );
    expect(revoked.json().content.balance).toBe(180);
    const after = await written(target.userId);
    expect(after.ledger.map((row) => row.amount).sort((x, y) => x - y)).toEqual([-120, 150, 150]);
    expect(after.audit.map((row) => row.action).sort()).toEqual([
      "points.grant",
      "points.grant",
      "points.revoke",
    ]);

    const list = await listGrants(adminToken);
    expect(list.statusCode).toBe(200);
    expect(list.json().content.rows[0]).toMatchObject({
      address: target.wallet.address,
      amount: -120,
      reason: "Duplicate",
      actor: adminWallet.address,
    });
  });
});

describe("POST /api/bounty/points/admin/grants: what it refuses", () => {
  it("refuses a revocation below zero (400, en and cn) and writes nothing", async () => {
    const target = await signedInUser();
    await post({ address: target.wallet.address, amount: 50, reason: "Start" }, adminToken);
    const before = await written(target.userId);
    const refused = await post(
      { address: target.wallet.address, amount: -51, reason: "Too much" },
      adminToken,
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      content: null,
      typeCode: 631,
      message: "This would take the balance below zero (the balance is 50).",
    });
    const cn = await post(
      { address: target.wallet.address, amount: -51, reason: "Too much" },
      adminToken,
      "zh-cn",
    );
    expect(cn.json().message).toBe("此操作会使余额低于零（当前余额为 50）。");
    expect(await written(target.userId)).toEqual(before);
  });

  it("refuses an address that never signed in (404) and writes nothing", async () => {
    const unknown = newWallet();
    const refused = await post({ address: unknown.address, amount: 10, reason: "Hello" }, adminToken);
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toEqual({
      content: null,
      typeCode: 630,
      message: "No user has signed in with this address yet.",
    });
    expect(
      (await listGrants(adminToken))
        .json()
        .content.rows.some((row: { address: string }) => row.address === unknown.address),
    ).toBe(false);
  });

  it("refuses fields it does not take (mass assignment) with 400 and writes nothing", async () => {
    const target = await signedInUser();
    const base = { address: target.wallet.address, amount: 10, reason: "Ok" };
    for (const extra of [
      { userId: 1 },
      { sourceKind: "mission" },
      { sourceId: "x" },
      { points: 9999 },
      { actorUserId: 1 },
    ]) {
      const refused = await post({ ...base, ...extra }, adminToken);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toBe(
        `The request is not valid: body: Unrecognized key: "${Object.keys(extra)[0]}"`,
      );
    }
    expect(await written(target.userId)).toEqual(nothing);
  });

  it("refuses bad input with 400 and the exact message, in en and cn, never 500", async () => {
    const target = await signedInUser();
    const address = target.wallet.address;
    const amountMessage =
      "The amount must be a whole number other than zero, at most 1,000,000,000 either way.";
    const reasonMessage = "Give a reason of 1 to 200 characters, without control characters.";
    const cases: [Record<string, unknown>, string][] = [
      [{ address, amount: 1.5, reason: "r" }, amountMessage],
      [{ address, amount: 0, reason: "r" }, amountMessage],
      [{ address, amount: 1e30, reason: "r" }, amountMessage],
      [{ address, amount: -1_000_000_001, reason: "r" }, amountMessage],
      [{ address, amount: "10", reason: "r" }, amountMessage],
      [{ address, amount: null, reason: "r" }, amountMessage],
      [{ address, reason: "r" }, amountMessage],
      [{ address, amount: 1, reason: "   " }, reasonMessage],
      [{ address, amount: 1, reason: "x".repeat(201) }, reasonMessage],
      [{ address, amount: 1 }, reasonMessage],
      [{ address, amount: 1, reason: "a\u0000b" }, "The request contains a control character (body.reason)."],
      [{ address, amount: 1, reason: "a\u001bb" }, "The request contains a control character (body.reason)."],
      [{ address: "0x1234", amount: 1, reason: "r" }, "Please enter the correct address format."],
      [{ address: `${address}00`, amount: 1, reason: "r" }, "Please enter the correct address format."],
      [
        { address: 42, amount: 1, reason: "r" },
        "The request is not valid: address: Invalid input: expected string, received number",
      ],
    ];
    for (const [body, message] of cases) {
      const refused = await post(body, adminToken);
      expect({ body, status: refused.statusCode, message: refused.json().message }).toEqual({
        body,
        status: 400,
        message,
      });
    }
    const cn = await post({ address, amount: 1.5, reason: "r" }, adminToken, "zh-cn");
    expect(cn.json().message).toBe("数量必须是非零整数，绝对值不超过 1,000,000,000。");
    const cnReason = await post({ address, amount: 1, reason: "" }, adminToken, "zh-cn");
    expect(cnReason.json().message).toBe("请填写 1 到 200 个字符的原因，且不能包含控制字符。");
    expect(await written(target.userId)).toEqual(nothing);
  });
});

describe("GET /api/bounty/points/admin/grants", () => {
  it("is refused to a visitor (401) and a non-administrator (403)", async () => {
    expect((await listGrants()).statusCode).toBe(401);
    const stranger = await signedInUser();
    expect((await listGrants(stranger.token)).statusCode).toBe(403);
  });
});
