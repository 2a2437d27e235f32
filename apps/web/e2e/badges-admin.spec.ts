// The administrators' badges screen against the real stack: a signed-in user who is not an administrator is told
// so; the administrator creates a programme, adds a points badge to it on the local chain, edits the badge's rule
// and uploads an SVG with a script in it (served cleaned), and finds the changes in the audit trail. Screenshots of the screen and of the badge form at 1280 and 375 px in
// en and cn.
import { join } from "node:path";
import { expect, type Page, test } from "@playwright/test";
import { e2eAdminKey } from "./support/admin";
import { openApp, signIn } from "./support/app";
import { hardhatAccount } from "./support/local-chain";
import { installTestWallet } from "./support/test-wallet";

const screenshots = join(import.meta.dirname, "screenshots");
const code = `E2E${Date.now().toString(36).toUpperCase()}`;

async function pickOption(page: Page, testId: string, option: string | RegExp) {
  await page.getByTestId(testId).click();
  await page.getByRole("option", { name: option }).click();
}

test("a user who is not an administrator is told so", async ({ page }) => {
  await installTestWallet(page, { privateKey: hardhatAccount("roleClaimer").privateKey });
  await openApp(page, "/admin/badges");
  await expect(page.getByTestId("badge-admin-notice")).toHaveText(
    "Sign in with an administrator's wallet to manage achievement programmes and badges.",
  );
  await signIn(page);
  await expect(page.getByTestId("badge-admin-notice")).toHaveText("Administrators only.");
  await expect(page.getByTestId("programme-admin-add")).toHaveCount(0);
});

test("an administrator creates a programme, adds a badge and edits its rule, all audited", async ({
  page,
}) => {
  test.setTimeout(300_000);
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  await installTestWallet(page, { privateKey: e2eAdminKey });
  await openApp(page, "/admin/badges");
  await signIn(page);

  await test.step("a new programme", async () => {
    await page.getByTestId("programme-admin-add").click();
    const form = page.getByTestId("programme-admin-form");
    await form.getByLabel("Code").fill(code);
    await form.getByLabel("Title").fill("Builders");
    await form.getByLabel("Description").fill("Badges for people who ship.");
    await page.getByTestId("programme-admin-save").click();
    await expect(form).toHaveCount(0);
    await expect(page.getByTestId("programme-admin-pick")).toHaveValue(`Builders (${code})`);
    await expect(page.getByText("Season 1 · 0 badges")).toBeVisible();
  });

  await test.step("a points badge on the local chain", async () => {
    await page.getByTestId("badge-admin-add").click();
    const form = page.getByTestId("badge-admin-form");
    await form.getByRole("textbox", { name: "Name", exact: true }).fill("Shipper");
    await form.getByRole("textbox", { name: "Points" }).fill("50");
    await page.getByTestId("badge-admin-save").click();
    await expect(form).toHaveCount(0);
    const row = page.getByTestId("badge-admin-row").filter({ hasText: "Shipper" });
    await expect(row).toContainText("Hold 50 EP");
    await expect(row).toContainText("Soulbound");
    await expect(row).toContainText("Network 31337");
  });

  await test.step("its rule edited to a level", async () => {
    const row = page.getByTestId("badge-admin-row").filter({ hasText: "Shipper" });
    await row.getByRole("button", { name: "Edit" }).click();
    const form = page.getByTestId("badge-admin-form");
    await pickOption(page, "badge-admin-rule", "Reach a level");
    await form.getByRole("textbox", { name: "Level" }).fill("3");
    await form.locator('input[type="file"]').setInputFiles({
      name: "badge.svg",
      mimeType: "image/svg+xml",
      buffer: Buffer.from(
        `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 8 8" onload="alert(1)"><script>alert(2)</script>` +
          `<image href="https://evil.test/t.png"/><circle cx="4" cy="4" r="3" fill="#0a0"/></svg>`,
      ),
    });
    await page.getByTestId("badge-admin-save").click();
    await expect(form).toHaveCount(0);
    await expect(row).toContainText("Reach level 3");
  });

  await test.step("the uploaded SVG is shown cleaned, as an SVG under a strict policy", async () => {
    const image = page.getByTestId("badge-admin-row").filter({ hasText: "Shipper" }).locator("img");
    await expect(image).toHaveAttribute("src", /^\/api\/bounty\/badges\/images\/\d+$/);
    const served = await page.request.get((await image.getAttribute("src")) ?? "");
    expect(served.headers()["content-type"]).toBe("image/svg+xml");
    expect(served.headers()["content-security-policy"]).toContain("sandbox");
    const body = await served.text();
    expect(body).toContain('<circle cx="4" cy="4" r="3" fill="#0a0"/>');
    expect(body).not.toMatch(/script|onload|alert|evil\.test/);
  });

  await test.step("both changes are in the audit trail", async () => {
    await openApp(page, "/admin/audit");
    const rows = page.getByTestId("audit-table").getByTestId("audit-row");
    await expect(rows.filter({ hasText: "badges.badge.update" }).first()).toContainText('"kind":"level"');
    await expect(rows.filter({ hasText: "badges.badge.create" }).first()).toContainText(code);
    await expect(rows.filter({ hasText: "badges.programme.create" }).first()).toContainText(code);
  });

  await test.step("screenshots: the screen and the badge form in en and cn", async () => {
    for (const [width, height] of [
      [1280, 900],
      [375, 812],
    ] as const) {
      await page.setViewportSize({ width, height });
      for (const locale of ["en", "cn"] as const) {
        await openApp(page, `${locale === "cn" ? "/cn" : ""}/admin/badges`);
        await pickOption(page, "programme-admin-pick", new RegExp(code));
        const row = page.getByTestId("badge-admin-row").first();
        await expect(row).toBeVisible();
        await page.screenshot({
          path: join(screenshots, `badges-admin-${width}-${locale}.png`),
          fullPage: true,
        });
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow, `admin ${width} ${locale} overflows`).toBeLessThanOrEqual(0);
        await row.getByRole("button").click();
        await expect(page.getByTestId("badge-admin-form")).toBeVisible();
        await page.screenshot({ path: join(screenshots, `badges-admin-form-${width}-${locale}.png`) });
        await page.keyboard.press("Escape");
        await expect(page.getByTestId("badge-admin-form")).toHaveCount(0);
      }
    }
  });
  expect(errors).toEqual([]);
});
