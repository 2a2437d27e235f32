// The news pages: a visitor filters drops by status and the last 7 days; the daily list names its days (星期X
// in cn); an administrator publishes an entry; screenshots of both pages in en and cn at 1280 and 375 px.
import { join } from "node:path";
import { expect, type Page, test } from "@playwright/test";
import { e2eAdminKey } from "./support/admin";
import { openApp, signIn } from "./support/app";
import { installTestWallet } from "./support/test-wallet";

const directory = join(import.meta.dirname, "screenshots");
/** The first answer of a list can take a while on a busy machine; each test gets room for a few page loads. */
const dataTimeout = { timeout: 45_000 };
test.describe.configure({ timeout: 180_000 });

/** The sandbox's sample entries (seeded at start, relative to the start time). */
const samples = {
  swap: "Liquidity mining season", // running, listed hours ago
  rollup: "Testnet quests", // running, listed 4 days ago
  arena: "Play-to-earn beta", // not started, listed 1.5 days ago
  gallery: "Free mint for early supporters", // ended, listed 20 days ago
};

/** The curated entries' cards (other specs' released airdrops may share the list in a full run). */
const newsCards = (page: Page) => page.locator('[data-testid="drop-card"][data-kind="news"]');

async function cardTitles(page: Page) {
  await expect(page.getByTestId("drops-list").or(page.getByTestId("drops-empty"))).toBeVisible(dataTimeout);
  return newsCards(page).getByTestId("drop-title").allInnerTexts();
}

async function expectNoHorizontalOverflow(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, "the page is wider than the viewport").toBeLessThanOrEqual(0);
}

test("a visitor filters drops by status and the last 7 days, then by keyword", async ({ page }) => {
  await openApp(page, "/drops");
  await expect(newsCards(page)).toHaveCount(4, dataTimeout);
  await expect(page.getByTestId("drop-sample")).toHaveCount(4);
  expect((await cardTitles(page)).sort()).toEqual(Object.values(samples).sort());

  const filters = page.getByTestId("drops-filters");
  await filters.getByText("Running", { exact: true }).click();
  await expect(page).toHaveURL(/[?&]status=1(&|$)/);
  await filters.getByText("7 days", { exact: true }).click();
  await expect(page).toHaveURL(/[?&]days=7(&|$)/);
  await expect(newsCards(page)).toHaveCount(2, dataTimeout);
  expect((await cardTitles(page)).sort()).toEqual([samples.swap, samples.rollup].sort());
  for (const status of await page.getByTestId("drop-status").all()) {
    await expect(status).toHaveAttribute("data-status", "1");
  }

  // The keyword is applied 1500 ms after typing stops, and kept in the URL with the other filters.
  await page.getByTestId("drops-keyword").fill("quests");
  await page.waitForTimeout(500);
  await expect(page).not.toHaveURL(/keyword=/);
  await expect(page).toHaveURL(/[?&]keyword=quests(&|$)/, { timeout: 5000 });
  await expect(page.getByTestId("drop-card")).toHaveCount(1, dataTimeout);
  expect(await cardTitles(page)).toEqual([samples.rollup]);

  // A shared link opens the same filtered list.
  await page.reload();
  await expect(page.getByTestId("drop-card")).toHaveCount(1, dataTimeout);
});

test("the daily list groups by day with Chinese weekday names in cn", async ({ page }) => {
  await openApp(page, "/cn/daily?days=7");
  const headings = page.getByTestId("daily-day-heading");
  await expect(headings.first()).toBeVisible(dataTimeout);
  for (const heading of await headings.allInnerTexts())
    expect(heading).toMatch(/^\d{4}-\d{2}-\d{2} 星期[日一二三四五六]/);
  const titles = await newsCards(page).getByTestId("drop-title").allInnerTexts();
  expect(titles.sort()).toEqual([samples.swap, samples.rollup, samples.arena].sort());
  await page.getByTestId("drops-days").getByText("30 天", { exact: true }).click();
  await expect(newsCards(page)).toHaveCount(4, dataTimeout);
});

test("an administrator creates and publishes an entry from the drops page", async ({ page }) => {
  await installTestWallet(page, { privateKey: e2eAdminKey });
  await openApp(page, "/drops");
  await signIn(page);
  const panel = page.getByTestId("news-admin");
  await expect(panel).toBeVisible(dataTimeout);
  await panel.getByTestId("news-entry-create").click();
  const form = page.getByTestId("news-entry-form");
  await form.getByRole("textbox", { name: /^Project/ }).fill("E2E Protocol");
  await form.getByRole("textbox", { name: /^Title/ }).fill("Bridge week");
  await form.getByRole("textbox", { name: /^Official links/ }).fill("website javascript:alert(1)");
  await form.getByTestId("news-entry-save").click();
  await expect(form.getByTestId("news-entry-error")).toHaveText("Links must start with http:// or https://.");
  await form.getByRole("textbox", { name: /^Official links/ }).fill("website https://example.com/e2e");
  await form
    .getByRole("textbox", { name: /^Requirements/ })
    .fill("Bridge once | https://example.com/e2e/bridge");
  await form.getByTestId("news-entry-save").click();
  await expect(form).toBeHidden();
  const row = panel.getByTestId("news-admin-row").filter({ hasText: "Bridge week" });
  await expect(row).toContainText("Draft");
  expect(await cardTitles(page)).not.toContain("Bridge week");
  await row.getByTestId("news-entry-publish").click();
  await expect(row).toContainText("Published");
  await expect(page.getByTestId("drop-title").filter({ hasText: "Bridge week" })).toBeVisible();
  await page.setViewportSize({ width: 1280, height: 900 });
  await panel.scrollIntoViewIfNeeded();
  await page.screenshot({ path: join(directory, "news-admin-1280-en.png"), fullPage: true });
});

for (const { width, height } of [
  { width: 1280, height: 900 },
  { width: 375, height: 760 },
]) {
  for (const locale of ["en", "cn"] as const) {
    test(`news screenshots ${width}px ${locale}`, async ({ page }) => {
      const errors: string[] = [];
      page.on("pageerror", (error) => errors.push(error.message));
      await page.setViewportSize({ width, height });
      const prefix = locale === "cn" ? "/cn" : "";
      await openApp(page, `${prefix}/drops`);
      await expect(page.getByTestId("drop-card").first()).toBeVisible(dataTimeout);
      await page.waitForLoadState("networkidle");
      await expectNoHorizontalOverflow(page);
      await page.screenshot({ path: join(directory, `drops-${width}-${locale}.png`), fullPage: true });
      await openApp(page, `${prefix}/daily?days=30`);
      await expect(page.getByTestId("daily-day").first()).toBeVisible(dataTimeout);
      await page.waitForLoadState("networkidle");
      await expectNoHorizontalOverflow(page);
      await page.screenshot({ path: join(directory, `daily-${width}-${locale}.png`), fullPage: true });
      expect(errors).toEqual([]);
    });
  }
}
