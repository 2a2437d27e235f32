import { shortAddress } from "@dropfair/core/address";
import { expect, test } from "@playwright/test";
import { openApp, signIn, tokenCookie } from "./support/app";
import { installTestWallet } from "./support/test-wallet";

test.describe("wallet sign-in", () => {
  test("signs in with Ethereum, keeps the session on reload, and signs out", async ({ page, request }) => {
    const wallet = await installTestWallet(page);
    await openApp(page);
    await expect(page.getByTestId("sandbox-badge")).toBeVisible();

    await page.getByTestId("login-button").click();
    await expect(page.getByTestId("wallet-option-sandbox")).toBeVisible();
    await expect(page.getByTestId("wallet-option-metamask")).toContainText("Detected");
    await page.getByTestId("wallet-option-metamask").click();

    await expect(page.getByTestId("user-address")).toHaveText(shortAddress(wallet.address));
    const calls = (await wallet.calls(page)).map((call) => call.method);
    expect(calls).toContain("personal_sign");

    const cookie = await tokenCookie(page);
    expect(cookie).toMatchObject({ project: "DROPFAIR" });
    expect(String(cookie?.address).toLowerCase()).toBe(wallet.address.toLowerCase());
    expect(typeof cookie?.token).toBe("string");
    expect(Number(cookie?.expireTime)).toBeGreaterThan(Date.now() / 1000);
    const token = String(cookie?.token);

    // The cached token is reused after a reload: no second signature.
    await page.reload();
    await expect(page.getByTestId("user-address")).toHaveText(shortAddress(wallet.address));
    expect((await wallet.calls(page)).filter((call) => call.method === "personal_sign")).toHaveLength(0);

    await page.getByTestId("user-dropdown").click();
    await page.getByTestId("logout").click();
    await expect(page.getByTestId("login-button")).toBeVisible();
    await expect(page.getByTestId("user-dropdown")).toHaveCount(0);
    expect(await tokenCookie(page)).toBeUndefined();

    // The server revoked the token too.
    await expect
      .poll(async () =>
        (
          await request.get("/api/reg/socialmedia/LoginStatus", {
            headers: { Authorization: `Bearer ${token}` },
          })
        ).status(),
      )
      .toBe(401);
  });

  test("a rejected signature shows nothing and leaves the user logged out", async ({ page }) => {
    await installTestWallet(page, { rejectSign: true });
    await openApp(page);
    await page.getByTestId("login-button").click();
    await page.getByTestId("wallet-option-metamask").click();
    await expect(page.getByTestId("login-button")).toHaveText(/Connect$/);
    await expect(page.getByRole("dialog")).toHaveCount(0);
    expect(await tokenCookie(page)).toBeUndefined();
  });

  test("cancelling the wallet dialog does nothing", async ({ page }) => {
    await installTestWallet(page);
    await openApp(page);
    await page.getByTestId("login-button").click();
    await expect(page.getByRole("dialog")).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(page.getByTestId("login-button")).toBeEnabled();
    await expect(page.getByTestId("login-button")).toHaveText(/Connect$/);
  });

  test("a wrong network switches in one click, adding the chain when the wallet does not know it", async ({
    page,
  }) => {
    const wallet = await installTestWallet(page, { chainId: 56, knownChains: [1, 56] });
    await openApp(page);
    await signIn(page);

    // achievement/earlybird requires network 1 (route meta): the picker offers the switch.
    await page.goto("/achievement/earlybird");
    const picker = page.getByTestId("network-picker");
    await expect(picker).toHaveText(/Switch to Ethereum/);
    await picker.click();
    await expect(picker).toHaveText(/Ethereum/);
    await expect(picker).not.toHaveText(/Switch to/);
    expect(await wallet.chainId(page)).toBe(1);

    // ZKFair is unknown to the wallet: 4902, then wallet_addEthereumChain with the registry info, then the switch.
    await picker.click();
    await page.getByRole("menuitem", { name: "ZKFair" }).click();
    await expect.poll(() => wallet.chainId(page)).toBe(42766);
    const methods = (await wallet.calls(page)).map((call) => call.method);
    expect(methods).toContain("wallet_addEthereumChain");
    const add = (await wallet.calls(page)).find((call) => call.method === "wallet_addEthereumChain");
    expect(add?.params).toEqual([
      expect.objectContaining({ chainId: "0xa70e", chainName: expect.any(String) }),
    ]);
  });

  test("a wallet account change clears the login and re-initialises it with the new address", async ({
    page,
  }) => {
    const wallet = await installTestWallet(page);
    await openApp(page);
    await signIn(page);
    await expect(page.getByTestId("user-address")).toHaveText(shortAddress(wallet.address));

    await wallet.switchAccount(page, wallet.otherAddress);
    await expect(page.getByTestId("user-address")).toHaveText(shortAddress(wallet.otherAddress));
    await expect
      .poll(async () => String((await tokenCookie(page))?.address).toLowerCase())
      .toBe(wallet.otherAddress.toLowerCase());
  });

  test("a 401 ends the session with 'Your token is expired, please re-login.'", async ({
    page,
    context,
    baseURL,
  }) => {
    const address = "0x52908400098527886E0F7030069857D2E4169EE7";
    const expireTime = Math.floor(Date.now() / 1000) + 3600;
    await context.addCookies([
      {
        name: "dropfair_token",
        value: encodeURIComponent(
          JSON.stringify({ address, project: "DROPFAIR", token: "revoked-or-forged", expireTime }),
        ),
        url: baseURL!,
      },
    ]);
    await page.goto("/");
    await expect(page.getByText("Your token is expired, please re-login.")).toBeVisible();
    await expect(page.getByRole("banner").getByTestId("login-button")).toBeVisible();
    expect(await tokenCookie(page)).toBeUndefined();
  });

  test("signs in with the sandbox wallet, no extension needed", async ({ page }) => {
    await openApp(page);
    await page.getByRole("banner").getByTestId("login-button").click();
    await page.getByTestId("wallet-option-sandbox").click();
    await expect(page.getByTestId("user-dropdown")).toBeVisible();
    const key = await page.evaluate(() => localStorage.getItem("dropfair.sandbox-wallet.key"));
    expect(key).toMatch(/^0x[0-9a-f]{64}$/);
    const cookie = await tokenCookie(page);
    expect(cookie).toMatchObject({ project: "DROPFAIR" });
  });
});
