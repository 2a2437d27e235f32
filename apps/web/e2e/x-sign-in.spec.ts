import { join } from "node:path";
import { expect, type Page, test } from "@playwright/test";
import { openApp, signIn } from "./support/app";
import { installTestWallet } from "./support/test-wallet";

const screenshots = join(import.meta.dirname, "screenshots");
const aliceId = "1317903271326646276";

async function xAuthCookie(page: Page) {
  const cookie = (await page.context().cookies()).find(
    (candidate) => candidate.name === "dropfairtwitter_auth",
  );
  return cookie ? (JSON.parse(decodeURIComponent(cookie.value)) as Record<string, unknown>) : undefined;
}

/** On the X sandbox's consent page: choose the account, as a user would. */
async function approveAs(page: Page, username: string) {
  await expect(page).toHaveURL(/\/sandbox\/x\/i\/oauth2\/authorize\?/);
  await expect(page.getByRole("heading", { name: "Sign in with X" })).toBeVisible();
  await page.getByRole("button", { name: new RegExp(`@${username}$`) }).click();
}

async function openSideMenu(page: Page) {
  await page.getByTestId("menu-button").click();
  await expect(page.getByRole("dialog")).toBeVisible();
}

test.describe("Sign in with X", () => {
  test("signs in through the sandbox consent page, shows the X account in the menu, then logs out", async ({
    page,
    request,
  }) => {
    await openApp(page, "/chain");
    await openSideMenu(page);
    await expect(page.getByTestId("side-menu-x-account")).toHaveText("Connect a wallet to sign in");
    await page.getByTestId("x-sign-in").click();

    await approveAs(page, "sandbox_alice");
    // Back on the page where it started, signed in with X.
    await expect(page).toHaveURL(/\/chain$/);
    const cookie = await xAuthCookie(page);
    expect(cookie).toMatchObject({ project: "DROPFAIR", account: aliceId });
    expect(String(cookie?.token)).toMatch(/^xs_/);
    expect(Number(cookie?.expireAt)).toBeGreaterThan(Date.now() / 1000 + 6 * 24 * 3600);
    const token = String(cookie?.token);

    await openSideMenu(page);
    await expect(page.getByTestId("side-menu-x-account")).toContainText("@sandbox_alice");
    await page.waitForTimeout(400);
    await page.screenshot({ path: join(screenshots, "x-signed-in-side-menu-1280-en.png") });

    // The sign-in survives a reload (cookie), then X logout ends it here and on the server.
    await page.reload();
    await openSideMenu(page);
    await expect(page.getByTestId("side-menu-x-account")).toContainText("@sandbox_alice");
    await page.getByTestId("x-logout").click();
    await expect(page.getByTestId("x-sign-in")).toBeVisible();
    await expect(page.getByTestId("side-menu-x-account")).not.toContainText("@sandbox_alice");
    expect(await xAuthCookie(page)).toBeUndefined();
    await expect
      .poll(async () =>
        (
          await request.get("/api/reg/socialmedia/LoginStatusDetail/twitter", {
            headers: { "X-Twitter-Token": token },
          })
        ).status(),
      )
      .toBe(401);
  });

  test("with a wallet signed in too: the X account shows in the user dropdown, under the Chinese prefix", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await installTestWallet(page);
    await openApp(page, "/cn/chain");
    await signIn(page);
    await page.getByTestId("user-dropdown").click();
    await page.getByTestId("user-dropdown-x-sign-in").click();

    await approveAs(page, "dropfair_host");
    await expect(page).toHaveURL(/\/cn\/chain$/);
    // The wallet session is still there, and the X account is named in the dropdown.
    await page.getByTestId("user-dropdown").click();
    await expect(page.getByTestId("user-dropdown-x-account")).toContainText("@dropfair_host");
    await page.waitForTimeout(300);
    await page.screenshot({ path: join(screenshots, "x-signed-in-dropdown-390-cn.png") });
    await page.keyboard.press("Escape");

    await openSideMenu(page);
    await expect(page.getByTestId("side-menu-x-account")).toContainText("@dropfair_host");
    await page.waitForTimeout(400);
    await page.screenshot({ path: join(screenshots, "x-signed-in-side-menu-390-cn.png") });

    await page.getByTestId("x-logout").click();
    await expect(page.getByTestId("side-menu-x-account")).toHaveText("未使用 X 登录");
    await expect(page.getByTestId("side-menu-address")).not.toHaveText("未连接");
  });

  test("cancelling on X says so on the return page and offers to try again", async ({ page }) => {
    for (const [viewport, locale] of [
      [{ width: 1280, height: 800 }, "en"],
      [{ width: 390, height: 844 }, "cn"],
    ] as const) {
      await page.setViewportSize(viewport);
      const prefix = locale === "cn" ? "/cn" : "";
      await openApp(page, `${prefix}/chain`);
      await openSideMenu(page);
      await page.getByTestId("x-sign-in").click();
      await expect(page).toHaveURL(/\/sandbox\/x\/i\/oauth2\/authorize\?/);
      await page.screenshot({ path: join(screenshots, `x-consent-page-${viewport.width}.png`) });
      await page.getByRole("button", { name: "Cancel" }).click();

      await expect(page).toHaveURL(/\/auth\/twitter\?/);
      await expect(page.getByTestId("x-sign-in-error")).toBeVisible();
      await expect(page.getByTestId("x-sign-in-retry")).toBeVisible();
      await page.screenshot({
        path: join(screenshots, `x-sign-in-cancelled-${viewport.width}-${locale}.png`),
      });
      expect(await xAuthCookie(page)).toBeUndefined();

      // Try again: back to the consent page, this time approving; it comes back to where it first started.
      await page.getByTestId("x-sign-in-retry").click();
      await approveAs(page, "sandbox_bob");
      await expect(page).toHaveURL(new RegExp(`${prefix}/chain$`));
      expect(await xAuthCookie(page)).toMatchObject({ project: "DROPFAIR" });
      await page.context().clearCookies();
    }
  });
});
