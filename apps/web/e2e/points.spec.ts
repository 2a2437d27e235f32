// Points: an administrator grants EP to their own wallet from the points page; the balance, level, history and
// leaderboard follow, the user dropdown and the side menu show the level; a revocation below zero is refused
// with the server's message; the audit page lists the grant (who, whom, amount, reason). Screenshots of the
// points page and the audit page in en and cn at 1280 and 375 px.
import { join } from "node:path";
import { expect, type Page, test } from "@playwright/test";
import { e2eAdminKey } from "./support/admin";
import { openApp, signIn } from "./support/app";
import { installTestWallet } from "./support/test-wallet";

const directory = join(import.meta.dirname, "screenshots");

async function balanceOf(page: Page): Promise<number> {
  const text = await page.getByTestId("points-balance").innerText();
  return Number(text.replace(/[^\d]/g, ""));
}

async function grant(page: Page, amount: string, reason: string) {
  await page.getByTestId("grant-amount").fill(amount);
  await page.getByTestId("grant-reason").fill(reason);
  await page.getByTestId("grant-submit").click();
}

test("an administrator grants EP; balance, level, history, leaderboard and the shell follow", async ({
  page,
}) => {
  // The first spec of a run may meet a cold stack on a busy machine.
  test.setTimeout(180_000);
  const wallet = await installTestWallet(page, { privateKey: e2eAdminKey });
  await page.goto("/points");
  await expect(page.getByRole("banner").getByTestId("login-button")).toBeEnabled({ timeout: 90_000 });
  await expect(page.getByTestId("points-sign-in")).toBeVisible();
  await expect(page.getByTestId("points-leaderboard")).toBeVisible();
  await signIn(page);
  await expect(page.getByTestId("points-summary")).toBeVisible();
  const before = await balanceOf(page);

  await page.getByTestId("grant-address").fill(wallet.address);
  await grant(page, "1.5", "Not whole");
  await expect(
    page.getByText("Enter a whole number other than zero, at most 1,000,000,000 either way."),
  ).toBeVisible();
  await grant(page, "230", "E2E bug bounty");
  await expect(page.getByTestId("points-balance")).toHaveText(`${(before + 230).toLocaleString("en")} EP`);
  await expect(page.getByTestId("points-level")).toHaveText(String(Math.floor((before + 230) / 100)));
  await expect(page.getByTestId("points-history-row").first()).toContainText("E2E bug bounty");
  await expect(page.getByTestId("points-history-row").first()).toContainText("+230");
  await expect(page.getByTestId("leaderboard-me")).toContainText((before + 230).toLocaleString("en"));

  // Taking back more than the balance is refused by the server, in the page's language.
  await grant(page, `-${before + 231}`, "Too much");
  await expect(
    page.getByText(`This would take the balance below zero (the balance is ${before + 230}).`),
  ).toBeVisible();
  await expect(page.getByTestId("points-balance")).toHaveText(`${(before + 230).toLocaleString("en")} EP`);

  await openApp(page, "/admin/audit");
  const listed = page.getByTestId("points-grant-row").first();
  await expect(listed).toContainText("E2E bug bounty");
  await expect(listed).toContainText("+230");
  await expect(listed).toContainText(`${wallet.address.slice(0, 5)}…${wallet.address.slice(-4)}`);
  await expect(page.getByTestId("audit-row").filter({ hasText: "points.grant" }).first()).toBeVisible();

  await page.getByTestId("user-dropdown").click();
  await expect(page.getByTestId("points-badge")).toContainText(`Lv. ${Math.floor((before + 230) / 100)}`);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: join(directory, "points-dropdown-1280-en.png") });
  await page.keyboard.press("Escape");
});

for (const { width, height } of [
  { width: 1280, height: 900 },
  { width: 375, height: 760 },
]) {
  for (const locale of ["en", "cn"] as const) {
    test(`points screenshots ${width}px ${locale}`, async ({ page }) => {
      await installTestWallet(page, { privateKey: e2eAdminKey });
      await page.setViewportSize({ width, height });
      const prefix = locale === "cn" ? "/cn" : "";
      await openApp(page, `${prefix}/points`);
      await signIn(page);
      await expect(page.getByTestId("points-summary")).toBeVisible();
      await expect(page.getByTestId("leaderboard-me")).toBeVisible();
      await expect(page.getByTestId("points-history")).toBeVisible();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, "the page is wider than the viewport").toBeLessThanOrEqual(0);
      await page.screenshot({ path: join(directory, `points-${width}-${locale}.png`), fullPage: true });
      if (width === 375) {
        await page.getByTestId("menu-button").click();
        await expect(page.getByTestId("points-card")).toBeVisible();
        await page.screenshot({ path: join(directory, `points-side-menu-${width}-${locale}.png`) });
        await page.keyboard.press("Escape");
      }
      // The audit page: the trail and the grants list (a table from the sm breakpoint, cards below it).
      await openApp(page, `${prefix}/admin/audit`);
      await expect(page.getByTestId(width < 768 ? "audit-cards" : "audit-table")).toBeVisible();
      await expect(
        page.getByTestId(width < 768 ? "points-grant-card" : "points-grant-row").first(),
      ).toBeVisible();
      const auditOverflow = await page.evaluate(
        () => document.documentElement.scrollWidth - window.innerWidth,
      );
      expect(auditOverflow, "the audit page is wider than the viewport").toBeLessThanOrEqual(0);
      await page.screenshot({ path: join(directory, `admin-audit-${width}-${locale}.png`), fullPage: true });
    });
  }
}
