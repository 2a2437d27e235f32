// Screenshots of a page at the two widths we check (1280 and 375 px) in en and cn, saved under e2e/screenshots to
// be looked at, with a check that the page never scrolls sideways.
import { join } from "node:path";
import { expect, type Page } from "@playwright/test";
import { openApp } from "./app";

const screenshots = join(import.meta.dirname, "..", "screenshots");

/** `path` at 1280 and 375 px in en and cn, after `ready` says the page is shown; leaves the page at 1280 px. */
export async function shootPage(
  page: Page,
  name: string,
  path: string,
  ready: (page: Page) => Promise<void>,
) {
  for (const [width, height] of [
    [1280, 900],
    [375, 812],
  ] as const) {
    await page.setViewportSize({ width, height });
    for (const locale of ["en", "cn"] as const) {
      await openApp(page, `${locale === "cn" ? "/cn" : ""}${path}`);
      await ready(page);
      await page.screenshot({ path: join(screenshots, `${name}-${width}-${locale}.png`), fullPage: true });
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `${name} ${width} ${locale} overflows`).toBeLessThanOrEqual(0);
    }
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}
