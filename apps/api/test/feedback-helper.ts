// Shared set-up of the feedback API tests: an app whose administrator is a known wallet, and request helpers.
import { eq, users } from "@dropfair/db";
import type { InjectOptions } from "fastify";
import type { Address } from "viem";
import { buildTestApp, newWallet, signIn, type TestContext } from "./helper.ts";

export const newsletterSecret = "feedback-tests-newsletter-secret-0123456789";

export type FeedbackFixture = {
  context: TestContext;
  adminToken: string;
  userToken: string;
  userId: number;
  clock: { now: Date };
};

export async function buildFeedbackApp(environment: Record<string, string> = {}): Promise<FeedbackFixture> {
  const admin = newWallet();
  const clock = { now: new Date("2026-03-01T10:00:00.000Z") };
  const context = await buildTestApp({
    environment: {
      ADMIN_ADDRESSES: admin.address,
      NEWSLETTER_SECRET: newsletterSecret,
      FEEDBACK_RATE_LIMIT_PER_HOUR: "100000",
      ...environment,
    },
    now: () => clock.now,
  });
  const adminToken = (await signIn(context.app, admin)).token;
  const user = await signIn(context.app);
  const userId = await userIdOf(context, user.wallet.address);
  return { context, adminToken, userToken: user.token, userId, clock };
}

async function userIdOf(context: TestContext, address: Address): Promise<number> {
  const [row] = await context.database.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.address, address));
  return row!.id;
}

export type Answer = { status: number; body: { content: unknown; typeCode: number; message: string } };

export async function call(context: TestContext, request: InjectOptions): Promise<Answer> {
  const response = await context.app.inject(request);
  return { status: response.statusCode, body: response.json() };
}

export function bearer(token: string) {
  return { authorization: `Bearer ${token}` };
}

/** The smallest valid PNG (1×1, transparent) as bytes. */
export const pngBytes = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=",
  "base64",
);

export function dataUrl(type: string, bytes: Buffer) {
  return `data:${type};base64,${bytes.toString("base64")}`;
}

export function reportBody(fields: Record<string, unknown> = {}) {
  return {
    kind: "bug",
    title: "The claim button does nothing",
    description: "On the airdrop page, clicking Claim shows no wallet prompt.",
    page: "/airdrop/12",
    ...fields,
  };
}
