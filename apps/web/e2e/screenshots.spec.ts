import { join } from "node:path";
import { expect, type Page, test } from "@playwright/test";
import { openApp, signIn } from "./support/app";
import { installTestWallet } from "./support/test-wallet";

const directory = join(import.meta.dirname, "screenshots");

/** What each shot must show, so a broken page fails instead of being photographed. */
const keyText = {
  en: { picker: "Verifiable X giveaways", home: "Airdrops and giveaways your community can verify" },
  cn: { picker: "可验证的 X 抽奖", home: "让社区能够亲自 验证的空投与抽奖" },
};

/** Console errors and uncaught exceptions of the page, from now on. */
function pageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(`console: ${message.text()}`);
  });
  page.on("pageerror", (error) => errors.push(`uncaught: ${error.message}`));
  return errors;
}

async function expectNoHorizontalOverflow(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, "the page is wider than the viewport").toBeLessThanOrEqual(0);
}

for (const { width, height } of [
  { width: 1280, height: 800 },
  { width: 375, height: 760 },
]) {
  for (const locale of ["en", "cn"] as const) {
    test(`shell screenshot ${width}px ${locale}`, async ({ page }) => {
      const errors = pageErrors(page);
      await page.setViewportSize({ width, height });
      const prefix = locale === "cn" ? "/cn" : "";
      await openApp(page, `${prefix}/`);
      await page.waitForLoadState("networkidle");
      await expect(page.getByRole("heading", { name: keyText[locale].picker })).toBeVisible();
      if (width === 1280) await expect(page.getByTestId("network-picker")).toBeVisible();
      await expectNoHorizontalOverflow(page);
      await page.screenshot({ path: join(directory, `shell-${width}-${locale}.png`) });

      await openApp(page, `${prefix}/home`);
      await page.waitForLoadState("networkidle");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(keyText[locale].home);
      await expectNoHorizontalOverflow(page);
      await page.screenshot({ path: join(directory, `home-${width}-${locale}.png`) });
      await page.screenshot({ path: join(directory, `home-${width}-${locale}-full.png`), fullPage: true });

      if (width === 375) {
        await page.getByTestId("menu-button").click();
        await expect(page.getByRole("dialog")).toBeVisible();
        await page.waitForTimeout(400);
        await page.screenshot({ path: join(directory, `side-menu-${width}-${locale}.png`) });
      }
      expect(errors).toEqual([]);
    });
  }
}

test("wallet dialog screenshot", async ({ page }) => {
  const errors = pageErrors(page);
  await page.setViewportSize({ width: 1280, height: 800 });
  await openApp(page, "/");
  await page.getByTestId("login-button").click();
  await expect(page.getByRole("dialog")).toBeVisible();
  await expect(page.getByTestId("wallet-option-metamask")).toBeVisible();
  await expectNoHorizontalOverflow(page);
  await page.waitForTimeout(300);
  await page.screenshot({ path: join(directory, "wallet-dialog-1280-en.png") });
  expect(errors).toEqual([]);
});

for (const width of [1280, 375]) {
  test(`signed-in shell screenshot ${width}px`, async ({ page }) => {
    const errors = pageErrors(page);
    await page.setViewportSize({ width, height: 800 });
    await installTestWallet(page);
    await openApp(page, "/");
    await signIn(page);
    await page.getByTestId("user-dropdown").click();
    await expect(page.getByTestId("logout")).toBeVisible();
    await page.waitForTimeout(300);
    await page.screenshot({ path: join(directory, `signed-in-${width}-en.png`) });
    await expectNoHorizontalOverflow(page);
    expect(errors).toEqual([]);
  });
}
