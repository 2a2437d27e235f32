import { expect, test } from "@playwright/test";
import { openApp } from "./support/app";

test.describe("locale rules", () => {
  test("switching language keeps the route, params, query and hash", async ({ page }) => {
    await openApp(page, "/picker2/abc123/xyz?tab=history&keyword=fair#draws");
    await expect(page.getByTestId("login-button")).toHaveText(/Connect$/);

    await page.getByTestId("language-toggle").click();
    await expect(page).toHaveURL(/\/cn\/picker2\/abc123\/xyz\?tab=history&keyword=fair#draws$/);
    await expect(page.getByTestId("login-button")).toHaveText(/连接钱包$/);
    await expect(page.locator("html")).toHaveAttribute("lang", "zh-CN");

    await page.getByTestId("language-toggle").click();
    await expect(page).toHaveURL(/\/picker2\/abc123\/xyz\?tab=history&keyword=fair#draws$/);
    expect(new URL(page.url()).pathname).toBe("/picker2/abc123/xyz");
    await expect(page.getByTestId("login-button")).toHaveText(/Connect$/);
  });

  test("the /cn prefix renders Chinese and the default locale has no prefix", async ({ page }) => {
    await openApp(page, "/cn");
    await expect(page.getByTestId("login-button")).toHaveText(/连接钱包$/);
    await expect(page.getByText("可验证的 X 抽奖")).toBeVisible();

    await openApp(page, "/");
    await expect(page.getByText("Verifiable X giveaways")).toBeVisible();
  });

  test("the chosen language is kept in localStorage", async ({ page }) => {
    await openApp(page, "/home");
    await page.getByTestId("language-toggle").click();
    await expect(page).toHaveURL(/\/cn\/home$/);
    expect(await page.evaluate(() => localStorage.getItem("dropfair.language"))).toBe("cn");

    await page.goto("/chain");
    await expect(page).toHaveURL(/\/cn\/chain$/);
    await expect(page.getByRole("heading", { name: "链列表" })).toBeVisible();
  });
});
