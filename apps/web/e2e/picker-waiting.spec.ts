import { join } from "node:path";
import { expect, type Page, test } from "@playwright/test";
import { pickerDetail } from "../src/shared/testing/picker-detail";
import { openApp } from "./support/app";

// The detail page of a picker whose collection waits for X's rate limit, as its owner sees it. The picker's
// answer is stubbed: a real far reset would spend the stack's X limit for every other spec. The waiting itself
// is tested through the job (apps/api/test/picker-pipeline-job.test.ts).
const screenshots = join(import.meta.dirname, "screenshots");

test.use({ timezoneId: "Asia/Shanghai" });

const text = {
  en: (time: string) =>
    `Waiting for X until ${time}: its request limit is used up for now, and the collection goes on by itself then.`,
  cn: (time: string) => `等待 X 至 ${time}：X 的请求额度暂时用完，届时自动继续收集。`,
};

async function stubPicker(page: Page, waitingUntil: Date) {
  const detail = pickerDetail({
    id: 424242,
    status: 3,
    progress: {
      stage: "retweets",
      pages: 12,
      fetched: 1200,
      total: 20000,
      waitingUntil: waitingUntil.toISOString(),
    },
    entryCount: 1200,
    eligibleCount: 0,
  });
  const envelope = (content: unknown) => ({ json: { content, typeCode: 1, message: "success" } });
  await page.route(/\/api\/bounty\/picker\/424242(\?.*)?$/, (route) => route.fulfill(envelope(detail)));
  await page.route(/\/api\/bounty\/picker\/424242\/participants/, (route) =>
    route.fulfill(envelope({ total: 0, page: 1, size: 25, rows: [] })),
  );
  await page.route(/\/api\/bounty\/picker\/424242\/(history|admins)/, (route) => route.fulfill(envelope([])));
}

for (const width of [1280, 375]) {
  for (const locale of ["en", "cn"] as const) {
    test(`a collection waiting for X, ${width}px ${locale}`, async ({ page }) => {
      const errors: string[] = [];
      page.on("pageerror", (error) => errors.push(error.message));
      await page.setViewportSize({ width, height: 900 });
      // Two hours ahead, on a whole minute, read in Shanghai (UTC+8, no daylight saving).
      const reset = new Date(Math.ceil((Date.now() + 2 * 3600_000) / 60_000) * 60_000);
      const shanghai = new Date(reset.getTime() + 8 * 3600_000);
      const sameDay = shanghai.getUTCDate() === new Date(Date.now() + 8 * 3600_000).getUTCDate();
      const clock = `${String(shanghai.getUTCHours()).padStart(2, "0")}:${String(shanghai.getUTCMinutes()).padStart(2, "0")}`;
      const time = sameDay ? clock : `${shanghai.toISOString().slice(0, 10)} ${clock}`;
      await stubPicker(page, reset);
      await openApp(page, `${locale === "cn" ? "/cn" : ""}/picker2/424242`);
      await expect(page.getByTestId("pipeline-waiting")).toHaveText(text[locale](time));
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await page.screenshot({
        path: join(screenshots, `picker-waiting-${width}-${locale}.png`),
        fullPage: true,
      });
      expect(errors).toEqual([]);
    });
  }
}
