// Referral against the real stack: user A signs in, copies the share link and sees its QR code; user B opens the
// link in another browser and signs in with another sandbox wallet, which binds A as B's referrer; A's results
// list B with no reward yet, and A opening their own link earns nothing (the wallet is not new). B then finishes
// the X follow mission (which binds B's X account) and binds Discord through the sandbox's consent page: the
// second social account makes B qualify, and A's results show the reward and A's balance rises by the configured
// referral reward. The code change refuses a reserved word and a taken code with the catalogue messages, then
// saves a free one. Screenshots at 1280 and 375 px in en and cn (a table from the sm breakpoint, cards below).
import { join } from "node:path";
import { expect, type Page, test } from "@playwright/test";
import { openApp, signIn } from "./support/app";
import { installTestWallet } from "./support/test-wallet";

const screenshots = join(import.meta.dirname, "screenshots");

type DiscordFixtures = { users: Record<string, { id: string; username: string }> };
type PlatformPoints = { content: { points: { pointName: string; referralReward: number } } };

// B's accounts: used by no other spec, so a parallel run never finds them bound to another wallet.
const bX = "sandbox_bob";
const bDiscord = "grace";

async function shortAddress(address: string) {
  return `${address.slice(0, 5)}…${address.slice(-4)}`;
}

async function openReferral(page: Page, locale: "en" | "cn" = "en") {
  await openApp(page, `${locale === "cn" ? "/cn" : ""}/referral`);
}

/** The signed-in wallet's balance as the points page shows it ("50 EP"). */
async function balanceOf(page: Page): Promise<string> {
  await openApp(page, "/points");
  const balance = page.getByTestId("points-balance");
  await expect(balance).toBeVisible();
  return (await balance.innerText()).trim();
}

