// Referral against the real stack: user A signs in, copies the share link and sees its QR code; user B opens the
// link in another browser and signs in with another sandbox wallet, which binds A as B's referrer; A's results
// list B. A opening their own link earns nothing (the wallet is not new). The code change refuses a reserved
// word and a taken code with the catalogue messages, then saves a free one. Screenshots at 1280 and 375 px in en
// and cn.
import { join } from "node:path";
import { expect, type Page, test } from "@playwright/test";
import { openApp, signIn } from "./support/app";
import { installTestWallet } from "./support/test-wallet";

const screenshots = join(import.meta.dirname, "screenshots");

async function shortAddress(address: string) {
  return `${address.slice(0, 5)}…${address.slice(-4)}`;
}

async function openReferral(page: Page, locale: "en" | "cn" = "en") {
  await openApp(page, `${locale === "cn" ? "/cn" : ""}/referral`);
}

test("A shares the link, B signs in through it, A's results list B; own link and code changes", async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(300_000);
  const contextA = await browser.newContext({ baseURL });
  await contextA.grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseURL });
  const pageA = await contextA.newPage();
  const walletA = await installTestWallet(pageA, {});
  let link = "";

  await test.step("A signs in and copies the share link; the QR code is shown", async () => {
    await openReferral(pageA);
    await expect(pageA.getByTestId("referral-sign-in")).toBeVisible();
    await signIn(pageA);
    const code = (await pageA.getByTestId("referral-code").innerText()).trim();
    expect(code).toMatch(/^[a-z0-9_-]{4,16}$/);
    link = await pageA.getByTestId("referral-link").inputValue();
    expect(link).toBe(`${baseURL}/achievement/${code}`);
    await pageA.getByTestId("referral-copy").click();
    await expect(pageA.getByText("Link copied.")).toBeVisible();
    expect(await pageA.evaluate(() => navigator.clipboard.readText())).toBe(link);
    await expect(pageA.getByTestId("referral-qr").locator("svg")).toBeVisible();
    await expect(pageA.getByTestId("referral-results-empty")).toBeVisible();
  });

  const contextB = await browser.newContext({ baseURL });
  const pageB = await contextB.newPage();
  const walletB = await installTestWallet(pageB, {});
  await test.step("B opens A's link, sees the inviter, and signs in for the first time", async () => {
    await openApp(pageB, new URL(link).pathname);
    await openReferral(pageB);
    await expect(pageB.getByTestId("referral-inviter")).toContainText(await shortAddress(walletA.address));
    await signIn(pageB);
    await expect(pageB.getByTestId("referral-code")).toBeVisible();
  });

  await test.step("A's results list B, with level and missions, and no reward yet", async () => {
    await openReferral(pageA);
    const row = pageA.getByTestId("referral-result-row");
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(await shortAddress(walletB.address));
    await expect(row).toContainText("Lv. 0");
    await expect(row).toContainText("Not yet");
    await expect(pageA.getByTestId("referral-total-referees")).toHaveText("1");
    await expect(pageA.getByTestId("referral-total-earned")).toHaveText("0");
  });

  await test.step("A opening their own link and signing in again binds nothing", async () => {
    await openApp(pageA, new URL(link).pathname);
    await openReferral(pageA);
    await expect(pageA.getByTestId("referral-result-row")).toHaveCount(1);
    await expect(pageA.getByTestId("referral-total-earned")).toHaveText("0");
  });

  await test.step("the code change refuses a reserved word and B's code, then saves a free one", async () => {
    const codeB = (await pageB.getByTestId("referral-code").innerText()).trim();
    const input = pageA.getByTestId("referral-code-input");
    await input.fill("referral");
    await pageA.getByTestId("referral-code-save").click();
    await expect(pageA.getByText("This code is reserved. Please choose another one.")).toBeVisible();
    await input.fill(codeB);
    await pageA.getByTestId("referral-code-save").click();
    await expect(pageA.getByText("This code is already taken.")).toBeVisible();
    const fresh = `e2e-${Date.now().toString(36)}`.slice(0, 16);
    await input.fill(fresh);
    await pageA.getByTestId("referral-code-save").click();
    await expect(pageA.getByTestId("referral-code")).toHaveText(fresh);
    await expect(pageA.getByTestId("referral-link")).toHaveValue(`${baseURL}/achievement/${fresh}`);
  });

  await test.step("screenshots at 1280 and 375 px, en and cn", async () => {
    for (const [width, height] of [
      [1280, 900],
      [375, 812],
    ] as const) {
      await pageA.setViewportSize({ width, height });
      for (const locale of ["en", "cn"] as const) {
        await openReferral(pageA, locale);
        await expect(pageA.getByTestId("referral-result-row")).toHaveCount(1);
        await expect(pageA.getByTestId("referral-qr").locator("svg")).toBeVisible();
        if (locale === "cn") await expect(pageA.getByTestId("referral-copy")).toHaveText("复制链接");
        const overflow = await pageA.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow, `referral ${width} ${locale} overflows`).toBeLessThanOrEqual(0);
        await pageA.screenshot({
          path: join(screenshots, `referral-${width}-${locale}.png`),
          fullPage: true,
        });
      }
    }
  });
  await contextA.close();
  await contextB.close();
});
