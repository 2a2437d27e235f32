// The news API's test setup: an app with one administrator, a clock the test moves, and data builders.
import { adminActions, airdrops, eq, users } from "@dropfair/db";
import { buildTestApp, newWallet, signIn, type TestContext } from "./helper.ts";

export const newsStart = new Date("2026-11-26T12:00:00.000Z");
export const dayMs = 86_400_000;

export type NewsTestContext = TestContext & {
  clock: { now: Date };
  adminToken: string;
  adminUserId: number;
  strangerToken: string;
  call(
    method: "GET" | "POST" | "PATCH" | "PUT",
    url: string,
    options?: { token?: string; payload?: unknown; language?: string },
  ): Promise<{ status: number; body: { content: unknown; typeCode: number; message: string } }>;
};

export async function buildNewsTestApp(environment: Record<string, string> = {}): Promise<NewsTestContext> {
  const clock = { now: newsStart };
  const admin = newWallet();
  const context = await buildTestApp({
    environment: { ADMIN_ADDRESSES: admin.address, ...environment },
    now: () => clock.now,
  });
  const adminToken = (await signIn(context.app, admin)).token;
  const strangerToken = (await signIn(context.app)).token;
  const [adminUser] = await context.database.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.address, admin.address));
  return {
    ...context,
    clock,
    adminToken,
    adminUserId: adminUser!.id,
    strangerToken,
    async call(method, url, options = {}) {
      const headers: Record<string, string> = {};
      if (options.token) headers.authorization = `Bearer ${options.token}`;
      if (options.language) headers["accept-language"] = options.language;
      const response = await context.app.inject({
        method,
        url,
        headers,
        ...(options.payload === undefined ? {} : { payload: options.payload as Record<string, unknown> }),
      });
      return { status: response.statusCode, body: response.json() };
    },
  };
}

/** A create body: a DeFi entry that started a day before the test clock and ends in 10 days. */
export function newsEntryBody(fields: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    project: "Example Swap",
    title: "Liquidity season",
    summary: "Provide liquidity and trade weekly.",
    category: "defi",
    chainIds: [1],
    startAt: new Date(newsStart.getTime() - dayMs).toISOString(),
    endAt: new Date(newsStart.getTime() + 10 * dayMs).toISOString(),
    links: [{ kind: "website", url: "https://example.com" }],
    requirements: [{ action: "Add liquidity", url: "https://example.com/pool" }],
    ...fields,
  };
}

type EntryContent = { id: number; published: boolean; featured: boolean; title: string };

/** Creates (and by default publishes, at the clock's time) an entry as the administrator. */
export async function createEntry(
  context: NewsTestContext,
  fields: Record<string, unknown> = {},
  { publish = true }: { publish?: boolean } = {},
): Promise<EntryContent> {
  const created = await context.call("POST", "/api/bounty/news/admin/entries", {
    token: context.adminToken,
    payload: newsEntryBody(fields),
  });
  if (created.status !== 200) throw new Error(`entry not created: ${JSON.stringify(created.body)}`);
  const entry = created.body.content as EntryContent;
  if (!publish) return entry;
  const published = await context.call("POST", `/api/bounty/news/admin/entries/${entry.id}/publish`, {
    token: context.adminToken,
  });
  return published.body.content as EntryContent;
}

/** A released airdrop of the administrator's wallet, written straight to the books. */
export async function releasedAirdrop(
  context: NewsTestContext,
  values: { title: string; startAt: Date; endAt: Date; releasedAt: Date | null; deletedAt?: Date },
): Promise<number> {
  const [user] = await context.database.db.select().from(users).where(eq(users.id, context.adminUserId));
  const [row] = await context.database.db
    .insert(airdrops)
    .values({
      creatorUserId: user!.id,
      creatorAddress: user!.address,
      rewardType: "token",
      idType: "wallet",
      mode: "all",
      chainId: 56,
      tokenSymbol: "DROP",
      ...values,
    })
    .returning({ id: airdrops.id });
  return row!.id;
}

export async function auditRows(context: NewsTestContext) {
  return context.database.db.select().from(adminActions).orderBy(adminActions.id);
}
