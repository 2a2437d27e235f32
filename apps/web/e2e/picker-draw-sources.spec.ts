import { join } from "node:path";
import { pickerStatus } from "@dropfair/core/picker";
import { expect, type Page, test } from "@playwright/test";
import { pickerDetail } from "../src/shared/testing/picker-detail";
import { openApp } from "./support/app";

// The detail page of a picker whose draw waits because its two block sources disagree on the target block's
// hash, as its owner sees it. The picker's answer is stubbed: the stack has one block source. The waiting
// itself is tested against two Hardhat nodes (apps/api/test/picker-draw-sources.test.ts).
const screenshots = join(import.meta.dirname, "screenshots");

const text = {
  en: "The block sources disagree on the target block's hash. The draw waits until they agree.",
  cn: "区块来源对目标区块的哈希不一致。抽奖将等待它们一致。",
};

async function stubPicker(page: Page) {
  const committedAt = new Date(Date.now() - 60_000).toISOString();
  const detail = pickerDetail({
    id: 424243,
    status: pickerStatus.selecting,
    drawCount: 1,
    errorMessage: "picker.drawSourcesDisagree",
    currentDraw: {
      count: 1,
      kind: "draw",
      reason: null,
      commitment: `0x${"1".repeat(64)}`,
      entryCount: 9,
      winnerCount: 1,
      chainId: 1,
      targetBlock: "21000002",
      committedAt,
      headAtCommit: "21000000",
      blockHash: null,
      status: "waiting",
      replacedXUserIds: null,
      createdAt: committedAt,
      drawnAt: null,
    },
  });
  const envelope = (content: unknown) => ({ json: { content, typeCode: 1, message: "success" } });
  await page.route(/\/api\/bounty\/picker\/424243(\?.*)?$/, (route) => route.fulfill(envelope(detail)));
  await page.route(/\/api\/bounty\/picker\/424243\/participants/, (route) =>
    route.fulfill(envelope({ total: 0, page: 1, size: 25, rows: [] })),
  );
  await page.route(/\/api\/bounty\/picker\/424243\/(history|admins)/, (route) => route.fulfill(envelope([])));
}

for (const width of [1280, 375]) {
  for (const locale of ["en", "cn"] as const) {
    test(`a draw waiting for block sources that disagree, ${width}px ${locale}`, async ({ page }) => {
      const errors: string[] = [];
      page.on("pageerror", (error) => errors.push(error.message));
      await page.setViewportSize({ width, height: 900 });
      await stubPicker(page);
      await openApp(page, `${locale === "cn" ? "/cn" : ""}/picker2/424243`);
      await expect(page.getByTestId("draw-alert")).toHaveText(text[locale]);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await page.screenshot({
        path: join(screenshots, `picker-draw-sources-${width}-${locale}.png`),
        fullPage: true,
      });
      expect(errors).toEqual([]);
    });
  }
}
