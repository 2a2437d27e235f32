// The newsletter list: the two subscribe messages in en and cn, one row per mailbox with its consent time and
// language, unsubscribe links that only the server can sign, and the administrators' CSV export (T8, T11, T12).
import { adminActions, eq, newsletterSubscriptions } from "@dropfair/db";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ConfigError, parseConfig } from "../src/platform/config.ts";
import { type Answer, bearer, buildFeedbackApp, call, type FeedbackFixture } from "./feedback-helper.ts";
import { appOrigin, buildTestApp } from "./helper.ts";

let fixture: FeedbackFixture;
beforeAll(async () => {
  fixture = await buildFeedbackApp();
});
afterAll(async () => {
  await fixture.context.close();
});

const db = () => fixture.context.database.db;
const subscribe = (payload: unknown, headers: Record<string, string> = {}) =>
  call(fixture.context, {
    method: "POST",
    url: "/api/bounty/feedback/subscriptions",
    payload: payload as object,
    headers,
  });

async function subscriptionOf(email: string) {
  const rows = await db()
    .select()
    .from(newsletterSubscriptions)
    .where(eq(newsletterSubscriptions.email, email));
  return rows;
}

async function exportCsv(headers: Record<string, string>) {
  const response = await fixture.context.app.inject({
    url: "/api/bounty/feedback/subscriptions/export.csv",
    headers,
  });
  return response;
}

/** The unsubscribe link of `email` as the export hands it out. */
async function unsubscribeTokenOf(email: string): Promise<string> {
  const csv = (await exportCsv(bearer(fixture.adminToken))).body;
  const line = csv.split("\r\n").find((row) => row.startsWith(`${email},`) || row.startsWith(`'${email},`));
  if (!line) throw new Error(`${email} is not in the export`);
  return new URL(line.split(",").at(-1)!).searchParams.get("token")!;
}

const ok = { status: 200, body: { content: { subscribed: true }, typeCode: 1, message: "success" } };

describe("POST /subscriptions: the e-mail messages (T12)", () => {
  it.each([
    [{ email: "" }, "E-mail address is empty", "邮箱地址为空"],
    [{ email: "   " }, "E-mail address is empty", "邮箱地址为空"],
    [{}, "E-mail address is empty", "邮箱地址为空"],
    [{ email: "alice@" }, "Input is not a valid e-mail address, please re-enter.", null],
    [{ email: "alice example.com" }, "Input is not a valid e-mail address, please re-enter.", null],
    [
      { email: `${"a".repeat(250)}@example.com` },
      "Input is not a valid e-mail address, please re-enter.",
      null,
    ],
  ])("answers %j with its message in en and cn", async (body, en, cn) => {
    expect(await subscribe(body)).toEqual({
      status: 400,
      body: { content: null, typeCode: 400, message: en },
    });
    const chinese = await subscribe(body, { "accept-language": "zh-cn" });
    expect(chinese.status).toBe(400);
    if (cn) expect(chinese.body.message).toBe(cn);
    else expect(chinese.body.message).toBe("邮箱地址格式不正确，请重新输入。");
  });

  it("refuses extra fields and a non-string address with a 4xx, never a 5xx (T9)", async () => {
    for (const body of [
      { email: "a@example.com", consentedAt: "2020-01-01" },
      { email: "a@example.com", unsubscribedAt: null },
      { email: 42 },
      { email: ["a@example.com"] },
      { email: "a@example.com", locale: "fr" },
    ]) {
      const answer = await subscribe(body);
      expect(answer.status).toBe(400);
    }
    expect(await subscriptionOf("a@example.com")).toEqual([]);
  });
});

describe("subscribing", () => {
  it("stores the address once, normalised, with the consent time and language", async () => {
    expect(await subscribe({ email: "  Bob@Example.COM " }, { "accept-language": "zh-cn" })).toEqual(ok);
    fixture.clock.now = new Date("2026-03-02T08:00:00.000Z");
    expect(await subscribe({ email: "bob@example.com", locale: "en" })).toEqual(ok);
    const rows = await subscriptionOf("bob@example.com");
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ locale: "cn", unsubscribedAt: null });
    expect(rows[0]!.consentedAt.toISOString()).toBe("2026-03-01T10:00:00.000Z");
  });

  it("answers a filled honeypot like any subscription and stores nothing", async () => {
    expect(await subscribe({ email: "bot@example.com", website: "http://spam.example" })).toEqual(ok);
    expect(await subscriptionOf("bot@example.com")).toEqual([]);
  });
});

