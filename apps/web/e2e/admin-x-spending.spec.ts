import { join } from "node:path";
import { expect, test } from "@playwright/test";
import { e2eAdminKey } from "./support/admin";
import { openApp, signIn } from "./support/app";
import { installTestWallet } from "./support/test-wallet";

// The administrators' page shows this month's reads from X against X_SPENDING_CAP (the e2e stack sets
// 3,000,000), for every process of the stack together.
const screenshots = join(import.meta.dirname, "screenshots");

const figure = {
  en: /^[\d,]+ of 3,000,000 posts and users read \([\d.]+%\), every process together$/,
  cn: /^已读取 [\d,]+ \/ 3,000,000 条帖子和用户（[\d.]+%），所有进程合计$/,
};

for (const width of [1280, 375]) {
  for (const locale of ["en", "cn"] as const) {
    test(`an administrator sees the month's X spending, ${width}px ${locale}`, async ({ page }) => {
      const errors: string[] = [];
      page.on("pageerror", (error) => errors.push(error.message));
      await page.setViewportSize({ width, height: 800 });
      await installTestWallet(page, { privateKey: e2eAdminKey });
      const prefix = locale === "cn" ? "/cn" : "";
      await openApp(page, `${prefix}/admin/audit`);
      await signIn(page);
      await expect(page.getByTestId("x-spending-figure")).toHaveText(figure[locale]);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await page.screenshot({ path: join(screenshots, `admin-x-spending-${width}-${locale}.png`) });
      expect(errors).toEqual([]);
    });
  }
}
