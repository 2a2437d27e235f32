import { shortAddress } from "@dropfair/core/address";
import { devices, expect, test } from "@playwright/test";
import { openApp } from "./support/app";
import { installTestWallet } from "./support/test-wallet";

const { defaultBrowserType: _ignored, ...pixel } = devices["Pixel 7"];
test.use({ ...pixel, launchOptions: { executablePath: "/usr/bin/chromium" } });

test.describe("wallets on mobile: an injected wallet directly, else a deep link to the wallet app", () => {
  test("an injected wallet in a wallet's browser is used directly, without the dialog", async ({ page }) => {
    const wallet = await installTestWallet(page);
    await openApp(page);
    await page.getByRole("banner").getByTestId("login-button").click();
    await expect(page.getByTestId("user-address")).toHaveText(shortAddress(wallet.address));
    await expect(page.getByTestId("wallet-option-metamask")).toHaveCount(0);
  });

  test("without an injected wallet, choosing one opens the dapp in the wallet app via its deep link", async ({
    page,
  }) => {
    let opened: string | undefined;
    await page.route("https://link.metamask.io/**", async (route) => {
      opened = route.request().url();
      await route.fulfill({ status: 200, contentType: "text/html", body: "<p>MetaMask</p>" });
    });
    await openApp(page, "/home?ref=1");
    await page.getByRole("banner").getByTestId("login-button").click();
    await expect(page.getByTestId("wallet-option-metamask")).toContainText("Open app");
    await page.getByTestId("wallet-option-metamask").click();
    const host = new URL(page.url()).host;
    await expect.poll(() => opened).toBe(`https://link.metamask.io/dapp/${host}/home?ref=1`);
  });
});
