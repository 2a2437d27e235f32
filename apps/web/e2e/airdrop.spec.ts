import { readFileSync } from "node:fs";
import { join } from "node:path";
import { type Browser, expect, type Page, test } from "@playwright/test";
import { parseUnits } from "viem";
import { openApp, signIn, tokenCookie } from "./support/app";
import {
  hardhatAccount,
  type LocalChain,
  localChain,
  localChainId,
  localContracts,
  localRpcUrl,
} from "./support/local-chain";
import { installTestWallet, type TestWallet } from "./support/test-wallet";

// The airdrop flow against the real stack: the wizard, the API's Merkle tree and the AirdropDistributor on the
// local chain (scripts/stack.ts deploys it and mints test DFT and USDT to Hardhat's first ten accounts).
const screenshots = join(import.meta.dirname, "screenshots");
const { testToken } = localContracts;
/** The creator, funded with test DFT. */
const { privateKey: creatorKey } = hardhatAccount("airdropCreator");
/** A participant with weight 2 (and gas for the claim). */
const { privateKey: participantKey, address: participant } = hardhatAccount("airdropParticipant");
/** A participant with the default weight 1, and the wallet of the X participant. */
const { privateKey: secondParticipantKey, address: secondParticipant } =
  hardhatAccount("airdropSecondParticipant");
const thirdParticipant = "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed";

/** One id per line, optional weight: line 2 is wrong and line 4 repeats line 1. */
const participantCsv = [
  `${participant},2`,
  "not-an-address",
  secondParticipant,
  participant,
  thirdParticipant,
].join("\n");

/** A 1×1 PNG, for the custom token's logo. */
const onePixelPng =
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==";

test.describe.configure({ mode: "serial" });

let campaignPath = "";

/** The current minute and `minutes` after it, as the wizard's 'YYYY-MM-DDTHH:mm' (UTC) inputs. */
function minutesFromThisMinute(minutes: number) {
  const start = new Date();
  start.setUTCSeconds(0, 0);
  const end = new Date(start.getTime() + minutes * 60_000);
  const input = (date: Date) => date.toISOString().slice(0, 16);
  return { start: { input: input(start), at: start }, end: { input: input(end), at: end } };
}

async function newWalletPage(browser: Browser, privateKey: `0x${string}`, rpcUrl: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const wallet = await installTestWallet(page, { privateKey, rpcUrl });
  return { page, wallet };
}

/** Reloads until the campaign shows `status` (the API derives it from the clock). */
async function waitForStatus(page: Page, status: string, until: Date) {
  const deadline = until.getTime() + 90_000;
  for (;;) {
    await page.reload();
    const shown = page.getByTestId("campaign-banner").getByTestId("airdrop-status");
    await expect(shown).toBeVisible();
    if ((await shown.textContent()) === status) return;
    if (Date.now() > deadline) throw new Error(`the airdrop never showed '${status}'`);
    await page.waitForTimeout(Math.max(2_000, Math.min(15_000, until.getTime() - Date.now())));
  }
}

/** A moment of the claim window: the wizard's input and the time. */
type Moment = ReturnType<typeof minutesFromThisMinute>["start"];

/** What the main flow's steps share: the creator's page and wallet, the chain, the claim window, the X airdrop. */
type AirdropFlow = {
  page: Page;
  browser: Browser;
  rpcUrl: string;
  wallet: TestWallet;
  balanceOf: LocalChain["tokenBalance"];
  start: Moment;
  end: Moment;
  /** The page of the airdrop for X accounts, once released. */
  xCampaignPath: string;
};

test("the wizard's checks and the list's filters need a wallet", async ({ page }) => {
  await openApp(page, "/airdrop");
  await expect(page.getByTestId("airdrop-list")).toBeVisible();
  await page.getByTestId("airdrop-filter").getByText("My Creation").click();
  await expect(page.getByTestId("airdrop-login-needed")).toBeVisible();

  await page.getByTestId("airdrop-create").click();
  await expect(page).toHaveURL(/\/airdrop\/create$/);
  await expect(page.getByTestId("wizard-login-needed")).toBeVisible();
});

