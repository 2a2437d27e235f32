import { join } from "node:path";
import { buildDrawFile, drawWinners } from "@dropfair/core/fairness";
import { type Download, expect, type Page, test } from "@playwright/test";
import { pickerDetail } from "../src/shared/testing/picker-detail";
import { openApp } from "./support/app";

const postId = "2002842258109890560";
const blockHash = `0x${"3b".repeat(32)}` as const;
const userIds = Array.from({ length: 500 }, (_, index) =>
  String(1_500_000_000_000_000_000n + BigInt(index) * 7919n),
);
const winnerCount = 5;
const file = buildDrawFile({ postId, blockNumber: 21_000_000, blockHash, winnerCount, userIds });
const ranking = drawWinners({ postId, blockHash, userIds, winnerCount }).ranking;
const publishedWinners = ranking.slice(0, winnerCount).map((entry) => entry.userId);

function jsonFile(name: string, content: unknown) {
  return { name, mimeType: "application/json", buffer: Buffer.from(JSON.stringify(content, null, 2)) };
}

async function verifyFile(page: Page, upload: ReturnType<typeof jsonFile>, userId?: string) {
  await page.getByTestId("tab-file").click();
  await page.getByTestId("draw-file-input").setInputFiles(upload);
  await expect(page.getByTestId("file-name")).toContainText(upload.name);
  if (userId !== undefined) await page.getByTestId("file-user-input").fill(userId);
  await page.getByTestId("file-submit").click();
}

test.describe("fairness simulator", () => {
  test("verifies a downloaded draw file offline and simulates an entrant's chances", async ({ page }) => {
    await openApp(page, "/simulator");
    await expect(page.getByRole("heading", { name: "Fairness simulator" })).toBeVisible();
    await expect(page.getByTestId("fairness-limit")).toContainText("could, at a cost, try several blocks");

    const subject = ranking[2]!;
    await verifyFile(
      page,
      jsonFile("dropfair-draw-E2E.json", { ...file, seed: "E2E", chainId: 1, publishedWinners }),
      subject.userId,
    );

    await expect(page.getByTestId("verification-report")).toBeVisible();
    await expect(page.getByTestId("check-commitment")).toHaveAttribute("data-outcome", "pass");
    await expect(page.getByTestId("check-winners")).toHaveAttribute("data-outcome", "pass");
    await expect(page.getByTestId("check-user")).toContainText("Winner");
    await expect(page.getByTestId("user-rank")).toContainText("#3");
    await expect(page.getByTestId("simulation-fair-chance")).toHaveText("1.00%");
    await expect(page.getByTestId("simulation-wins")).toContainText("/ 100");
    await expect(page.getByTestId("win-frequency-chart").locator("svg")).toBeVisible();
    await expect(page.getByTestId("chart-fair-line")).toHaveCount(1);
    await expect(page.getByTestId("rank-distribution-chart").locator("rect")).toHaveCount(10);
    await expect(page.getByTestId("winners-table").locator("tbody tr")).toHaveCount(winnerCount);
    await expect(page.getByTestId("block-hash")).toHaveText(blockHash);
  });

  test("checks a file without a user, and catches a changed entry list", async ({ page }) => {
    await openApp(page, "/simulator");
    await verifyFile(page, jsonFile("plain.json", file));
    await expect(page.getByTestId("check-commitment")).toHaveAttribute("data-outcome", "pass");
    await expect(page.getByTestId("check-winners")).toHaveAttribute("data-outcome", "neutral");
    await expect(page.getByTestId("simulation")).toHaveCount(0);

    // One entrant swapped for another after the commitment: the hash no longer matches.
    const tampered = { ...file, entries: [...file.entries.slice(1), "1999999999999999999"] };
    await verifyFile(page, jsonFile("tampered.json", { ...tampered, publishedWinners }));
    await expect(page.getByTestId("check-commitment")).toHaveAttribute("data-outcome", "fail");
  });

  test("names what is wrong with a file that is not a draw file", async ({ page }) => {
    await openApp(page, "/simulator");
    await verifyFile(page, jsonFile("broken.json", { ...file, blockHash: "0x1234" }));
    await expect(page.getByTestId("verifier-error")).toContainText("This is not a valid draw file.");
    await expect(page.getByTestId("verifier-error")).toContainText("blockHash");
  });

  test("requires seed and username, in English and Chinese", async ({ page }) => {
    await openApp(page, "/simulator");
    await page.getByTestId("seed-submit").click();
    await expect(page.getByText("Please input the seed.")).toBeVisible();
    await expect(page.getByText("Please input the username.")).toBeVisible();

    await openApp(page, "/cn/simulator");
    await page.getByTestId("seed-submit").click();
    await expect(page.getByTestId("seed-form").getByText("请输入种子")).toBeVisible();
  });

  test("an unknown seed from a link says so", async ({ page }) => {
    await openApp(page, "/simulator?seed=NO-SUCH-SEED&username=nobody");
    await expect(page.getByTestId("seed-input")).toHaveValue("NO-SUCH-SEED");
    await expect(page.getByTestId("username-input")).toHaveValue("nobody");
    await expect(page.getByTestId("verifier-error")).toContainText("Cannot find picker with this seed");
  });
});