describe("unsubscribing through the signed link", () => {
  const unsubscribeUrl = (token: string) =>
    `/api/bounty/feedback/subscriptions/unsubscribe?token=${encodeURIComponent(token)}`;

  it("shows the masked address, then unsubscribes on POST only, once", async () => {
    await subscribe({ email: "carol@example.com", locale: "en" });
    const token = await unsubscribeTokenOf("carol@example.com");
    const shown = await call(fixture.context, { url: unsubscribeUrl(token) });
    expect(shown.body.content).toEqual({ email: "ca***@example.com", subscribed: true });
    expect((await subscriptionOf("carol@example.com"))[0]!.unsubscribedAt).toBeNull();

    fixture.clock.now = new Date("2026-03-03T09:00:00.000Z");
    const done = await call(fixture.context, { method: "POST", url: unsubscribeUrl(token) });
    expect(done.body.content).toEqual({ email: "ca***@example.com", subscribed: false });
    fixture.clock.now = new Date("2026-03-04T09:00:00.000Z");
    await call(fixture.context, { method: "POST", url: unsubscribeUrl(token) });
    const [row] = await subscriptionOf("carol@example.com");
    expect(row!.unsubscribedAt!.toISOString()).toBe("2026-03-03T09:00:00.000Z");
    const csv = (await exportCsv(bearer(fixture.adminToken))).body;
    expect(csv).not.toContain("carol@example.com");

    // Subscribing again is a new consent.
    await subscribe({ email: "carol@example.com", locale: "cn" });
    const [again] = await subscriptionOf("carol@example.com");
    expect(again).toMatchObject({ unsubscribedAt: null, locale: "cn" });
    expect(again!.consentedAt.toISOString()).toBe("2026-03-04T09:00:00.000Z");
  });

  it("refuses altered, foreign and malformed tokens in en and cn (682), changing nothing", async () => {
    await subscribe({ email: "dave@example.com" });
    await subscribe({ email: "erin@example.com" });
    const dave = await unsubscribeTokenOf("dave@example.com");
    const erin = await unsubscribeTokenOf("erin@example.com");
    const [daveId] = dave.split(".");
    const [, erinSignature] = erin.split(".");
    const flipped = `${dave.slice(0, -2)}${dave.at(-2) === "A" ? "B" : "A"}${dave.at(-1)}`;
    for (const token of [
      `${daveId}.${erinSignature}`,
      flipped,
      "1",
      "",
      "abc.def",
      `999999.${erinSignature}`,
    ]) {
      const answer: Answer = await call(fixture.context, { method: "POST", url: unsubscribeUrl(token) });
      expect(answer).toEqual({
        status: 400,
        body: {
          content: null,
          typeCode: 682,
          message: "This unsubscribe link is not valid. Please use the link from our latest e-mail.",
        },
      });
    }
    const cn = await call(fixture.context, {
      url: unsubscribeUrl(flipped),
      headers: { "accept-language": "zh-cn" },
    });
    expect(cn.body.message).toBe("该退订链接无效，请使用我们最新邮件中的链接。");
    const missing = await call(fixture.context, { url: "/api/bounty/feedback/subscriptions/unsubscribe" });
    expect(missing.status).toBe(400);
    expect((await subscriptionOf("dave@example.com"))[0]!.unsubscribedAt).toBeNull();
  });
});

