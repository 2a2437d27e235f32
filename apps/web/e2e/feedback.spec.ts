// Feedback: a visitor subscribes to the newsletter (the two e-mail messages first, in en and cn) and reports a
// bug with a screenshot; an administrator triages it and exports the list, whose unsubscribe link works; and
// screenshots of every feedback page in en and cn at 1280 and 375 px.
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { expect, type Page, test } from "@playwright/test";
import { e2eAdminKey } from "./support/admin";
import { openApp, signIn } from "./support/app";
import { installTestWallet } from "./support/test-wallet";

const directory = join(import.meta.dirname, "screenshots");

/** The smallest valid PNG (1×1). */
const png = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=",
  "base64",
);

function pageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (message) => {
    // A refused request (the unsubscribe page's bad link answers 400) is logged by the browser, not by us.
    if (message.type() === "error" && !message.text().includes("status of 400"))
      errors.push(`console: ${message.text()}`);
  });
  page.on("pageerror", (error) => errors.push(`uncaught: ${error.message}`));
  return errors;
}

async function expectNoHorizontalOverflow(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, "the page is wider than the viewport").toBeLessThanOrEqual(0);
}

/** Signs in as the administrator and downloads the subscriber export; its text. */
async function exportSubscribers(page: Page): Promise<string> {
  await page.getByTestId("reports-inbox").waitFor();
  const download = page.waitForEvent("download");
  await page.getByTestId("newsletter-export").click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^newsletter-\d{4}-\d{2}-\d{2}\.csv$/);
  return readFile((await file.path())!, "utf8");
}

test("a visitor subscribes from the footer, after the two e-mail messages", async ({ page }) => {
  const errors = pageErrors(page);
  await openApp(page, "/home");
  const footer = page.getByTestId("footer-newsletter");
  await footer.getByTestId("footer-newsletter-submit").click();
  await expect(footer.getByText("E-mail address is empty", { exact: true })).toBeVisible();
  await footer.getByTestId("footer-newsletter-email").fill("not-an-address");
  await footer.getByTestId("footer-newsletter-submit").click();
  await expect(
    footer.getByText("Input is not a valid e-mail address, please re-enter.", { exact: true }),
  ).toBeVisible();
  await footer.getByTestId("footer-newsletter-email").fill("e2e.visitor@example.com");
  const answer = page.waitForResponse("**/api/bounty/feedback/subscriptions");
  await footer.getByTestId("footer-newsletter-submit").click();
  expect((await answer).status()).toBe(200);
  await expect(page.getByTestId("footer-newsletter-done")).toBeVisible();
  expect(errors).toEqual([]);
});

test("the home page's form says the messages in Chinese under /cn", async ({ page }) => {
  await openApp(page, "/cn/home");
  const form = page.getByTestId("home-newsletter");
  await form.getByTestId("home-newsletter-submit").click();
  await expect(form.getByText("邮箱地址为空", { exact: true })).toBeVisible();
  await form.getByTestId("home-newsletter-email").fill("a@b");
  await form.getByTestId("home-newsletter-submit").click();
  await expect(form.getByText("邮箱地址格式不正确，请重新输入。", { exact: true })).toBeVisible();
  await form.getByTestId("home-newsletter-email").fill("e2e.cn@example.com");
  await form.getByTestId("home-newsletter-submit").click();
  await expect(page.getByTestId("home-newsletter-done")).toHaveText("感谢订阅！您已成功订阅。");
});

test("a visitor reports a bug with a screenshot; an administrator triages it", async ({ page }) => {
  const errors = pageErrors(page);
  await installTestWallet(page, { privateKey: e2eAdminKey });
  await openApp(page, "/airdrop");
  await page.getByRole("contentinfo").getByRole("link", { name: "Report a bug" }).click();
  await expect(page).toHaveURL(/\/report\/bug\?page=%2Fairdrop$/);
  const form = page.getByTestId("report-form");
  await expect(form.getByTestId("report-page")).toHaveValue("/airdrop");
  await page.getByTestId("report-submit").click();
  await expect(form.getByText("This field is required.")).toHaveCount(2);
  const title = `The claim button does nothing ${Date.now()}`;
  await form.getByTestId("report-title").fill(title);
  await form.getByTestId("report-description").fill("Clicking Claim shows no wallet prompt.");
  await form.getByTestId("report-contact").fill("@e2e_visitor");
  await form
    .locator('input[type="file"]')
    .setInputFiles({ name: "shot.png", mimeType: "image/png", buffer: png });
  const answer = page.waitForResponse("**/api/bounty/feedback/reports");
  await page.getByTestId("report-submit").click();
  expect((await answer).status()).toBe(200);
  await expect(page.getByTestId("report-sent")).toBeVisible();

  await signIn(page);
  await openApp(page, "/admin/feedback");
  const row = page.locator('[data-testid^="report-row-"]', { hasText: title });
  await expect(row).toBeVisible();
  await expect(row).toContainText("@e2e_visitor");
  await row.getByText("Show the screenshot").click();
  await expect(row.getByRole("img", { name: "The reporter's screenshot" })).toBeVisible();
  await row.locator('[data-testid^="report-status-"]').click();
  const patched = page.waitForResponse((response) => response.request().method() === "PATCH");
  await page.getByRole("option", { name: "Triaged" }).click();
  expect((await patched).status()).toBe(200);
  // The inbox shows new reports by default: the triaged one leaves the list.
  await expect(row).toHaveCount(0);
  expect(errors).toEqual([]);
});