test("A shares the link, B joins through it and qualifies, A earns the reward; own link and code changes", async ({
  browser,
  baseURL,
  request,
}) => {
  test.setTimeout(420_000);
  const config = (await (await request.get("/api/bounty/platform/config")).json()) as PlatformPoints;
  const { pointName, referralReward } = config.content.points;
  const discord = (await (await request.get("/sandbox/discord/_sandbox/fixtures")).json()) as DiscordFixtures;
  const contextA = await browser.newContext({ baseURL });
  await contextA.grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseURL });
  const pageA = await contextA.newPage();
  const walletA = await installTestWallet(pageA, {});
  let link = "";

  await test.step("A signs in and copies the share link; the QR code is shown", async () => {
    await openReferral(pageA);
    await expect(pageA.getByTestId("referral-sign-in")).toBeVisible();
    await signIn(pageA);
    const code = (await pageA.getByTestId("referral-code").innerText()).trim();
    expect(code).toMatch(/^[a-z0-9_-]{4,16}$/);
    link = await pageA.getByTestId("referral-link").inputValue();
    expect(link).toBe(`${baseURL}/achievement/${code}`);
    await pageA.getByTestId("referral-copy").click();
    await expect(pageA.getByText("Link copied.")).toBeVisible();
    expect(await pageA.evaluate(() => navigator.clipboard.readText())).toBe(link);
    await expect(pageA.getByTestId("referral-qr").locator("svg")).toBeVisible();
    await expect(pageA.getByTestId("referral-results-empty")).toBeVisible();
    expect(await balanceOf(pageA)).toBe(`0 ${pointName}`);
  });

  const contextB = await browser.newContext({ baseURL });
  const pageB = await contextB.newPage();
  const walletB = await installTestWallet(pageB, {});
  await test.step("B opens A's link, sees the inviter, and signs in for the first time", async () => {
    await openApp(pageB, new URL(link).pathname);
    await openReferral(pageB);
    await expect(pageB.getByTestId("referral-inviter")).toContainText(await shortAddress(walletA.address));
    await signIn(pageB);
    await expect(pageB.getByTestId("referral-code")).toBeVisible();
  });

  await test.step("A's results list B, with level and missions, and no reward yet", async () => {
    await openReferral(pageA);
    const row = pageA.getByTestId("referral-result-row");
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(await shortAddress(walletB.address));
    await expect(row).toContainText("Lv. 0");
    await expect(row).toContainText("Not yet");
    await expect(pageA.getByTestId("referral-total-referees")).toHaveText("1");
    await expect(pageA.getByTestId("referral-total-earned")).toHaveText("0");
  });

  await test.step("A opening their own link and signing in again binds nothing", async () => {
    await openApp(pageA, new URL(link).pathname);
    await openReferral(pageA);
    await expect(pageA.getByTestId("referral-result-row")).toHaveCount(1);
    await expect(pageA.getByTestId("referral-total-earned")).toHaveText("0");
  });

  await test.step(`B finishes the X follow mission as @${bX}: one mission, one social account`, async () => {
    await openApp(pageB, "/achievement");
    await pageB.getByTestId("achievement-page").getByTestId("x-sign-in").click();
    await expect(pageB).toHaveURL(/\/sandbox\/x\/i\/oauth2\/authorize\?/);
    await pageB.getByRole("button", { name: new RegExp(`@${bX}$`) }).click();
    await pageB.waitForURL((url) => url.pathname === "/achievement", { timeout: 30_000 });
    await expect(pageB.getByTestId("missions-x-account")).toContainText(`@${bX}`);
    const followed = await request.post(`/sandbox/x/_sandbox/users/${bX}/following`, {
      data: { target: "dropfair_host" },
    });
    expect(followed.ok()).toBe(true);
    const follow = pageB.getByTestId(/^mission-\d+$/).filter({ hasText: "Follow @dropfair_host on X" });
    await follow.getByTestId("mission-check").click();
    await expect(follow.getByTestId("mission-state")).toHaveText("Done");
    // Not yet qualified: a mission but one social account.
    await openReferral(pageA);
    await expect(pageA.getByTestId("referral-result-row")).toContainText("Not yet");
    await expect(pageA.getByTestId("referral-total-earned")).toHaveText("0");
  });

  await test.step("B binds Discord: the second social account makes B qualify", async () => {
    await openApp(pageB, "/achievement");
    await pageB.getByTestId("bind-discord").click();
    await pageB.waitForURL(/\/sandbox\/discord\/oauth2\/authorize/);
    await pageB.locator(`button[name="user_id"][value="${discord.users[bDiscord]!.id}"]`).click();
    await pageB.waitForURL((url) => url.pathname === "/achievement", { timeout: 30_000 });
    await expect(pageB.getByTestId("bound-discord")).toContainText(`sandbox_${bDiscord}`);
  });

  await test.step("A's results show B with the reward, and A's balance rose by it", async () => {
    await openReferral(pageA);
    const row = pageA.getByTestId("referral-result-row");
    await expect(row).toContainText(await shortAddress(walletB.address));
    await expect(row).toContainText(`+${referralReward}`);
    await expect(row.getByRole("cell").nth(2)).toHaveText("1");
    await expect(pageA.getByTestId("referral-total-qualified")).toHaveText("1");
    await expect(pageA.getByTestId("referral-total-earned")).toHaveText(String(referralReward));
    expect(await balanceOf(pageA)).toBe(`${referralReward} ${pointName}`);
  });

  await test.step("the code change refuses a reserved word and B's code, then saves a free one", async () => {
    await openReferral(pageB);
    const codeB = (await pageB.getByTestId("referral-code").innerText()).trim();
    await openReferral(pageA);
    const input = pageA.getByTestId("referral-code-input");
    await input.fill("referral");
    await pageA.getByTestId("referral-code-save").click();
    await expect(pageA.getByText("This code is reserved. Please choose another one.")).toBeVisible();
    await input.fill(codeB);
    await pageA.getByTestId("referral-code-save").click();
    await expect(pageA.getByText("This code is already taken.")).toBeVisible();
    const fresh = `e2e-${Date.now().toString(36)}`.slice(0, 16);
    await input.fill(fresh);
    await pageA.getByTestId("referral-code-save").click();
    await expect(pageA.getByTestId("referral-code")).toHaveText(fresh);
    await expect(pageA.getByTestId("referral-link")).toHaveValue(`${baseURL}/achievement/${fresh}`);
  });

  await test.step("screenshots at 1280 and 375 px, en and cn", async () => {
    for (const [width, height] of [
      [1280, 900],
      [375, 812],
    ] as const) {
      await pageA.setViewportSize({ width, height });
      for (const locale of ["en", "cn"] as const) {
        await openReferral(pageA, locale);
        await expect(pageA.getByTestId("referral-result-row")).toHaveCount(1);
        // A table from the sm breakpoint, one card per referee below it.
        const shown = pageA.getByTestId(width < 768 ? "referral-result-card" : "referral-result-row");
        await expect(shown).toBeVisible();
        await expect(shown).toContainText(`+${referralReward}`);
        await expect(pageA.getByTestId("referral-qr").locator("svg")).toBeVisible();
        if (locale === "cn") await expect(pageA.getByTestId("referral-copy")).toHaveText("复制链接");
        const overflow = await pageA.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow, `referral ${width} ${locale} overflows`).toBeLessThanOrEqual(0);
        await pageA.screenshot({
          path: join(screenshots, `referral-${width}-${locale}.png`),
          fullPage: true,
        });
      }
    }
  });
  await contextA.close();
  await contextB.close();
});