describe("GET /subscriptions/export.csv", () => {
  it("is for administrators only: anonymous 401, a signed-in user 403 with no data", async () => {
    expect((await exportCsv({})).statusCode).toBe(401);
    const user = await exportCsv(bearer(fixture.userToken));
    expect(user.statusCode).toBe(403);
    expect(user.json()).toMatchObject({ content: null, typeCode: 660 });
    expect(user.body).not.toContain("@example.com");
  });

  it("lists active subscriptions with their unsubscribe links, formulas neutralised, and audits the export", async () => {
    await subscribe({ email: "=1+2@example.com", locale: "en" });
    await subscribe({ email: "-x@example.com", locale: "cn" });
    const response = await exportCsv(bearer(fixture.adminToken));
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(response.headers["content-disposition"]).toMatch(
      /^attachment; filename="newsletter-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const lines = response.body.split("\r\n").filter(Boolean);
    expect(lines[0]).toBe("email,locale,consented_at,unsubscribe_url");
    const formula = lines.find((line) => line.includes("1+2@example.com"))!;
    expect(formula.startsWith("'=1+2@example.com,en,")).toBe(true);
    const minus = lines.find((line) => line.includes("x@example.com") && line.includes(",cn,"))!;
    expect(minus.startsWith("'-x@example.com,cn,")).toBe(true);
    expect(minus).toMatch(
      /,http:\/\/localhost:3000\/cn\/newsletter\/unsubscribe\?token=\d+\.[A-Za-z0-9_-]{43}$/,
    );
    for (const line of lines.slice(1)) expect(line).not.toMatch(/^[=+\-@]/);
    const audits = await db().select().from(adminActions).where(eq(adminActions.action, "feedback.export"));
    expect(audits.length).toBeGreaterThan(0);
  });
});

describe("T11: subscriptions and unsubscribe calls are rate-limited per IP", () => {
  it("answers 429 after the configured number per hour", async () => {
    const limited = await buildFeedbackApp({ FEEDBACK_RATE_LIMIT_PER_HOUR: "2" });
    try {
      const statuses: number[] = [];
      for (let index = 0; index < 4; index++) {
        const answer = await call(limited.context, {
          method: "POST",
          url: "/api/bounty/feedback/subscriptions",
          payload: { email: `visitor${index}@example.com` },
        });
        statuses.push(answer.status);
        if (answer.status === 429) expect(answer.body.typeCode).toBe(450);
      }
      expect(statuses).toEqual([200, 200, 429, 429]);
      const unsubscribe: number[] = [];
      for (let index = 0; index < 3; index++) {
        const answer = await call(limited.context, {
          method: "POST",
          url: "/api/bounty/feedback/subscriptions/unsubscribe?token=1.x",
        });
        unsubscribe.push(answer.status);
      }
      expect(unsubscribe).toEqual([400, 400, 429]);
      const rows = await limited.context.database.db.select().from(newsletterSubscriptions);
      expect(rows).toHaveLength(2);
    } finally {
      await limited.context.close();
    }
  });
});

describe("the signing secret", () => {
  it("is required at boot outside sandbox mode, so no visitor's subscription fails later", () => {
    try {
      parseConfig({ APP_ORIGINS: appOrigin });
      expect.unreachable("booted without NEWSLETTER_SECRET");
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      expect((error as ConfigError).problems).toEqual([
        expect.stringMatching(
          /^NEWSLETTER_SECRET: required outside sandbox mode: it signs the newsletter's unsubscribe links/,
        ),
      ]);
    }
    expect(() => parseConfig({ NEWSLETTER_SECRET: "too-short" })).toThrow(
      /NEWSLETTER_SECRET: must be at least 32/,
    );
  });

  it("is made per process in sandbox mode, where subscribing works without one", async () => {
    const config = parseConfig({ SANDBOX: "on" });
    expect(config.feedback.newsletterSecret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(parseConfig({ SANDBOX: "on" }).feedback.newsletterSecret).not.toBe(
      config.feedback.newsletterSecret,
    );
    const sandbox = await buildTestApp({ environment: { SANDBOX: "on", NEWSLETTER_SECRET: "" } });
    try {
      const subscribed = await call(sandbox, {
        method: "POST",
        url: "/api/bounty/feedback/subscriptions",
        payload: { email: "frank@example.com" },
      });
      expect(subscribed.status).toBe(200);
      const [row] = await sandbox.database.db.select().from(newsletterSubscriptions);
      expect(row?.email).toBe("frank@example.com");
    } finally {
      await sandbox.close();
    }
  });
});
