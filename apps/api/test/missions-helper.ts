// What the missions API tests share: the real app with the X, Discord and Telegram sandboxes mounted, an
// administrator, players (a wallet with its own sandbox X account), and the mission routes as functions.
import { and, eq, missionCompletions, pointsLedger } from "@dropfair/db";
import type { Mission } from "@dropfair/schemas/missions";
import { expect } from "vitest";
import { appOrigin, newWallet, signIn } from "./helper.ts";
import { linkDiscord, linkTelegram } from "./social-helper.ts";
import {
  type BuildTestAppWithXOptions,
  buildTestAppWithX,
  signInWithX,
  type XTestContext,
} from "./x-helper.ts";

export type MissionsContext = XTestContext & { adminToken: string };

/** `options`: the sandbox's settings (its clock, X's rate limits), the app's X client clock, the app's clock. */
export async function buildMissionsApp(
  environment: Record<string, string> = {},
  options: Pick<BuildTestAppWithXOptions, "sandbox" | "now"> & {
    client?: Pick<NonNullable<BuildTestAppWithXOptions["client"]>, "clock">;
  } = {},
): Promise<MissionsContext> {
  const admin = newWallet();
  const context = await buildTestAppWithX({
    environment: {
      ADMIN_ADDRESSES: admin.address,
      MISSION_CHECK_RATE_LIMIT_PER_MINUTE: "100000",
      MISSION_CHECK_IP_RATE_LIMIT_PER_MINUTE: "100000",
      ...environment,
    },
    ...(options.sandbox ? { sandbox: options.sandbox } : {}),
    ...(options.now ? { now: options.now } : {}),
    // An upstream that is down fails fast instead of being retried with backoff.
    client: { ...options.client, retry: { maxServerRetries: 0, baseDelayMs: 1 } },
  });
  const { token } = await signIn(context.app, admin);
  return { ...context, adminToken: token };
}

export const english = "en-us";
export const chinese = "zh-cn";

export function headers(walletToken?: string, xToken?: string, language = english): Record<string, string> {
  return {
    origin: appOrigin,
    "accept-language": language,
    ...(walletToken ? { authorization: `Bearer ${walletToken}` } : {}),
    ...(xToken ? { "x-twitter-token": xToken } : {}),
  };
}

export async function createMission(
  context: MissionsContext,
  body: Record<string, unknown>,
): Promise<Mission> {
  const response = await context.app.inject({
    method: "POST",
    url: "/api/bounty/missions/achievement/missions",
    headers: headers(context.adminToken),
    payload: body,
  });
  if (response.statusCode !== 200)
    throw new Error(`mission not created: ${response.statusCode} ${response.body}`);
  return response.json().content as Mission;
}

let nextAccount = 0;

/** A fresh sandbox X account (never used by another test of this process). */
export function freshXAccount(context: MissionsContext): { id: string; username: string } {
  const accounts = context.sandbox.world.signInAccounts(40).filter((user) => user.kind === "regular");
  const account = accounts[nextAccount++ % accounts.length];
  if (!account) throw new Error("no sandbox X account left");
  return { id: account.id, username: account.username };
}

export type Player = { walletToken: string; xToken?: string; x?: { id: string; username: string } };

/** A signed-in wallet; with `x`, also signed in with that sandbox X account (or a fresh one when true). */
export async function player(
  context: MissionsContext,
  options: { x?: boolean | string; discord?: string; telegram?: number } = {},
): Promise<Player> {
  const { token } = await signIn(context.app);
  const result: Player = { walletToken: token };
  if (options.x) {
    const username = typeof options.x === "string" ? options.x : freshXAccount(context).username;
    const user = context.sandbox.world.getUserByUsername(username);
    if (!user) throw new Error(`no sandbox X account ${username}`);
    result.x = { id: user.id, username: user.username };
    result.xToken = await signInWithX(context, username);
  }
  if (options.discord) {
    const linked = await linkDiscord(context.app, token, options.discord);
    if (linked.statusCode !== 200) throw new Error(`discord not linked: ${linked.body}`);
  }
  if (options.telegram) {
    const linked = await linkTelegram(
      context.app,
      token,
      context.telegramSandbox.loginFields(options.telegram),
    );
    if (linked.statusCode !== 200) throw new Error(`telegram not linked: ${linked.body}`);
  }
  return result;
}

export function check(
  context: MissionsContext,
  mission: { id: number },
  who: Player | undefined,
  options: { tweetId?: string; language?: string; body?: unknown } = {},
) {
  return context.app.inject({
    method: "POST",
    url: `/api/bounty/missions/${mission.id}/check`,
    headers: headers(who?.walletToken, who?.xToken, options.language),
    payload: (options.body ?? (options.tweetId === undefined ? {} : { tweetId: options.tweetId })) as Record<
      string,
      unknown
    >,
  });
}

/** The same failing check in English and Chinese: status, typeCode and both exact messages. */
export async function expectFailure(
  context: MissionsContext,
  mission: { id: number },
  who: Player | undefined,
  expected: { status: number; typeCode: number; en: string; cn: string },
  options: { tweetId?: string } = {},
): Promise<void> {
  for (const [language, message] of [
    [english, expected.en],
    [chinese, expected.cn],
  ] as const) {
    const response = await check(context, mission, who, { ...options, language });
    const { typeCode, message: said } = response.json();
    expect({ status: response.statusCode, typeCode, message: said }).toEqual({
      status: expected.status,
      typeCode: expected.typeCode,
      message,
    });
  }
}

export async function completionRows(context: MissionsContext, missionId: number) {
  return context.database.db
    .select()
    .from(missionCompletions)
    .where(eq(missionCompletions.missionId, missionId));
}

export async function ledgerRows(context: MissionsContext, missionId: number) {
  return context.database.db
    .select()
    .from(pointsLedger)
    .where(and(eq(pointsLedger.sourceKind, "mission"), eq(pointsLedger.sourceId, String(missionId))));
}