test("a missing or malformed airdrop id shows the 404 page", async ({ page }) => {
  await openApp(page, "/airdrop/999999");
  await expect(page.getByTestId("not-found")).toBeVisible();
  await openApp(page, "/airdrop/create/abc");
  await expect(page.getByTestId("not-found")).toBeVisible();
});

test("a creator builds, funds and releases an airdrop; a participant claims once; the creator refunds the rest", async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(600_000);
  const rpcUrl = localRpcUrl(baseURL);
  const wallet = await installTestWallet(page, { privateKey: creatorKey, rpcUrl });
  const { tokenBalance: balanceOf } = localChain(baseURL);
  // Claims are open from the start (this minute: a start in the past is allowed, only the end must be ahead) and
  // the refund after the end, on the wall clock the API and the local chain share. The steps up to the claims take
  // well under a minute; the end leaves three more so a slow machine still claims in time.
  const { start, end } = minutesFromThisMinute(4);
  const flow: AirdropFlow = { page, browser, rpcUrl, wallet, balanceOf, start, end, xCampaignPath: "" };

  await test.step("the creator signs in and opens the wizard from the list", () =>
    signInAndOpenTheWizard(flow));
  await test.step("step 1 checks the title and the times, then saves the draft", () =>
    checkTheSettingsAndSaveTheDraft(flow));
  await test.step("step 2 reports the wrong and the duplicate line and keeps the good ones", () =>
    uploadTheListWithItsBadLines(flow));
  await test.step("step 3 checks the token and the amount, previews, then funds and releases on Finish", () =>
    checkTheRewardThenFundAndRelease(flow));
  await test.step("the campaign page shows the released airdrop, its audit data and the creator's tools", () =>
    checkTheCampaignPage(flow));
  await test.step("the creator also releases an airdrop for X accounts", () =>
    releaseAnAirdropForXAccounts(flow));
  await test.step("the participant claims in their own browser; a second claim is refused", () =>
    claimOnceAsTheParticipant(flow));
  await test.step("an X participant signs in with X and their wallet, and claims with the voucher", () =>
    claimWithTheVoucherAsAnXParticipant(flow));
  await test.step("after the end the creator refunds what is left", () => refundTheRestAfterTheEnd(flow));
});

