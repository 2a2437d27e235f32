// Referral tests: signing in with a parent code, reading the referral routes, and the referee's progress (social
// accounts and finished missions) written as the social-links and missions modules store them.
import { eq, missionCampaigns, missionCompletions, missions, socialLinks, users } from "@dropfair/db";
import type { App } from "../src/app.ts";
import { newWallet, requestMessage, submitLogin, type TestContext } from "./helper.ts";

type Wallet = ReturnType<typeof newWallet>;

/** Signs the wallet in (its first sign-in makes its code), sending `parent` as the login payload does. */
export async function signInWithParent(app: App, parent?: unknown, wallet: Wallet = newWallet()) {
  const { body } = await requestMessage(app, wallet);
  const signature = await wallet.signMessage({ message: body.content });
  const login = await submitLogin(app, wallet, parent === undefined ? { signature } : { signature, parent });
  if (login.response.statusCode !== 200) throw new Error(`sign-in failed: ${login.response.body}`);
  const token = (login.body.content as { token: string }).token;
  return { wallet, token };
}

export async function referralCall(
  app: App,
  request: {
    method?: "GET" | "PUT";
    url: string;
    token?: string;
    payload?: unknown;
    language?: "en" | "cn";
    /** The client's address (the throttles count per address). */
    remoteAddress?: string;
  },
) {
  const headers: Record<string, string> = {
    "accept-language": request.language === "cn" ? "zh-cn" : "en-us",
  };
  if (request.token) headers.authorization = `Bearer ${request.token}`;
  const response = await app.inject({
    method: request.method ?? "GET",
    url: `/api/bounty/referral${request.url}`,
    headers,
    ...(request.payload === undefined ? {} : { payload: request.payload as never }),
    ...(request.remoteAddress ? { remoteAddress: request.remoteAddress } : {}),
  });
  return {
    status: response.statusCode,
    headers: response.headers,
    // biome-ignore lint/suspicious/noExplicitAny: answers are checked with exact toEqual assertions in the tests.
    body: response.json() as { content: any; typeCode: number; message: string },
  };
}

export async function codeOf(app: App, token: string): Promise<string> {
  const me = await referralCall(app, { url: "/me", token });
  if (me.status !== 200) throw new Error(`GET /me failed: ${me.status}`);
  return me.body.content.code as string;
}

export async function userIdOf(context: TestContext, wallet: Wallet): Promise<number> {
  const [user] = await context.database.db.select().from(users).where(eq(users.address, wallet.address));
  if (!user) throw new Error("no such user");
  return user.id;
}

/** Binds a social account to the user the way the social-links module stores it. */
export async function bindSocial(
  context: TestContext,
  userId: number,
  provider: "x" | "discord" | "telegram",
  accountId: string,
) {
  await context.database.db
    .insert(socialLinks)
    .values({ userId, provider, accountId, displayName: `${provider} ${accountId}`, username: null });
}

export async function unbindSocial(
  context: TestContext,
  userId: number,
  provider: "x" | "discord" | "telegram",
) {
  const { and } = await import("@dropfair/db");
  await context.database.db
    .delete(socialLinks)
    .where(and(eq(socialLinks.userId, userId), eq(socialLinks.provider, provider)));
}

/**
 * Records a finished mission the way the missions module does, and decides the referral reward inside the same
 * transaction, as the missions module's completion does through onMissionCompleted. Answers the outcome.
 */
export async function finishMission(
  context: TestContext,
  userId: number,
  options: { trigger?: boolean } = {},
) {
  const db = context.database.db;
  return db.transaction(async (tx) => {
    const [campaign] = await tx
      .insert(missionCampaigns)
      .values({ kind: "achievement", referenceId: `referral-test-${userId}-${Math.random()}` })
      .returning();
    const [mission] = await tx
      .insert(missions)
      .values({ campaignId: campaign!.id, position: 0, kind: "discord_join", parameters: {}, rewardEp: 0 })
      .returning();
    await tx.insert(missionCompletions).values({
      userId,
      missionId: mission!.id,
      campaignId: campaign!.id,
      provider: "discord",
      accountId: `account-${userId}`,
      rewardEp: 0,
      rewardTickets: 0,
    });
    if (options.trigger === false) return undefined;
    // What the missions module's onMissionCompleted runs, with its outcome for the test to read.
    return context.app.referral.evaluateReward(userId, tx);
  });
}
