import { expect, test } from "@playwright/test";
import { openApp } from "./support/app";

test.describe("routes", () => {
  test("an unknown path shows the 404 page", async ({ page }) => {
    await openApp(page, "/no/such/page");
    await expect(page.getByText("Page Not Found: /no/such/page")).toBeVisible();
  });

  test("route params that fail validation show the 404 page", async ({ page }) => {
    const path = `/tips/${"x".repeat(80)}`;
    await openApp(page, path);
    await expect(page.getByText(`Page Not Found: ${path}`)).toBeVisible();
  });

  test("picker and pickerpro redirect to picker2, keeping the query", async ({ page }) => {
    await openApp(page, "/picker");
    await expect(page).toHaveURL(/\/picker2$/);

    await openApp(page, "/picker/create?from=menu");
    await expect(page).toHaveURL(/\/picker2\/create\?from=menu$/);

    await openApp(page, "/pickerpro/x");
    await expect(page).toHaveURL(/\/picker2\/x$/);

    await openApp(page, "/pickerpro/abc/banned");
    await expect(page).toHaveURL(/\/picker2\/abc\/banned$/);

    await openApp(page, "/cn/pickerpro");
    await expect(page).toHaveURL(/\/cn\/picker2$/);
  });

  test("every route of the app resolves to a page", async ({ page }) => {
    // About forty page loads, several of them real pages with their own chunks (the chain registry, the safe check).
    test.setTimeout(180_000);
    const paths = [
      "/dropfair",
      "/home",
      "/achievement",
      "/achievement/abcd",
      "/achievement/earlybird",
      // achievement/unitag/{id}/{code?} and tips/{id} are real pages too: a badge or a campaign that does not
      // exist is the 404 page, and which ids exist depends on the specs that ran before on this stack (two
      // workers, any order). badges.spec.ts visits a real badge's page, tips.spec.ts a real campaign's.
      "/achievement/drop",
      "/achievement/detail",
      "/achievement/detail-with-lucky",
      "/referral",
      "/airdrop",
      "/airdrop/create",
      "/airdrop/create/12",
      // picker/{id}, picker2/{id}/{code?} and picker2/{id}/banned are real pages now: a picker that does not
      // exist is the 404 page (typeCode 10, not found), covered in picker.spec.ts. Picker 12 exists only when
      // other specs happened to create twelve pickers on this stack first, so it is not visited here.
      "/picker2",
      "/picker2/create",
      "/simulator",
      "/tips",
      "/tips/banned",
      // game/{id} is a real page: a game that does not exist is the 404 page (covered in wheel.spec.ts).
      "/game",
      "/drops",
      "/daily",
      "/chain",
      "/safe",
      "/safe/Checker",
      "/aurora",
      "/aurora/abcd",
    ];
    for (const path of paths) {
      await openApp(page, path);
      await expect(page.getByTestId("not-found"), path).toHaveCount(0);
      await expect(page.getByTestId("route-error"), path).toHaveCount(0);
    }
    // Login return pages have no layout: X's finishes Sign in with X, Discord's and Telegram's finish binding
    // those accounts (without the provider's parameters they say the link is incomplete).
    await page.goto("/auth/twitter");
    await expect(page.getByTestId("x-sign-in-return")).toBeVisible();
    await expect(page.getByTestId("menu-button")).toHaveCount(0);
    for (const path of ["/auth/discord", "/auth/telegram/abcdefghijklmnop"]) {
      await page.goto(path);
      await expect(page.getByTestId("social-link-error"), path).toHaveText(
        "The link is incomplete. Please start again.",
      );
      await expect(page.getByTestId("menu-button")).toHaveCount(0);
    }
  });

  test("a referral code in an achievement or partner URL is kept for sign-in", async ({ page }) => {
    await openApp(page, "/nebula/frienda");
    expect(await page.evaluate(() => localStorage.getItem("dropfair.parent-code"))).toBe("frienda");
    await openApp(page, "/achievement/referral");
    expect(await page.evaluate(() => localStorage.getItem("dropfair.parent-code"))).toBe("frienda");
  });

  test("a URL hash scrolls to its element", async ({ page }) => {
    await openApp(page, "/home#fairness");
    await expect(page.locator("#fairness")).toBeInViewport();
  });

  test("a failed lazy chunk reloads the page once", async ({ page }) => {
    await openApp(page, "/");
    let failed = 0;
    await page.route(/\/assets\/chain-page-[^/]+\.js$/, async (route) => {
      if (failed === 0) {
        failed += 1;
        await route.fulfill({ status: 404, body: "gone" });
      } else {
        await route.continue();
      }
    });
    const reloaded = page.waitForEvent("load");
    await page.evaluate(() => {
      window.history.pushState(null, "", "/chain");
      window.dispatchEvent(new PopStateEvent("popstate"));
    });
    await reloaded;
    await expect(page.getByRole("heading", { name: "Chain list" })).toBeVisible();
    expect(failed).toBe(1);
  });
});