// The sandbox's giveaway post and its author (packages/sandbox), as in picker.spec.ts.
const giveawayUrl = "https://x.com/dropfair_host/status/2002842258109890560";
const hostUsername = "dropfair_host";

/** "Sign in with X" on a picker page, through the sandbox's consent page, back to the same page. */
async function signInWithX(page: Page, username: string) {
  const returnPath = new URL(page.url()).pathname;
  await page.getByTestId("x-sign-in").first().click();
  await page.waitForURL(/oauth2\/authorize/);
  await page.locator("#username").fill(username);
  await page.getByRole("button", { name: "Authorize app" }).click();
  await page.waitForURL((url) => url.pathname === returnPath);
}

test("verifies a real picker's draw by seed, and its downloaded draw file offline", async ({ page }) => {
  test.setTimeout(300_000);
  let winner = "";
  let banTarget = "";
  let pickerPath = "";
  await test.step("a host draws a picker on the real stack", async () => {
    await openApp(page, "/picker2");
    await signInWithX(page, hostUsername);
    await page.getByTestId("create-picker").click();
    await page.getByTestId("post-url").fill(giveawayUrl);
    await page.getByTestId("winner-count").fill("3");
    await page.getByTestId("create-submit").click();
    await expect(page).toHaveURL(/\/picker2\/\d+$/, { timeout: 30_000 });
    await expect(page.getByTestId("picker-status").first()).toHaveText("Ready to pick", { timeout: 180_000 });
    await page.getByTestId("draw-button").click();
    const firstWinner = page.getByTestId("winners").getByTestId("winner-row").first();
    await expect(firstWinner).toBeVisible({ timeout: 120_000 });
    winner = (await firstWinner.getAttribute("data-username")) ?? "";
    expect(winner).not.toBe("");
    banTarget =
      (await page.getByTestId("winners").getByTestId("winner-row").nth(1).getAttribute("data-username")) ??
      "";
    pickerPath = new URL(page.url()).pathname;
  });

  let download: Download | undefined;
  await test.step("the detail page offers the draw file", async () => {
    const downloading = page.waitForEvent("download");
    await page.getByTestId("download-draw-file").click();
    download = await downloading;
  });

  await test.step("the simulator link carries the seed; a winner's draw verifies", async () => {
    await page.getByTestId("simulator-link").click();
    await expect(page).toHaveURL(/\/simulator\?seed=/);
    await expect(page.getByTestId("seed-input")).not.toHaveValue("");
    await page.getByTestId("username-input").fill(`@${winner}`);
    await page.getByTestId("seed-submit").click();
    await expect(page.getByTestId("check-commitment")).toHaveAttribute("data-outcome", "pass", {
      timeout: 30_000,
    });
    await expect(page.getByTestId("check-winners")).toHaveAttribute("data-outcome", "pass");
    await expect(page.getByTestId("check-user")).toContainText(`@${winner}`);
    await expect(page.getByTestId("check-user")).toContainText("Winner");
    await expect(page.getByTestId("check-user")).toContainText("Same rank as the picker's page shows.");
    await expect(page.getByTestId("simulation-wins")).toContainText("/ 100");
    // The query string names what was verified, so the result can be shared.
    await expect(page).toHaveURL(new RegExp(`username=${winner}`));
  });

  await test.step("someone who did not take part is told so", async () => {
    await page.getByTestId("username-input").fill("@no_such_entrant");
    await page.getByTestId("seed-submit").click();
    await expect(page.getByTestId("verifier-error")).toContainText("@no_such_entrant is not a participant");
  });

  await test.step("the downloaded file verifies offline, with its published winners", async () => {
    expect(download, "the draw file was downloaded").toBeDefined();
    const path = await download!.path();
    await page.getByTestId("tab-file").click();
    await page.getByTestId("draw-file-input").setInputFiles(path);
    await page.getByTestId("file-submit").click();
    await expect(page.getByTestId("check-commitment")).toHaveAttribute("data-outcome", "pass");
    await expect(page.getByTestId("check-winners")).toHaveAttribute("data-outcome", "pass");
  });

  await test.step("the host bans an entrant on the banned page and lifts the ban again", async () => {
    await openApp(page, `${pickerPath}/banned`);
    await expect(page.getByTestId("ban-empty")).toBeVisible();
    await page.getByTestId("ban-username").fill(`@${banTarget}`);
    await page.getByTestId("ban-reason").fill("Look-alike account");
    await page.getByTestId("ban-submit").click();
    const row = page.getByTestId("ban-table").getByTestId("ban-row");
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(`@${banTarget}`);
    await expect(row).toContainText("Look-alike account");
    await expect(row).toContainText(`@${hostUsername}`);
    await row.getByRole("button").click();
    await page.getByRole("dialog").getByRole("button", { name: "Lift ban" }).click();
    await expect(page.getByTestId("ban-empty")).toBeVisible();
  });
});

