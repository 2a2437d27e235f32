import { expect, test } from "@playwright/test";
import { openApp } from "./support/app";

test.describe("shell", () => {
  test("the network picker shows on wide screens and hides at 375 px", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await openApp(page, "/");
    await expect(page.getByTestId("network-picker")).toBeVisible();
    await expect(page.getByTestId("network-picker")).toHaveText(/BNB Chain/);

    await page.setViewportSize({ width: 375, height: 760 });
    await expect(page.getByTestId("network-picker")).toBeHidden();
    await expect(page.getByTestId("menu-button")).toBeVisible();
    await expect(page.getByTestId("login-button")).toBeVisible();
    await expect(page.getByTestId("language-toggle")).toBeVisible();
    // Nothing in the top bar overflows the viewport.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });

  test("the logo goes to picker2", async ({ page }) => {
    await openApp(page, "/home");
    await page.getByTestId("logo").click();
    await expect(page).toHaveURL(/\/picker2$/);
  });

  test("the side menu opens, and its search keyword lands in the URL after the debounce", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 375, height: 760 });
    await openApp(page, "/home");
    await page.getByTestId("menu-button").click();
    const drawer = page.getByRole("dialog");
    await expect(drawer).toBeVisible();
    const box = await page.locator(".mantine-Drawer-content").boundingBox();
    expect(box?.width).toBeGreaterThanOrEqual(300);
    expect(box?.width).toBeLessThanOrEqual(400);

    await page.getByTestId("menu-search").fill("chain");
    await page.waitForTimeout(600);
    expect(new URL(page.url()).searchParams.get("keyword")).toBeNull();
    await expect.poll(() => new URL(page.url()).searchParams.get("keyword"), { timeout: 4000 }).toBe("chain");
    await expect(page.getByTestId("menu-chain")).toBeVisible();
    await expect(page.getByTestId("menu-tips")).toHaveCount(0);
  });

  test("menu rules: referral highlights achievement, built features open their page, groups toggle", async ({
    page,
  }) => {
    await openApp(page, "/referral");
    await page.getByTestId("menu-button").click();
    await expect(page.getByTestId("menu-achievement")).toHaveAttribute("data-selected", "true");
    await expect(page.getByTestId("menu-referral")).toHaveAttribute("data-selected", "true");

    // The wheel is built: its entry opens its page instead of a coming-soon notice.
    await page.getByTestId("menu-game").click();
    await expect(page).toHaveURL(/\/game$/);
    await expect(page.getByText("This feature is coming soon. Stay tuned!")).toHaveCount(0);
    // Navigating closes the menu.
    await expect(page.getByTestId("menu-tools")).toBeHidden();
    await page.getByTestId("menu-button").click();

    await page.getByTestId("menu-tools").click();
    await page.getByTestId("menu-chain").click();
    await expect(page).toHaveURL(/\/chain$/);
    await expect(page.getByRole("heading", { name: "Chain list" })).toBeVisible();
  });

  test("navigation scrolls to the top; clicking the current route in the menu resets the scroll", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 375, height: 760 });
    await openApp(page, "/home");
    await expect(page.locator("#fairness")).toBeAttached();
    await page.evaluate(() => window.scrollTo(0, 2000));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(1000);
    await page.getByRole("contentinfo").getByRole("link", { name: "Chain list" }).click();
    await expect(page).toHaveURL(/\/chain$/);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);

    await expect(page.getByTestId("chain-31337")).toBeVisible();
    await page.evaluate(() => window.scrollTo(0, 800));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(500);
    await page.getByTestId("menu-button").click();
    await page.getByTestId("menu-chain").click();
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });
});
