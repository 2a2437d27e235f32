import { join } from "node:path";
import { expect, test } from "@playwright/test";
import { openApp, signIn } from "./support/app";
import { installTestWallet } from "./support/test-wallet";

const directory = join(import.meta.dirname, "screenshots");

for (const { width, height } of [
  { width: 1280, height: 800 },
  { width: 375, height: 760 },
]) {
  for (const locale of ["en", "cn"] as const) {
    test(`shell screenshot ${width}px ${locale}`, async ({ page }) => {
      await page.setViewportSize({ width, height });
      const prefix = locale === "cn" ? "/cn" : "";
      await openApp(page, `${prefix}/`);
      await page.waitForLoadState("networkidle");
      await page.screenshot({ path: join(directory, `shell-${width}-${locale}.png`) });

      await openApp(page, `${prefix}/home`);
      await page.waitForLoadState("networkidle");
      await page.screenshot({ path: join(directory, `home-${width}-${locale}.png`) });
      await page.screenshot({ path: join(directory, `home-${width}-${locale}-full.png`), fullPage: true });

      if (width === 375) {
        await page.getByTestId("menu-button").click();
        await expect(page.getByRole("dialog")).toBeVisible();
        await page.waitForTimeout(400);
        await page.screenshot({ path: join(directory, `side-menu-${width}-${locale}.png`) });
      }
    });
  }
}

test("wallet dialog screenshot", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await openApp(page, "/");
  await page.getByTestId("login-button").click();
  await expect(page.getByTestId("wallet-option-metamask")).toBeVisible();
  await page.waitForTimeout(300);
  await page.screenshot({ path: join(directory, "wallet-dialog-1280-en.png") });
});

for (const width of [1280, 375]) {
  test(`signed-in shell screenshot ${width}px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 });
    await installTestWallet(page);
    await openApp(page, "/");
    await signIn(page);
    await page.getByTestId("user-dropdown").click();
    await expect(page.getByTestId("logout")).toBeVisible();
    await page.waitForTimeout(300);
    await page.screenshot({ path: join(directory, `signed-in-${width}-en.png`) });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
}
