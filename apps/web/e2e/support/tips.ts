// What the tips e2e shares: participants signed in with a wallet and X in contexts of their own, posts recorded in
// the X sandbox with their public metrics, the campaign's status as the page shows it, and the screenshots.
import { type Browser, type BrowserContext, expect, type Page } from "@playwright/test";
import type { Hex } from "viem";
import { openApp, signIn, tokenCookie } from "./app";
import { installTestWallet } from "./test-wallet";

export type XFixtures = { users: Record<string, { id: string; username: string }> };

/** The X sandbox's named accounts (fixtures), by username. */
export async function xAccounts(page: Page) {
  const fixtures = (await (await page.request.get("/sandbox/x/_sandbox/fixtures")).json()) as XFixtures;
  const byUsername = new Map(Object.values(fixtures.users).map((user) => [user.username, user]));
  return (username: string) => {
    const user = byUsername.get(username);
    if (!user) throw new Error(`the X sandbox has no named account @${username}`);
    return user;
  };
}

export type Member = { page: Page; context: BrowserContext; token: string; address: `0x${string}` };

/** A wallet signed in through the app in a context of its own, on `path`; its page and API token. */
export async function walletPage(browser: Browser, privateKey: Hex, rpcUrl: string, path: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const { address } = await installTestWallet(page, { privateKey, rpcUrl });
  await openApp(page, path);
  await signIn(page);
  const token = (await tokenCookie(page))?.token as string;
  expect(token).toBeTruthy();
  return { page, context, token, address } satisfies Member;
}

/** On the X sandbox's consent page: sign in as any sandbox account by its username, as a user could. */
export async function approveXAs(page: Page, username: string) {
  await expect(page).toHaveURL(/\/sandbox\/x\/i\/oauth2\/authorize\?/);
  await page.getByLabel("Any sandbox account").fill(username);
  await page.getByRole("button", { name: "Authorize app" }).click();
}

/** Records a post of `author` in the X sandbox, created now, with the public metrics X will report for it. */
export async function recordPost(
  page: Page,
  author: string,
  text: string,
  metrics: {
    impression_count: number;
    like_count: number;
    reply_count: number;
    retweet_count: number;
    quote_count: number;
  },
) {
  const response = await page.request.post("/sandbox/x/_sandbox/posts", {
    data: { author, text, publicMetrics: metrics, createdAt: new Date().toISOString() },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

/** Reloads `path` until the campaign's status badge says `status` (the jobs move it once a minute). */
export async function waitForStatus(page: Page, path: string, status: string, timeout: number) {
  await expect(async () => {
    await openApp(page, path);
    await expect(page.getByTestId("tips-header").getByTestId("tips-status")).toHaveText(status, {
      timeout: 3_000,
    });
  }).toPass({ timeout, intervals: [5_000] });
}

export { shootPage as shoot } from "./screenshots";