const screenshots = join(import.meta.dirname, "screenshots");

/** A draw where one entrant in ten wins, so the charts have something to show. */
const showcase = (() => {
  const ids = userIds.slice(0, 400);
  const draw = buildDrawFile({ postId, blockNumber: 21_000_000, blockHash, winnerCount: 40, userIds: ids });
  const order = drawWinners({ postId, blockHash, userIds: ids, winnerCount: 40 }).ranking;
  const winners = order.slice(0, 40).map((entry) => entry.userId);
  return {
    file: { ...draw, seed: "SHOT", chainId: 1, publishedWinners: winners },
    userId: order[57]!.userId,
  };
})();

/** The picker the banned-users page shows, as the API answers it. */
const bannedPicker = pickerDetail({ postId, postUrl: `https://x.com/dropfair_host/status/${postId}` });

const bans = [
  {
    xUserId: "1790000000000000201",
    username: "airdrop_farmer_42",
    reason: "Runs a farm of 30 look-alike accounts that retweet every giveaway within a second.",
    addedBy: "dropfair_host",
    createdAt: "2026-01-02T10:00:00.000Z",
  },
  {
    xUserId: "1790000000000000202",
    username: "spam_bot",
    reason: "Bot",
    addedBy: "helper_anna",
    createdAt: "2026-01-05T08:30:00.000Z",
  },
  {
    xUserId: "1790000000000000203",
    username: "reseller",
    reason: "Sold last month's prize",
    addedBy: "dropfair_host",
    createdAt: "2025-12-20T18:45:00.000Z",
  },
];

/** The ban page's API answers, so the screenshots do not depend on a picker existing. */
async function serveBannedPicker(page: Page) {
  await page.route(/\/api\/bounty\/picker\/7(\/bans)?$/, (route) =>
    route.fulfill({
      contentType: "application/json",
      body: JSON.stringify({
        content: route.request().url().endsWith("/bans") ? bans : bannedPicker,
        typeCode: 1,
        message: "",
      }),
    }),
  );
}

for (const { width, height } of [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
]) {
  for (const locale of ["en", "cn"] as const) {
    test(`simulator and banned pages screenshot ${width}px ${locale}`, async ({ page }) => {
      await page.setViewportSize({ width, height });
      const prefix = locale === "cn" ? "/cn" : "";
      await openApp(page, `${prefix}/simulator`);
      await page.getByRole("heading", { level: 1 }).waitFor();
      await page.screenshot({ path: join(screenshots, `simulator-form-${width}-${locale}.png`) });
      await verifyFile(page, jsonFile("dropfair-draw-SHOT.json", showcase.file), showcase.userId);
      await expect(page.getByTestId("simulation")).toBeVisible();
      await page.waitForTimeout(300);
      await page.screenshot({ path: join(screenshots, `simulator-${width}-${locale}.png`), fullPage: true });
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);

      await serveBannedPicker(page);
      await openApp(page, `${prefix}/picker2/7/banned`);
      await expect(page.getByTestId(width < 768 ? "ban-cards" : "ban-table")).toBeVisible();
      await page.waitForTimeout(300);
      await page.screenshot({ path: join(screenshots, `banned-${width}-${locale}.png`), fullPage: true });
      const bannedOverflow = await page.evaluate(
        () => document.documentElement.scrollWidth - window.innerWidth,
      );
      expect(bannedOverflow).toBeLessThanOrEqual(0);
    });
  }
}