test("screenshots of the list, each wizard step and the campaign page (1280 and 390, en and cn)", async ({
  page,
  baseURL,
}) => {
  expect(campaignPath, "the main flow released an airdrop").not.toBe("");
  test.setTimeout(240_000);
  await installTestWallet(page, { privateKey: creatorKey, rpcUrl: localRpcUrl(baseURL) });
  await openApp(page, "/airdrop");
  await signIn(page);
  const token = (await tokenCookie(page))?.token as string;
  const headers = { Authorization: `Bearer ${token}` };
  // A draft with a list, to show every step filled in.
  const created = await page.request.post("/api/bounty/airdrop", {
    headers,
    data: {
      title: "Community airdrop",
      description: "A draft to look at.",
      startAt: new Date(Date.now() + 86_400_000).toISOString(),
      endAt: new Date(Date.now() + 7 * 86_400_000).toISOString(),
      posterStyle: "sunrise",
      chainId: localChainId,
      tokenAddress: testToken,
      totalAmount: "1000",
    },
  });
  expect(created.ok()).toBe(true);
  const draftId = ((await created.json()) as { content: { id: number } }).content.id;
  const uploaded = await page.request.put(`/api/bounty/airdrop/${draftId}/participants`, {
    headers: { ...headers, "Content-Type": "text/plain" },
    data: participantCsv,
  });
  expect(uploaded.ok()).toBe(true);

  // A custom token with its logo: a file over 1 MB is refused with the catalogue's message, a small PNG is
  // shown.
  await openApp(page, `/airdrop/create/${draftId}`);
  await page.getByTestId("wizard-next").click();
  await page.getByTestId("wizard-next").click();
  await page.getByTestId("custom-token").check();
  await page.getByTestId("token-symbol").fill("CMT");
  await page.getByTestId("wizard-save").click();
  await expect(page.getByText("Draft saved.")).toBeVisible();
  const logoInput = page.locator('input[type="file"][accept*="image"]');
  await logoInput.setInputFiles({
    name: "huge.png",
    mimeType: "image/png",
    buffer: Buffer.alloc(1024 * 1024 + 1, 1),
  });
  await expect(page.getByTestId("logo-message")).toHaveText("The logo can be at most 1M.");
  await logoInput.setInputFiles({
    name: "logo.png",
    mimeType: "image/png",
    buffer: Buffer.from(onePixelPng, "base64"),
  });
  await expect(page.getByTestId("logo-preview").locator("img")).toBeVisible();

  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    for (const locale of ["en", "cn"] as const) {
      const prefix = locale === "cn" ? "/cn" : "";
      const shot = async (name: string) => {
        await page.waitForLoadState("networkidle");
        await page.screenshot({
          path: join(screenshots, `airdrop-${name}-${width}-${locale}.png`),
          fullPage: true,
        });
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow, `${name} ${width} ${locale} overflows`).toBeLessThanOrEqual(0);
      };
      await openApp(page, `${prefix}/airdrop`);
      await expect(page.getByTestId(width === 390 ? "airdrop-card" : "airdrop-row").first()).toBeVisible();
      await shot("list");
      await openApp(page, `${prefix}/airdrop/create/${draftId}`);
      await expect(page.getByTestId("wizard-settings")).toBeVisible();
      await shot("wizard-1-settings");
      await page.getByTestId("wizard-next").click();
      await expect(page.getByTestId("participants-preview")).toBeVisible();
      await shot("wizard-2-participants");
      await page.getByTestId("wizard-next").click();
      await expect(page.getByTestId("wizard-reward")).toBeVisible();
      await shot("wizard-3-reward");
      await page.getByTestId("wizard-preview").click();
      await expect(page.getByTestId("wizard-preview-dialog").getByTestId("campaign-banner")).toBeVisible();
      await page.waitForTimeout(300);
      await page.screenshot({ path: join(screenshots, `airdrop-wizard-preview-${width}-${locale}.png`) });
      await page.keyboard.press("Escape");
      await openApp(page, `${prefix}${campaignPath}`);
      await expect(page.getByTestId("campaign-audit")).toBeVisible();
      await shot("campaign");
    }
  }
});

// The main flow's steps, in order (each test.step above names what its function does).

async function signInAndOpenTheWizard(flow: AirdropFlow) {
  const { page } = flow;
  await openApp(page, "/airdrop");
  await signIn(page);
  await page.getByTestId("airdrop-create").click();
  await expect(page).toHaveURL(/\/airdrop\/create$/);
  await expect(page.getByTestId("wizard-settings")).toBeVisible();
}

async function checkTheSettingsAndSaveTheDraft(flow: AirdropFlow) {
  const { page, start } = flow;
  const endInput = flow.end.input;
  await page.getByTestId("wizard-next").click();
  await expect(page.getByText("Please input title")).toBeVisible();
  await page.getByTestId("airdrop-title").fill("Dropfair launch airdrop");
  await expect(page.getByTestId("title-counter")).toHaveText("23/60");
  await page.getByTestId("airdrop-description").fill("Thanks for testing Dropfair early.");
  await page.getByTestId("airdrop-start").fill(endInput);
  await page.getByTestId("airdrop-end").fill(start.input);
  await page.getByTestId("wizard-next").click();
  await expect(page.getByText("The start time cannot be later than the end time")).toBeVisible();
  await page.getByTestId("airdrop-start").fill(start.input);
  await page.getByTestId("airdrop-end").fill(endInput);
  await page.getByTestId("poster-aurora").click();
  await expect(page.getByTestId("airdrop-chain")).not.toHaveValue("");
  await page.screenshot({ path: join(screenshots, "airdrop-wizard-settings-1280-en.png"), fullPage: true });
  await page.getByTestId("wizard-next").click();
  await expect(page).toHaveURL(/\/airdrop\/create\/\d+$/);
  await expect(page.getByTestId("wizard-participants")).toBeVisible();
}