test("the exported unsubscribe link unsubscribes, after a confirmation", async ({ page }) => {
  await installTestWallet(page, { privateKey: e2eAdminKey });
  await openApp(page, "/home");
  const footer = page.getByTestId("footer-newsletter");
  await footer.getByTestId("footer-newsletter-email").fill("leaving@example.com");
  await footer.getByTestId("footer-newsletter-submit").click();
  await expect(page.getByTestId("footer-newsletter-done")).toBeVisible();
  await signIn(page);
  await openApp(page, "/admin/feedback");
  const csv = await exportSubscribers(page);
  expect(csv.split("\r\n")[0]).toBe("email,locale,consented_at,unsubscribe_url");
  const line = csv.split("\r\n").find((candidate) => candidate.startsWith("leaving@example.com,"))!;
  const link = new URL(line.split(",").at(-1)!);
  await page.goto(`${link.pathname}${link.search}`);
  await expect(page.getByText("Stop sending the newsletter to le***@example.com?")).toBeVisible();
  await page.getByTestId("unsubscribe-submit").click();
  await expect(page.getByTestId("unsubscribe-done")).toContainText("le***@example.com is unsubscribed");
  await openApp(page, "/admin/feedback");
  expect(await exportSubscribers(page)).not.toContain("leaving@");
});

for (const { width, height } of [
  { width: 1280, height: 800 },
  { width: 375, height: 760 },
]) {
  for (const locale of ["en", "cn"] as const) {
    test(`feedback screenshots ${width}px ${locale}`, async ({ page }) => {
      const errors = pageErrors(page);
      await page.setViewportSize({ width, height });
      const prefix = locale === "cn" ? "/cn" : "";
      const shot = async (name: string, fullPage = true) => {
        await page.waitForLoadState("networkidle");
        await expectNoHorizontalOverflow(page);
        await page.screenshot({ path: join(directory, `feedback-${name}-${width}-${locale}.png`), fullPage });
      };

      await openApp(page, `${prefix}/report/bug?page=%2Fairdrop`);
      await expect(page.getByTestId("report-page-bug")).toBeVisible();
      await page.getByTestId("report-submit").click();
      await shot("report-bug");
      await openApp(page, `${prefix}/report/feature`);
      await expect(page.getByTestId("report-page-feature")).toBeVisible();
      await shot("report-feature");

      await openApp(page, `${prefix}/home`);
      await page.getByTestId("home-newsletter").scrollIntoViewIfNeeded();
      await expect(page.getByTestId("footer-newsletter")).toBeVisible();
      await page.getByTestId("home-newsletter").screenshot({
        path: join(directory, `feedback-home-newsletter-${width}-${locale}.png`),
      });
      await page.getByRole("contentinfo").screenshot({
        path: join(directory, `feedback-footer-${width}-${locale}.png`),
      });

      await openApp(page, `${prefix}/newsletter/unsubscribe?token=1.${"A".repeat(43)}`);
      await expect(page.getByTestId("unsubscribe-error")).toBeVisible();
      await shot("unsubscribe-invalid");

      await installTestWallet(page, { privateKey: e2eAdminKey });
      await openApp(page, `${prefix}/admin/feedback`);
      await expect(page.getByTestId("inbox-admins-only")).toBeVisible();
      await signIn(page);
      await expect(page.getByTestId("reports-inbox")).toBeVisible();
      await page.getByTestId("inbox-status-filter").click();
      await page.getByRole("option", { name: locale === "cn" ? "全部" : "All" }).click();
      await expect(
        page.locator('[data-testid^="report-row-"]').or(page.getByTestId("inbox-empty")),
      ).not.toHaveCount(0);
      await shot("inbox");
      expect(errors).toEqual([]);
    });
  }
}
