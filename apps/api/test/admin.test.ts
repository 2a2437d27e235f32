import { adminActions, eq, users } from "@dropfair/db";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { recordAdminAction } from "../src/modules/admin/index.ts";
import { buildTestApp, newWallet, signIn, type TestContext } from "./helper.ts";

const adminWallet = newWallet();
let context: TestContext;
beforeAll(async () => {
  context = await buildTestApp({ environment: { ADMIN_ADDRESSES: adminWallet.address } });
});
afterAll(async () => {
  await context.close();
});

function get(url: string, token?: string, headers: Record<string, string> = {}) {
  return context.app.inject({
    method: "GET",
    url,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
  });
}

async function adminUserId() {
  const [row] = await context.database.db.select().from(users).where(eq(users.address, adminWallet.address));
  return row?.id ?? expect.unreachable("the administrator has no user row");
}

describe("who is an administrator", () => {
  it("answers false to a visitor and to a signed-in wallet that is not listed, true to a listed one", async () => {
    expect((await get("/api/bounty/admin/me")).json().content).toEqual({ isAdmin: false });
    const other = await signIn(context.app);
    expect((await get("/api/bounty/admin/me", other.token)).json().content).toEqual({ isAdmin: false });
    const admin = await signIn(context.app, adminWallet);
    expect((await get("/api/bounty/admin/me", admin.token)).json().content).toEqual({ isAdmin: true });
  });
});

describe("the audit trail", () => {
  it("is refused to a visitor (401) and to a non-administrator (403, in en and cn), shown to an administrator", async () => {
    const anonymous = await get("/api/bounty/admin/actions");
    expect(anonymous.statusCode).toBe(401);
    const other = await signIn(context.app);
    const refused = await get("/api/bounty/admin/actions", other.token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ content: null, typeCode: 660, message: "Administrators only." });
    const refusedCn = await get("/api/bounty/admin/actions", other.token, { "accept-language": "zh-cn" });
    expect(refusedCn.json().message).toBe("仅限管理员操作。");
    const admin = await signIn(context.app, adminWallet);
    expect((await get("/api/bounty/admin/actions", admin.token)).statusCode).toBe(200);
  });

  it("lists recorded actions newest first with the actor's checksummed address, paged by cursor", async () => {
    const admin = await signIn(context.app, adminWallet);
    const actorUserId = await adminUserId();
    for (const n of [1, 2, 3])
      await recordAdminAction(context.database.db, {
        actorUserId,
        action: "test.audit",
        targetKind: "thing",
        targetId: String(n),
        details: { n },
      });
    const first = (await get("/api/bounty/admin/actions?action=test.audit&pageSize=2", admin.token)).json()
      .content;
    expect(first.rows.map((row: { targetId: string }) => row.targetId)).toEqual(["3", "2"]);
    expect(first.rows[0]).toMatchObject({
      actor: adminWallet.address,
      action: "test.audit",
      details: { n: 3 },
    });
    const second = (
      await get(`/api/bounty/admin/actions?action=test.audit&pageSize=2&cursor=${first.next}`, admin.token)
    ).json().content;
    expect(second).toMatchObject({ rows: [{ targetId: "1" }], next: null });
    const byPrefix = (await get("/api/bounty/admin/actions?action=test.", admin.token)).json().content;
    expect(byPrefix.rows).toHaveLength(3);
  });

  it("writes nothing when the change it records is rolled back", async () => {
    await signIn(context.app, adminWallet);
    const before = await context.database.db.select().from(adminActions);
    const userId = await adminUserId();
    await expect(
      context.database.db.transaction(async (tx) => {
        await recordAdminAction(tx, {
          actorUserId: userId,
          action: "test.rollback",
          targetKind: "t",
          targetId: "1",
        });
        throw new Error("the change failed");
      }),
    ).rejects.toThrow("the change failed");
    expect(await context.database.db.select().from(adminActions)).toHaveLength(before.length);
  });

  it("refuses a malformed filter or cursor with 400, never 500", async () => {
    const admin = await signIn(context.app, adminWallet);
    for (const query of ["action=%00", "cursor=abc", "pageSize=1000", "action=DROP%20TABLE"])
      expect((await get(`/api/bounty/admin/actions?${query}`, admin.token)).statusCode).toBe(400);
  });
});
