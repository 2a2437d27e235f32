// Bug reports and feature requests: anyone sends one, a bot filling the honeypot is answered alike and kept
// nowhere, screenshots are checked by their bytes, and only administrators read and triage reports (T8, T9, T12).
import { adminActions, desc, eq, feedbackReports } from "@dropfair/db";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type Answer,
  bearer,
  buildFeedbackApp,
  call,
  dataUrl,
  type FeedbackFixture,
  pngBytes,
  reportBody,
} from "./feedback-helper.ts";

let fixture: FeedbackFixture;
beforeAll(async () => {
  fixture = await buildFeedbackApp();
});
afterAll(async () => {
  await fixture.context.close();
});

const db = () => fixture.context.database.db;
const submit = (payload: unknown, headers: Record<string, string> = {}) =>
  call(fixture.context, {
    method: "POST",
    url: "/api/bounty/feedback/reports",
    payload: payload as object,
    headers,
  });

async function reportCount() {
  return (await db().select({ id: feedbackReports.id }).from(feedbackReports)).length;
}

async function latestReport() {
  const [row] = await db().select().from(feedbackReports).orderBy(desc(feedbackReports.id)).limit(1);
  return row!;
}

describe("POST /reports", () => {
  it("stores an anonymous bug report as new, in the caller's language", async () => {
    const answer = await submit(reportBody({ contact: "  @alice on X " }), { "accept-language": "zh-cn" });
    expect(answer).toEqual({
      status: 200,
      body: { content: { received: true }, typeCode: 1, message: "success" },
    });
    const row = await latestReport();
    expect(row).toMatchObject({
      kind: "bug",
      title: "The claim button does nothing",
      page: "/airdrop/12",
      contact: "@alice on X",
      locale: "cn",
      status: "new",
      reporterUserId: null,
      screenshot: null,
      screenshotType: null,
    });
    expect(row.createdAt.toISOString()).toBe("2026-03-01T10:00:00.000Z");
  });

  it("remembers the signed-in reporter and keeps a PNG screenshot byte for byte", async () => {
    const answer = await submit(
      reportBody({ kind: "feature", screenshot: dataUrl("image/png", pngBytes), locale: "en", contact: "" }),
      bearer(fixture.userToken),
    );
    expect(answer.status).toBe(200);
    const row = await latestReport();
    expect(row).toMatchObject({
      kind: "feature",
      reporterUserId: fixture.userId,
      contact: null,
      locale: "en",
    });
    expect(row.screenshotType).toBe("image/png");
    expect(Buffer.from(row.screenshot!).equals(pngBytes)).toBe(true);
    expect(row.screenshotBytes).toBe(pngBytes.length);
  });

  it("answers a filled honeypot like any report and keeps nothing", async () => {
    const before = await reportCount();
    const answer = await submit(reportBody({ website: "https://cheap-pills.example" }));
    expect(answer).toEqual({
      status: 200,
      body: { content: { received: true }, typeCode: 1, message: "success" },
    });
    expect(await reportCount()).toBe(before);
  });

  it("refuses a screenshot whose bytes are not the image it claims, in en and cn (680)", async () => {
    const before = await reportCount();
    const html = dataUrl("image/png", Buffer.from("<html><script>alert(1)</script></html>"));
    const en = await submit(reportBody({ screenshot: html }));
    expect(en).toEqual({
      status: 400,
      body: { content: null, typeCode: 680, message: "The screenshot must be a PNG, JPEG or WebP image." },
    });
    const cn = await submit(reportBody({ screenshot: html }), { "accept-language": "zh-cn" });
    expect(cn.body.message).toBe("截图必须是 PNG、JPEG 或 WebP 图片。");
    const svg = await submit(reportBody({ screenshot: "data:image/svg+xml;base64,PHN2Zy8+" }));
    expect(svg.body).toEqual({
      content: null,
      typeCode: 400,
      message: "The screenshot must be a PNG, JPEG or WebP image.",
    });
    expect(await reportCount()).toBe(before);
  });

  it("refuses a screenshot over 1 MB (681), and a far larger one by the schema", async () => {
    const before = await reportCount();
    const justOver = Buffer.concat([pngBytes, Buffer.alloc(1024 * 1024 + 1 - pngBytes.length)]);
    const over = await submit(reportBody({ screenshot: dataUrl("image/png", justOver) }));
    expect(over).toEqual({
      status: 400,
      body: { content: null, typeCode: 681, message: "The screenshot can be at most 1M." },
    });
    const large = Buffer.concat([pngBytes, Buffer.alloc(1100 * 1024)]);
    const cn = await submit(reportBody({ screenshot: dataUrl("image/png", large) }), {
      "accept-language": "zh-cn",
    });
    expect(cn).toEqual({ status: 400, body: { content: null, typeCode: 400, message: "截图最大为 1M。" } });
    expect(await reportCount()).toBe(before);
  });

  it.each([
    [{ title: "   " }, "Please input the title.", "请输入标题。"],
    [{ title: "x".repeat(121) }, "The title can be up to 120 characters.", "标题最多 120 个字符。"],
    [
      { description: "" },
      "Please describe what happened or what you would like.",
      "请描述发生了什么或您希望增加什么功能。",
    ],
    [{ page: undefined }, "Please name the page the report is about.", "请填写反馈所涉及的页面。"],
    [{ contact: "c".repeat(201) }, "The contact can be up to 200 characters.", "联系方式最多 200 个字符。"],
  ])("answers %j with its message in en and cn (T12)", async (fields, en, cn) => {
    expect((await submit(reportBody(fields))).body).toEqual({ content: null, typeCode: 400, message: en });
    expect((await submit(reportBody(fields), { "accept-language": "zh-cn" })).body.message).toBe(cn);
  });

  it("refuses extra fields such as a status or a reporter (T9)", async () => {
    const before = await reportCount();
    for (const extra of [{ status: "done" }, { reporterUserId: 1 }, { id: 99 }]) {
      const answer = await submit(reportBody(extra));
      expect(answer.status).toBe(400);
      expect(answer.body.typeCode).toBe(400);
    }
    expect(await reportCount()).toBe(before);
  });

  it("never answers hostile bodies with a 5xx (T12)", async () => {
    const field = fc.oneof(
      fc.string({ maxLength: 300 }),
      fc.constantFrom(
        "\u0000",
        "\u202e",
        "data:image/png;base64,",
        "data:image/png;base64,====",
        "=cmd|' /C calc'!A0",
      ),
      fc.integer(),
      fc.constant(null),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.record(
          {
            kind: fc.oneof(fc.constantFrom("bug", "feature", "other"), field),
            title: field,
            description: field,
            page: field,
            contact: field,
            screenshot: field,
            website: field,
          },
          { requiredKeys: [] },
        ),
        async (body) => {
          const answer = await submit(body);
          expect(answer.status).toBeLessThan(500);
        },
      ),
      { numRuns: 40 },
    );
  });
});

