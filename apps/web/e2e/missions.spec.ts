// Missions on the achievement page against the real stack (sandbox mode seeds one mission of each kind): a
// wallet signs in, signs in with X and binds Discord through the sandboxes' consent pages; the retweet mission
// fails with 'retweet missing' until the X sandbox records the retweet, then shows done and the EP; the Discord
// role mission succeeds; joining the server and liking the post take the EP past POINTS_PER_LEVEL (100 by default,
// read from the platform config), and the level rises in the user dropdown and the side menu. Screenshots of the
// page at 1280 and 375 px in en and cn.
import { join } from "node:path";
import { expect, type Locator, type Page, test } from "@playwright/test";
import { openApp, signIn } from "./support/app";
import { installTestWallet } from "./support/test-wallet";

const screenshots = join(import.meta.dirname, "screenshots");

type XFixtures = { posts: Record<string, string>; users: Record<string, { id: string; username: string }> };
type DiscordFixtures = { users: Record<string, { id: string; username: string }> };

function mission(page: Page, title: string): Locator {
  return page.getByTestId(/^mission-\d+$/).filter({ hasText: title });
}

/** The page at 1280 and 375 px in en and cn; `prepare` brings each fresh page to the state to show. */
async function shoot(page: Page, name: string, prepare?: (page: Page, locale: "en" | "cn") => Promise<void>) {
  for (const [width, height] of [
    [1280, 900],
    [375, 812],
  ] as const) {
    await page.setViewportSize({ width, height });
    for (const locale of ["en", "cn"] as const) {
      await openApp(page, `${locale === "cn" ? "/cn" : ""}/achievement`);
      await expect(page.getByTestId("mission-list")).toBeVisible();
      await prepare?.(page, locale);
      await page.screenshot({ path: join(screenshots, `${name}-${width}-${locale}.png`), fullPage: true });
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `${name} ${width} ${locale} overflows`).toBeLessThanOrEqual(0);
    }
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

type PointsConfig = { content: { points: { pointName: string; pointsPerLevel: number } } };

/** The level and points the user dropdown shows (the inline points badge), then the dropdown closed again. */
async function expectDropdownPoints(page: Page, level: number, points: string) {
  await page.getByTestId("user-dropdown").click();
  const badge = page.getByTestId("points-badge");
  await expect(badge).toContainText(`Lv. ${level}`);
  await expect(badge).toContainText(points);
  await page.keyboard.press("Escape");
  await expect(badge).toBeHidden();
}

test("retweet and Discord role missions: failing until done, with the EP credited", async ({ page }) => {
  test.setTimeout(600_000);
  const x = (await (await page.request.get("/sandbox/x/_sandbox/fixtures")).json()) as XFixtures;
  const discord = (await (
    await page.request.get("/sandbox/discord/_sandbox/fixtures")
  ).json()) as DiscordFixtures;
  await installTestWallet(page, {});

  await test.step("signed out: the seeded missions with their rewards, checks disabled", async () => {
    await openApp(page, "/achievement");
    await expect(page.getByTestId("mission-list")).toBeVisible();
    await expect(mission(page, "Retweet the post on X").getByTestId("mission-reward-ep")).toHaveText(
      "+30 EP",
    );
    await expect(mission(page, "Retweet the post on X").getByTestId("mission-check")).toBeDisabled();
    await shoot(page, "missions-signed-out");
  });

  await test.step("sign in with the wallet and with X (sandbox_carol)", async () => {
    await openApp(page, "/achievement");
    await signIn(page);
    await page.getByTestId("achievement-page").getByTestId("x-sign-in").click();
    await expect(page).toHaveURL(/\/sandbox\/x\/i\/oauth2\/authorize\?/);
    await page.getByRole("button", { name: /@sandbox_carol$/ }).click();
    await page.waitForURL((url) => url.pathname === "/achievement", { timeout: 30_000 });
    await expect(page.getByTestId("missions-x-account")).toContainText("@sandbox_carol");
  });

  const retweet = mission(page, "Retweet the post on X");
  await test.step("the retweet mission fails with 'retweet missing' until the sandbox records it", async () => {
    await retweet.getByTestId("mission-check").click();
    await expect(retweet.getByTestId("mission-failure")).toHaveText("You have not retweeted the post yet.");
    await expect(retweet.getByTestId("mission-state")).toHaveText("Failed");
    await expect(retweet).toHaveAttribute("data-state", "failed");
    // The failure answers a click: each screenshot checks again, in the page's language.
    await shoot(page, "missions-failed", async (shown, locale) => {
      const row = shown.getByTestId(/^mission-\d+$/).nth(1);
      await row.getByTestId("mission-check").click();
      await expect(row.getByTestId("mission-failure")).toHaveText(
        locale === "en" ? "You have not retweeted the post yet." : "您尚未转发该帖子。",
      );
    });
    const recorded = await page.request.post(`/sandbox/x/_sandbox/posts/${x.posts.recent}/retweets`, {
      data: { user: "sandbox_carol" },
    });
    expect(await recorded.json()).toEqual({ recorded: true });
    await openApp(page, "/achievement");
    await retweet.getByTestId("mission-check").click();
    await expect(retweet.getByTestId("mission-state")).toHaveText("Done");
    await expect(page.getByTestId("achievement-ep")).toHaveText("30 EP");
  });

  await test.step("bind Discord (sandbox_alice) and complete the Airdrop OG role mission", async () => {
    await page.getByTestId("bind-discord").click();
    await page.waitForURL(/\/sandbox\/discord\/oauth2\/authorize/);
    await page.locator(`button[name="user_id"][value="${discord.users.alice!.id}"]`).click();
    await page.waitForURL((url) => url.pathname === "/achievement", { timeout: 30_000 });
    await expect(page.getByTestId("bound-discord")).toContainText("sandbox_alice");
    const role = mission(page, "Get the Airdrop OG role on Discord");
    await role.getByTestId("mission-check").click();
    await expect(role.getByTestId("mission-state")).toHaveText("Done");
    await expect(page.getByTestId("achievement-ep")).toHaveText("70 EP");
    await shoot(page, "missions-done");
  });

  await test.step("join the server and like the post: 100 EP crosses a level, which rises everywhere", async () => {
    const config = (await (await page.request.get("/api/bounty/platform/config")).json()) as PointsConfig;
    // The seeded rewards (30 + 40, then 20 + 10) reach exactly one level at the default POINTS_PER_LEVEL.
    expect(config.content.points).toMatchObject({ pointName: "EP", pointsPerLevel: 100 });
    await openApp(page, "/achievement");
    await expect(page.getByTestId("achievement-ep")).toHaveText("70 EP");
    await expect(page.getByTestId("achievement-points")).toContainText("Level 0");
    await expectDropdownPoints(page, 0, "70 EP");

    const join = mission(page, "Join our Discord server");
    await join.getByTestId("mission-check").click();
    await expect(join.getByTestId("mission-state")).toHaveText("Done");
    await expect(page.getByTestId("achievement-ep")).toHaveText("90 EP");
    await expect(page.getByTestId("achievement-points")).toContainText("Level 0");

    const liked = await page.request.post(`/sandbox/x/_sandbox/posts/${x.posts.recent}/likes`, {
      data: { user: "sandbox_carol" },
    });
    expect(await liked.json()).toEqual({ recorded: true });
    const like = mission(page, "Like the post on X");
    await like.getByTestId("mission-check").click();
    await expect(like.getByTestId("mission-state")).toHaveText("Done");
    await expect(page.getByTestId("achievement-ep")).toHaveText("100 EP");
    await expect(page.getByTestId("achievement-points")).toContainText("Level 1");
    await expectDropdownPoints(page, 1, "100 EP");

    // The side menu's profile card (the narrow layout opens it from the menu button).
    await page.setViewportSize({ width: 375, height: 812 });
    await openApp(page, "/achievement");
    await page.getByTestId("menu-button").click();
    const card = page.getByTestId("points-card");
    await expect(card).toContainText("Lv. 1");
    await expect(card).toContainText("100 EP");
    await page.keyboard.press("Escape");
    await page.setViewportSize({ width: 1280, height: 900 });
  });
});
