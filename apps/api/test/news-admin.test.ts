// News curation: administrators only (T8, T10), no mass assignment (T9), every change audited, messages in en
// and cn (T12).
import { eq, newsEntries } from "@dropfair/db";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  auditRows,
  buildNewsTestApp,
  createEntry,
  type NewsTestContext,
  newsEntryBody,
} from "./news-helper.ts";

let context: NewsTestContext;
beforeAll(async () => {
  context = await buildNewsTestApp();
});
afterAll(async () => {
  await context.close();
});

async function rowOf(id: number) {
  const [row] = await context.database.db.select().from(newsEntries).where(eq(newsEntries.id, id));
  return row;
}

/** Every curation route, with a request that would change entry `id`. */
function curationRoutes(id: number) {
  return [
    { method: "GET" as const, url: "/api/bounty/news/admin/entries" },
    { method: "GET" as const, url: `/api/bounty/news/admin/entries/${id}` },
    { method: "POST" as const, url: "/api/bounty/news/admin/entries", payload: newsEntryBody() },
    {
      method: "PATCH" as const,
      url: `/api/bounty/news/admin/entries/${id}`,
      payload: { title: "Taken over" },
    },
    { method: "POST" as const, url: `/api/bounty/news/admin/entries/${id}/publish` },
    { method: "POST" as const, url: `/api/bounty/news/admin/entries/${id}/unpublish` },
    {
      method: "PUT" as const,
      url: `/api/bounty/news/admin/entries/${id}/featured`,
      payload: { featured: true },
    },
  ];
}

describe("curation routes", () => {
  it("refuse anonymous callers (401) and other wallets (403 'Administrators only.'), changing nothing", async () => {
    const entry = await createEntry(context, {}, { publish: false });
    const before = await rowOf(entry.id);
    const auditBefore = (await auditRows(context)).length;
    for (const route of curationRoutes(entry.id)) {
      const anonymous = await context.call(route.method, route.url, { payload: route.payload });
      expect(anonymous.status, `${route.method} ${route.url}`).toBe(401);
      expect(anonymous.body.content).toBeNull();
      const stranger = await context.call(route.method, route.url, {
        token: context.strangerToken,
        payload: route.payload,
      });
      expect(stranger.status, `${route.method} ${route.url}`).toBe(403);
      expect(stranger.body).toEqual({ content: null, typeCode: 660, message: "Administrators only." });
      const cn = await context.call(route.method, route.url, {
        token: context.strangerToken,
        payload: route.payload,
        language: "zh-cn",
      });
      expect(cn.body.message).toBe("仅限管理员操作。");
    }
    expect(await rowOf(entry.id)).toEqual(before);
    expect((await auditRows(context)).length).toBe(auditBefore);
    const count = await context.database.db.select().from(newsEntries);
    expect(count.filter((row) => row.title === "Taken over")).toHaveLength(0);
  });

  it("let the administrator create, edit, publish, feature, unfeature and unpublish, each audited once", async () => {
    const auditBefore = (await auditRows(context)).length;
    const entry = await createEntry(context, { title: "Audited entry" }, { publish: false });
    expect(entry).toMatchObject({ published: false, featured: false, title: "Audited entry" });
    const admin = { token: context.adminToken };
    const base = `/api/bounty/news/admin/entries/${entry.id}`;
    const edited = await context.call("PATCH", base, { ...admin, payload: { title: "Edited entry" } });
    expect(edited.status).toBe(200);
    expect(edited.body.content).toMatchObject({ title: "Edited entry", published: false });
    const published = await context.call("POST", `${base}/publish`, admin);
    expect(published.body.content).toMatchObject({
      published: true,
      publishedAt: context.clock.now.toISOString(),
    });
    // Publishing again changes nothing and is not audited again.
    expect((await context.call("POST", `${base}/publish`, admin)).status).toBe(200);
    const featured = await context.call("PUT", `${base}/featured`, { ...admin, payload: { featured: true } });
    expect(featured.body.content).toMatchObject({ featured: true });
    await context.call("PUT", `${base}/featured`, { ...admin, payload: { featured: false } });
    const unpublished = await context.call("POST", `${base}/unpublish`, admin);
    expect(unpublished.body.content).toMatchObject({ published: false, publishedAt: null });

    const audit = (await auditRows(context)).slice(auditBefore);
    expect(audit.map((row) => [row.action, row.targetKind, row.targetId, row.actorUserId])).toEqual(
      ["news.create", "news.edit", "news.publish", "news.feature", "news.unfeature", "news.unpublish"].map(
        (action) => [action, "news_entry", String(entry.id), context.adminUserId],
      ),
    );
    expect(audit[1]!.details).toEqual({ fields: ["title"] });
  });

  it("answer 404 for an entry that does not exist, to the administrator too", async () => {
    const missing = await context.call("POST", "/api/bounty/news/admin/entries/999999/publish", {
      token: context.adminToken,
    });
    expect(missing.status).toBe(404);
    expect(missing.body.typeCode).toBe(10);
  });
});