describe("administrators' report routes", () => {
  let reportId: number;
  beforeAll(async () => {
    await submit(reportBody({ title: "Triage me", screenshot: dataUrl("image/png", pngBytes) }));
    reportId = (await latestReport()).id;
  });

  const list = (headers: Record<string, string> = {}, query = "") =>
    call(fixture.context, { url: `/api/bounty/feedback/reports${query}`, headers });
  const patch = (id: number | string, payload: unknown, headers: Record<string, string> = {}) =>
    call(fixture.context, {
      method: "PATCH",
      url: `/api/bounty/feedback/reports/${id}`,
      payload: payload as object,
      headers,
    });

  it("lists reports to administrators only: anonymous 401, a signed-in user 403 and no data", async () => {
    const anonymous = await list();
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.content).toBeNull();
    const user = await list(bearer(fixture.userToken));
    expect(user).toEqual({
      status: 403,
      body: { content: null, typeCode: 660, message: expect.any(String) },
    });
    const admin = await list(bearer(fixture.adminToken));
    expect(admin.status).toBe(200);
    const content = admin.body.content as {
      items: { id: number; title: string; hasScreenshot: boolean }[];
      total: number;
    };
    expect(content.total).toBe(await reportCount());
    expect(content.items[0]).toMatchObject({
      id: reportId,
      title: "Triage me",
      hasScreenshot: true,
      status: "new",
    });
  });

  it("filters by status and kind, and pages", async () => {
    const features = await list(bearer(fixture.adminToken), "?kind=feature&size=1");
    const content = features.body.content as { items: { kind: string }[]; total: number; size: number };
    expect(content.size).toBe(1);
    expect(content.items.map((item) => item.kind)).toEqual(["feature"]);
    expect(content.total).toBe(1);
    const bad = await list(bearer(fixture.adminToken), "?status=closed");
    expect(bad.status).toBe(400);
  });

  it("changes the status for an administrator only, with an audit row in the same change (T8)", async () => {
    const anonymous = await patch(reportId, { status: "done" });
    expect(anonymous.status).toBe(401);
    const user = await patch(reportId, { status: "done" }, bearer(fixture.userToken));
    expect(user.status).toBe(403);
    expect(user.body.typeCode).toBe(660);
    expect(
      (await db().select().from(feedbackReports).where(eq(feedbackReports.id, reportId)))[0]!.status,
    ).toBe("new");

    fixture.clock.now = new Date("2026-03-01T11:00:00.000Z");
    const admin = await patch(reportId, { status: "triaged" }, bearer(fixture.adminToken));
    expect(admin.status).toBe(200);
    expect(admin.body.content).toMatchObject({
      id: reportId,
      status: "triaged",
      updatedAt: "2026-03-01T11:00:00.000Z",
    });
    const [audit] = await db().select().from(adminActions).where(eq(adminActions.action, "feedback.triage"));
    expect(audit).toMatchObject({
      targetKind: "feedback_report",
      targetId: String(reportId),
      details: { from: "new", to: "triaged" },
    });
  });

  it("refuses extra fields, unknown statuses and unknown reports without changing anything (T9)", async () => {
    const headers = bearer(fixture.adminToken);
    expect((await patch(reportId, { status: "done", title: "changed" }, headers)).status).toBe(400);
    expect((await patch(reportId, { status: "closed" }, headers)).status).toBe(400);
    expect((await patch("abc", { status: "done" }, headers)).status).toBe(400);
    const missing: Answer = await patch(999_999, { status: "done" }, headers);
    expect(missing).toEqual({
      status: 404,
      body: { content: null, typeCode: 10, message: expect.any(String) },
    });
    const [row] = await db().select().from(feedbackReports).where(eq(feedbackReports.id, reportId));
    expect(row).toMatchObject({ status: "triaged", title: "Triage me" });
  });

  it("serves a screenshot to administrators only, as the image it is (T8)", async () => {
    const url = `/api/bounty/feedback/reports/${reportId}/screenshot`;
    expect((await fixture.context.app.inject({ url })).statusCode).toBe(401);
    const user = await fixture.context.app.inject({ url, headers: bearer(fixture.userToken) });
    expect(user.statusCode).toBe(403);
    expect(user.headers["content-type"]).toContain("application/json");
    const admin = await fixture.context.app.inject({ url, headers: bearer(fixture.adminToken) });
    expect(admin.statusCode).toBe(200);
    expect(admin.headers["content-type"]).toBe("image/png");
    expect(admin.headers["x-content-type-options"]).toBe("nosniff");
    expect(admin.rawPayload.equals(pngBytes)).toBe(true);
    await submit(reportBody({ title: "No picture" }));
    const without = await latestReport();
    const none = await fixture.context.app.inject({
      url: `/api/bounty/feedback/reports/${without.id}/screenshot`,
      headers: bearer(fixture.adminToken),
    });
    expect(none.statusCode).toBe(404);
    expect(none.json().message).toBe("This report has no screenshot.");
  });
});

describe("T11: report submissions are rate-limited per IP", () => {
  it("answers 429 after the configured number per hour, in the caller's language", async () => {
    const limited = await buildFeedbackApp({ FEEDBACK_RATE_LIMIT_PER_HOUR: "3" });
    try {
      const statuses: number[] = [];
      let last: Answer | undefined;
      for (let index = 0; index < 5; index++) {
        last = await call(limited.context, {
          method: "POST",
          url: "/api/bounty/feedback/reports",
          payload: reportBody(),
          headers: { "accept-language": "zh-cn" },
        });
        statuses.push(last.status);
      }
      expect(statuses).toEqual([200, 200, 200, 429, 429]);
      expect(last!.body).toEqual({ content: null, typeCode: 450, message: "请求过于频繁，请稍后再试。" });
      const rows = await limited.context.database.db.select({ id: feedbackReports.id }).from(feedbackReports);
      expect(rows).toHaveLength(3);
      // Another client address has its own allowance.
      const other = await call(limited.context, {
        method: "POST",
        url: "/api/bounty/feedback/reports",
        payload: reportBody(),
        remoteAddress: "10.0.0.7",
      });
      expect(other.status).toBe(200);
    } finally {
      await limited.context.close();
    }
  });
});