async function uploadTheListWithItsBadLines(flow: AirdropFlow) {
  const { page } = flow;
  await page.getByTestId("wizard-next").click();
  await expect(page.getByText("Need upload participants.")).toBeVisible();
  // The list goes up as a CSV file, as creators export it from a spreadsheet.
  await page.getByTestId("wizard-participants").getByText("CSV file").click();
  await page.locator('input[type="file"][accept*=".csv"]').setInputFiles({
    name: "participants.csv",
    mimeType: "text/csv",
    buffer: Buffer.from(participantCsv),
  });
  await expect(page.getByTestId("participants-file-name")).toHaveText(/^participants\.csv \(1 KB\)$/);
  await page.getByTestId("participants-upload").click();
  const report = page.getByTestId("participant-report");
  await expect(report.getByTestId("report-accepted")).toHaveText("3 accepted");
  await expect(report.getByTestId("report-weight")).toHaveText("Total weight: 4");
  await expect(report.getByTestId("report-wrong")).toHaveText("Wrong lines: 2");
  await expect(report.getByTestId("report-duplicate")).toHaveText("Duplicate lines: 4");
  await expect(page.getByTestId("participants-preview").getByRole("row")).toHaveCount(4);
  await page.screenshot({
    path: join(screenshots, "airdrop-wizard-participants-1280-en.png"),
    fullPage: true,
  });
  await page.getByTestId("wizard-next").click();
  await expect(page.getByTestId("wizard-reward")).toBeVisible();
}

async function checkTheRewardThenFundAndRelease(flow: AirdropFlow) {
  const { page, wallet, balanceOf } = flow;
  await page.getByTestId("token-address").fill("0x1234");
  await page.getByTestId("wizard-finish").click();
  await expect(page.getByText("Token address not valid")).toBeVisible();
  await expect(page.getByText("Need input amount.")).toBeVisible();
  await page.getByTestId("token-address").fill(testToken);
  await page.getByTestId("total-amount").fill("100.12345");
  await page.getByTestId("wizard-finish").click();
  await expect(page.getByText("The amount can have up to 4 decimals.")).toBeVisible();
  await page.getByTestId("total-amount").fill("100");
  await page.getByTestId("airdrop-mode").getByText("First come, first served").click();
  await page.getByTestId("airdrop-shares").fill("4");
  await page.getByTestId("wizard-finish").click();
  await expect(page.getByText("Airdrop Share overflow.")).toBeVisible();
  await page.getByTestId("airdrop-mode").getByText("Everyone on the list").click();
  await expect(page.getByTestId("tokens-per-share")).toHaveText("25.00");
  await page.screenshot({ path: join(screenshots, "airdrop-wizard-reward-1280-en.png"), fullPage: true });

  await page.getByTestId("wizard-preview").click();
  const preview = page.getByTestId("wizard-preview-dialog");
  await expect(preview.getByTestId("campaign-title")).toHaveText("Dropfair launch airdrop");
  await page.screenshot({ path: join(screenshots, "airdrop-wizard-preview-1280-en.png") });
  await page.keyboard.press("Escape");

  const before = await balanceOf(wallet.address);
  await page.getByTestId("wizard-finish").click();
  await expect(page).toHaveURL(/\/airdrop\/\d+$/, { timeout: 120_000 });
  campaignPath = new URL(page.url()).pathname;
  expect(await wallet.chainId(page)).toBe(localChainId);
  const methods = (await wallet.calls(page)).map((call) => call.method);
  // approve, then createCampaignAndDeposit
  expect(methods.filter((method) => method === "eth_sendTransaction")).toHaveLength(2);
  expect(before - (await balanceOf(wallet.address))).toBe(parseUnits("100", 18));
}