describe("curation bodies", () => {
  it("refuse fields the administrator may not set this way (T9), creating nothing", async () => {
    const before = (await context.database.db.select().from(newsEntries)).length;
    for (const extra of [
      { publishedAt: "2026-01-01T00:00:00Z" },
      { featured: true },
      { isSample: true },
      { createdByUserId: 1 },
      { status: 2 },
    ]) {
      const answer = await context.call("POST", "/api/bounty/news/admin/entries", {
        token: context.adminToken,
        payload: newsEntryBody(extra),
      });
      expect(answer.status, JSON.stringify(extra)).toBe(400);
    }
    const entry = await createEntry(context, {}, { publish: false });
    const patched = await context.call("PATCH", `/api/bounty/news/admin/entries/${entry.id}`, {
      token: context.adminToken,
      payload: { publishedAt: "2026-01-01T00:00:00Z" },
    });
    expect(patched.status).toBe(400);
    const featured = await context.call("PUT", `/api/bounty/news/admin/entries/${entry.id}/featured`, {
      token: context.adminToken,
      payload: { featured: true, publishedAt: "2026-01-01T00:00:00Z" },
    });
    expect(featured.status).toBe(400);
    expect(await rowOf(entry.id)).toMatchObject({ publishedAt: null, featured: false });
    expect((await context.database.db.select().from(newsEntries)).length).toBe(before + 1);
  });

  it("give each validation message in en and cn (T12)", async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [
        { links: [{ kind: "website", url: "javascript:alert(1)" }] },
        "Links must start with http:// or https://.",
        "链接必须以 http:// 或 https:// 开头。",
      ],
      [
        { requirements: [{ action: "Swap", url: "data:text/html,hi" }] },
        "Links must start with http:// or https://.",
        "链接必须以 http:// 或 https:// 开头。",
      ],
      [
        { logoUrl: "http://example.com/logo.png" },
        "The logo must be an https:// image URL.",
        "Logo 必须是 https:// 图片地址。",
      ],
      [{ title: " \u200b " }, "Please input title", "请输入标题"],
      [{ project: "" }, "Please input the project name.", "请输入项目名称。"],
      [
        { endAt: "2026-11-20T00:00:00.000Z" },
        "The start time cannot be later than the end time",
        "开始时间不能晚于结束时间",
      ],
      [{ category: "Not A Slug!" }, "The category is not valid.", "分类无效。"],
    ];
    for (const [fields, en, cn] of cases) {
      for (const [language, message] of [
        ["en-us", en],
        ["zh-cn", cn],
      ] as const) {
        const answer = await context.call("POST", "/api/bounty/news/admin/entries", {
          token: context.adminToken,
          payload: newsEntryBody(fields),
          language,
        });
        expect({ status: answer.status, message: answer.body.message }, JSON.stringify(fields)).toEqual({
          status: 400,
          message,
        });
      }
    }
  });

  it("refuse a category that is not configured (typeCode 670, en and cn)", async () => {
    const payload = newsEntryBody({ category: "memes" });
    const en = await context.call("POST", "/api/bounty/news/admin/entries", {
      token: context.adminToken,
      payload,
    });
    expect({ status: en.status, ...en.body }).toEqual({
      status: 400,
      content: null,
      typeCode: 670,
      message: 'There is no category "memes".',
    });
    const cn = await context.call("POST", "/api/bounty/news/admin/entries", {
      token: context.adminToken,
      payload,
      language: "zh-cn",
    });
    expect(cn.body.message).toBe("没有“memes”这个分类。");
  });

  it("refuse an edit that puts the end before the start, keeping the entry", async () => {
    const entry = await createEntry(context, {}, { publish: false });
    const before = await rowOf(entry.id);
    const answer = await context.call("PATCH", `/api/bounty/news/admin/entries/${entry.id}`, {
      token: context.adminToken,
      payload: { startAt: "2027-06-01T00:00:00.000Z" },
    });
    expect({ status: answer.status, message: answer.body.message }).toEqual({
      status: 400,
      message: "The start time cannot be later than the end time",
    });
    expect(await rowOf(entry.id)).toEqual(before);
  });

  it("answer bad input with a 4xx, never a 500", async () => {
    const bodies: unknown[] = [
      "not json at all",
      [],
      { ...newsEntryBody(), chainIds: ["1"] },
      { ...newsEntryBody(), startAt: "yesterday" },
      { ...newsEntryBody(), links: "https://example.com" },
      { ...newsEntryBody(), summary: "x".repeat(5000) },
      {
        ...newsEntryBody(),
        requirements: Array.from({ length: 50 }, () => ({ action: "a", url: "https://a.b" })),
      },
      { ...newsEntryBody(), title: "\u0000\u0001" },
    ];
    for (const payload of bodies) {
      const answer = await context.app.inject({
        method: "POST",
        url: "/api/bounty/news/admin/entries",
        headers: { authorization: `Bearer ${context.adminToken}`, "content-type": "application/json" },
        payload: typeof payload === "string" ? payload : JSON.stringify(payload),
      });
      expect(answer.statusCode, JSON.stringify(payload).slice(0, 80)).toBeGreaterThanOrEqual(400);
      expect(answer.statusCode).toBeLessThan(500);
    }
    for (const id of ["0", "-1", "abc", "1e400", "99999999999999999999"]) {
      const answer = await context.call("GET", `/api/bounty/news/admin/entries/${id}`, {
        token: context.adminToken,
      });
      expect(answer.status, id).toBe(400);
    }
  });
});