async function checkTheCampaignPage(flow: AirdropFlow) {
  const { page } = flow;
  await expect(page.getByTestId("campaign-title")).toHaveText("Dropfair launch airdrop");
  await expect(page.getByTestId("campaign-banner").getByTestId("airdrop-status")).toHaveText(
    /Not started|In progress/,
  );
  await expect(page.getByTestId("audit-root")).toHaveText(/^0x[0-9a-f]{64}$/);
  await expect(page.getByTestId("audit-campaign-id")).toHaveText(/^\d+$/);
  await expect(page.getByTestId("creator-deposited")).toHaveText("100.00 DFT");
  await expect(page.getByTestId("participant-row")).toHaveCount(3);
  const download = page.waitForEvent("download");
  await page.getByTestId("download-claims").click();
  const file = await download;
  const text = readFileSync(await file.path(), "utf8");
  expect(text.trim().split("\n")).toHaveLength(3);
  expect(text).toContain(participant);
  await page.screenshot({
    path: join(screenshots, "airdrop-campaign-creator-1280-en.png"),
    fullPage: true,
  });

  await openApp(page, "/airdrop");
  await page.getByTestId("airdrop-filter").getByText("My Creation").click();
  await expect(page.getByTestId("airdrop-row").first()).toContainText("Dropfair launch airdrop");
}

async function releaseAnAirdropForXAccounts(flow: AirdropFlow) {
  const { page, start, end } = flow;
  const token = (await tokenCookie(page))?.token as string;
  const headers = { Authorization: `Bearer ${token}` };
  const created = await page.request.post("/api/bounty/airdrop", {
    headers,
    data: {
      title: "X community airdrop",
      startAt: start.at.toISOString(),
      endAt: end.at.toISOString(),
      posterStyle: "midnight",
      idType: "twitter",
      chainId: localChainId,
      tokenAddress: testToken,
      totalAmount: "10",
    },
  });
  expect(created.ok()).toBe(true);
  const id = ((await created.json()) as { content: { id: number } }).content.id;
  const uploaded = await page.request.put(`/api/bounty/airdrop/${id}/participants`, {
    headers: { ...headers, "Content-Type": "text/plain" },
    data: "@sandbox_alice\n@sandbox_bob\n@sandbox_alice",
  });
  const { content: report } = (await uploaded.json()) as {
    content: { accepted: number; duplicateLines: number[] };
  };
  expect(report.accepted).toBe(2);
  expect(report.duplicateLines).toEqual([3]);

  await openApp(page, `/airdrop/create/${id}`);
  await page.getByTestId("wizard-next").click();
  await expect(page.getByTestId("participant-count")).toHaveText("2 participants, total weight 2");
  await page.getByTestId("wizard-next").click();
  await expect(page.getByTestId("total-amount")).toHaveValue("10");
  await page.getByTestId("wizard-finish").click();
  await expect(page).toHaveURL(new RegExp(`/airdrop/${id}$`), { timeout: 120_000 });
  flow.xCampaignPath = new URL(page.url()).pathname;
  await expect(page.getByTestId("creator-deposited")).toHaveText("10.00 DFT");
}

async function claimOnceAsTheParticipant(flow: AirdropFlow) {
  const { browser, rpcUrl, start, balanceOf } = flow;
  const { page: claimer } = await newWalletPage(browser, participantKey, rpcUrl);
  await openApp(claimer, campaignPath);
  await signIn(claimer);
  await waitForStatus(claimer, "In progress", start.at);
  const box = claimer.getByTestId("claim-box");
  await expect(box.getByTestId("claim-amount")).toHaveText("50.00 DFT");
  const before = await balanceOf(participant);
  await box.getByTestId("claim-button").click();
  await expect(box.getByTestId("claim-claimed")).toBeVisible({ timeout: 90_000 });
  expect((await balanceOf(participant)) - before).toBe(parseUnits("50", 18));
  await expect(box.getByTestId("claim-button")).toBeDisabled();
  await claimer.screenshot({
    path: join(screenshots, "airdrop-campaign-claimed-1280-en.png"),
    fullPage: true,
  });

  // Again after a reload: the API answers claimState 1 and the page refuses a second claim.
  await claimer.reload();
  await expect(claimer.getByTestId("claim-box").getByTestId("claim-button")).toBeDisabled();
  await expect(claimer.getByTestId("claim-box").getByTestId("claim-button")).toHaveText("Claimed");
  const token = (await tokenCookie(claimer))?.token as string;
  const id = campaignPath.split("/").at(-1);
  const response = await claimer.request.get(`/api/bounty/airdrop/${id}/claim?account=${participant}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  const { content } = (await response.json()) as { content: { claimState: number } };
  expect(content.claimState).toBe(1);

  await openApp(claimer, "/airdrop");
  await claimer.getByTestId("airdrop-filter").getByText("My Wins").click();
  await expect(claimer.getByTestId("airdrop-row").first()).toContainText("Dropfair launch airdrop");
  await claimer.context().close();
}

async function claimWithTheVoucherAsAnXParticipant(flow: AirdropFlow) {
  const { browser, rpcUrl, start, balanceOf, xCampaignPath } = flow;
  const { page: claimer } = await newWalletPage(browser, secondParticipantKey, rpcUrl);
  await openApp(claimer, xCampaignPath);
  await signIn(claimer);
  await waitForStatus(claimer, "In progress", start.at);
  const box = claimer.getByTestId("claim-box");
  await box.getByTestId("claim-x-sign-in").click();
  await claimer.waitForURL(/oauth2\/authorize/);
  await claimer.locator("#username").fill("sandbox_alice");
  await claimer.getByRole("button", { name: "Authorize app" }).click();
  await claimer.waitForURL((url) => url.pathname === xCampaignPath);
  await expect(box.getByTestId("claim-amount")).toHaveText("5.00 DFT");
  const before = await balanceOf(secondParticipant);
  await box.getByTestId("claim-button").click();
  await expect(box.getByTestId("claim-claimed")).toBeVisible({ timeout: 90_000 });
  expect((await balanceOf(secondParticipant)) - before).toBe(parseUnits("5", 18));
  await claimer.reload();
  await expect(claimer.getByTestId("claim-box").getByTestId("claim-button")).toBeDisabled();
  await claimer.screenshot({
    path: join(screenshots, "airdrop-campaign-x-claimed-1280-en.png"),
    fullPage: true,
  });
  await claimer.context().close();
}

async function refundTheRestAfterTheEnd(flow: AirdropFlow) {
  const { page, end, wallet, balanceOf } = flow;
  await openApp(page, campaignPath);
  await waitForStatus(page, "Ended", end.at);
  await expect(page.getByTestId("creator-remainder")).toHaveText("50.00 DFT");
  const before = await balanceOf(wallet.address);
  await page.getByTestId("creator-refund").click();
  await page.getByRole("dialog").getByRole("button", { name: "Confirm" }).click();
  await expect(page.getByTestId("creator-refunded")).toHaveText("50.00 DFT", { timeout: 90_000 });
  expect((await balanceOf(wallet.address)) - before).toBe(parseUnits("50", 18));
  await page.screenshot({
    path: join(screenshots, "airdrop-campaign-refunded-1280-en.png"),
    fullPage: true,
  });
}
