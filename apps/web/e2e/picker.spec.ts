import { join } from "node:path";
import { type Browser, expect, type Page, test } from "@playwright/test";
import { getAddress, parseUnits } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { openApp } from "./support/app";
import { hardhatAccount, localChain, localChainId, localContracts, localRpcUrl } from "./support/local-chain";
import { installTestWallet } from "./support/test-wallet";

// The main picker flow against the real stack: the sandbox X API, the worker's pipeline and the local chain.
const giveawayUrl = "https://x.com/dropfair_host/status/2002842258109890560";
const hostUsername = "dropfair_host";
const winnerAddress = "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed";
const screenshots = join(import.meta.dirname, "screenshots");

const { testUsdt, batchPayout } = localContracts;
/** The host's wallet: funded with test USDT by the deployment. */
const { privateKey: payerKey } = hardhatAccount("pickerPayer");

test.describe.configure({ mode: "serial" });

let pickerPath = "";

/** "Sign in with X" on a picker page, through the sandbox's consent page, back to the same page. */
async function signInWithX(page: Page, username: string, button = "x-sign-in") {
  const returnPath = new URL(page.url()).pathname;
  await page.getByTestId(button).first().click();
  await page.waitForURL(/oauth2\/authorize/);
  await page.locator("#username").fill(username);
  await page.getByRole("button", { name: "Authorize app" }).click();
  await page.waitForURL((url) => url.pathname === returnPath);
}

async function statusIs(page: Page, text: string, timeout = 15_000) {
  await expect(page.getByTestId("picker-status").first()).toHaveText(text, { timeout });
}

async function newPage(browser: Browser) {
  const context = await browser.newContext();
  return context.newPage();
}

test("seed search and quick creation", async ({ page }) => {
  await openApp(page, "/picker2");
  await expect(page.getByTestId("recent-pickers")).toBeVisible();
  await expect(page.getByTestId("x-sign-in").first()).toBeVisible();

  await page.getByTestId("quick-create-input").fill("nothing like a picker");
  await page.getByTestId("quick-create-submit").click();
  await expect(
    page.getByText("Cannot find a picker, tweet or seed matching this input, please re-enter."),
  ).toBeVisible();

  await page.getByTestId("quick-create-input").fill("abcdefghjk");
  await page.getByTestId("quick-create-submit").click();
  await expect(page.getByText("Cannot find picker with this seed")).toBeVisible();

  await page.getByTestId("quick-create-input").fill(giveawayUrl);
  await page.getByTestId("quick-create-submit").click();
  await expect(page).toHaveURL(/\/picker2\/create\?post=/);
  await expect(page.getByTestId("post-url")).toHaveValue(giveawayUrl);
  await expect(page.getByTestId("x-required")).toBeVisible();
});

test("a missing picker shows the 404 page", async ({ page }) => {
  await openApp(page, "/picker2/999999");
  await expect(page.getByTestId("not-found")).toBeVisible();
});

test("the host creates, draws, replaces and confirms; a winner submits an address", async ({
  page,
  browser,
}) => {
  test.setTimeout(300_000);

  await test.step("the host signs in with X and creates a picker for the giveaway post", async () => {
    await openApp(page, "/picker2");
    await signInWithX(page, hostUsername);
    await expect(page.getByTestId("x-signed-in")).toContainText(hostUsername);
    await expect(page.getByTestId("my-pickers")).toBeVisible();

    await page.getByTestId("create-picker").click();
    await expect(page).toHaveURL(/\/picker2\/create$/);
    await page.getByTestId("create-submit").click();
    await expect(page.getByText("Please input the post URL.")).toBeVisible();

    await page.getByTestId("post-url").fill(giveawayUrl);
    await page.getByTestId("winner-count").fill("3");
    await page.getByTestId("reward-amount").fill("25.5x");
    await expect(page.getByTestId("reward-amount")).toHaveValue("");
    await page.getByTestId("reward-amount").pressSequentially("25.5x");
    await expect(page.getByTestId("reward-amount")).toHaveValue("25.5");
    await page.getByTestId("reward-text").fill("USDT");
    await page.getByTestId("create-submit").click();
    await expect(page).toHaveURL(/\/picker2\/\d+$/, { timeout: 30_000 });
    pickerPath = new URL(page.url()).pathname;
    await expect(page.getByTestId("picker-title")).toContainText(hostUsername);
  });

  await test.step("the pipeline runs to 'Ready to pick'", async () => {
    await statusIs(page, "Ready to pick", 180_000);
    await expect(page.getByTestId("count-entries")).not.toHaveText("0");
  });

  await test.step("the first draw waits for its block, then ranks the winners", async () => {
    await expect(page.getByTestId("draw-button")).toHaveText("First draw");
    await page.getByTestId("draw-button").click();
    await expect(page.getByTestId("draw-waiting")).toBeVisible();
    await expect(page.getByTestId("draw-waiting")).toContainText(/Waiting for block \d+/);
    await expect(page.getByTestId("draw-commitment")).toHaveText(/^0x[0-9a-f]{64}$/);
    await page.screenshot({ path: join(screenshots, "picker-detail-waiting-1280-en.png"), fullPage: true });
    await expect(page.getByTestId("winner-row").first()).toBeVisible({ timeout: 120_000 });
    await expect(page.getByTestId("winners").getByTestId("winner-select")).toHaveCount(3);
    await page.screenshot({ path: join(screenshots, "picker-detail-owner-1280-en.png"), fullPage: true });
  });

  let replaced = "";
  await test.step("the host replaces one winner with a reason", async () => {
    const first = page.getByTestId("winners").getByTestId("winner-row").first();
    replaced = (await first.getAttribute("data-username")) ?? "";
    await first.getByTestId("replace-winner").click();
    await page.getByTestId("reason-confirm").click();
    await expect(page.getByText("Please input a reason.")).toBeVisible();
    await page.getByTestId("reason-input").fill("Bot account");
    await page.getByTestId("reason-confirm").click();
    await expect(page.getByText(`@${replaced} was replaced.`)).toBeVisible();
    await expect(
      page.getByTestId("winners").locator(`[data-testid="winner-row"][data-username="${replaced}"]`),
    ).toHaveCount(0);
    await page.getByTestId("tab-history").click();
    await expect(page.getByTestId("history-row").filter({ hasText: "Bot account" })).toBeVisible();
  });

  let winner = "";
  await test.step("the host confirms the winners", async () => {
    const rows = page.getByTestId("winners").getByTestId("winner-row");
    await expect(rows.first().getByTestId("winner-select")).toBeChecked();
    winner = (await rows.first().getAttribute("data-username")) ?? "";
    await page.getByTestId("confirm-winners").click();
    await statusIs(page, "Collecting info");
  });

  await test.step("a winner signs in with X in another browser and submits an EVM address", async () => {
    const winnerPage = await newPage(browser);
    await openApp(winnerPage, pickerPath);
    await expect(winnerPage.getByTestId("owner-actions")).toHaveCount(0);
    await signInWithX(winnerPage, winner, "winner-x-sign-in");
    await expect(winnerPage.getByTestId("win-form")).toBeVisible();
    await expect(winnerPage.getByTestId("owner-actions")).toHaveCount(0);
    await winnerPage.getByTestId("win-info").fill("0x1234");
    await winnerPage.getByTestId("win-submit").click();
    await expect(winnerPage.getByText("Please enter the correct address format.")).toBeVisible();
    await winnerPage.getByTestId("win-info").fill(winnerAddress.toLowerCase());
    await winnerPage.getByTestId("win-submit").click();
    await expect(winnerPage.getByTestId("win-submitted")).toContainText(winnerAddress);
    await winnerPage.context().close();
  });

  await test.step("the host sees the address, completes the collection and finishes", async () => {
    await page.reload();
    await expect(
      page.getByTestId("winners").locator(`[data-username="${winner}"]`).getByTestId("winner-info"),
    ).toHaveText(winnerAddress);
    await page.getByTestId("complete-collect").click();
    await statusIs(page, "Paying");
    // The pay dialog (picker payments) mounts in its slot; this run finishes without an on-chain payment.
    await page.getByTestId("pay-button").click();
    await expect(page.getByRole("dialog")).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await page.getByTestId("finish-button").click();
    await statusIs(page, "Completed");
  });
});

test("the host pays every confirmed winner through BatchPayout on the local chain; the simulator verifies the draw", async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(300_000);
  // The host's wallet is separate from the host's X account: a funded local account, starting on BNB Chain.
  const rpcUrl = localRpcUrl(baseURL);
  const wallet = await installTestWallet(page, { privateKey: payerKey, rpcUrl });
  const { client: chainClient, tokenBalance } = localChain(baseURL);
  const perWinner = parseUnits("12.25", 6);

  let paidPath = "";
  await test.step("the host creates a picker and draws two winners", async () => {
    await openApp(page, "/picker2");
    await signInWithX(page, hostUsername);
    await page.getByTestId("create-picker").click();
    await page.getByTestId("post-url").fill(giveawayUrl);
    await page.getByTestId("winner-count").fill("2");
    await page.getByTestId("reward-amount").fill("12.25");
    await page.getByTestId("reward-text").fill("USDT");
    await page.getByTestId("create-submit").click();
    await expect(page).toHaveURL(/\/picker2\/\d+$/, { timeout: 30_000 });
    paidPath = new URL(page.url()).pathname;
    await statusIs(page, "Ready to pick", 180_000);
    await page.getByTestId("draw-button").click();
    await expect(page.getByTestId("winners").getByTestId("winner-select")).toHaveCount(2, {
      timeout: 120_000,
    });
  });

  const winners: { username: string; address: `0x${string}` }[] = [];
  await test.step("the host confirms both winners; each signs in with X and submits an EVM address", async () => {
    // The drawn winners carry a selection box; the substitutes ranked after them do not.
    const rows = page
      .getByTestId("winners")
      .getByTestId("winner-row")
      .filter({ has: page.getByTestId("winner-select") });
    for (const row of await rows.all()) {
      await expect(row.getByTestId("winner-select")).toBeChecked();
      const username = (await row.getAttribute("data-username")) ?? "";
      expect(username).not.toBe("");
      winners.push({ username, address: privateKeyToAccount(generatePrivateKey()).address });
    }
    await page.getByTestId("confirm-winners").click();
    await statusIs(page, "Collecting info");
    for (const winner of winners) {
      const winnerPage = await newPage(browser);
      await openApp(winnerPage, paidPath);
      await signInWithX(winnerPage, winner.username, "winner-x-sign-in");
      await winnerPage.getByTestId("win-info").fill(winner.address);
      await winnerPage.getByTestId("win-submit").click();
      await expect(winnerPage.getByTestId("win-submitted")).toContainText(winner.address);
      await winnerPage.context().close();
    }
    await page.reload();
    for (const winner of winners) {
      await expect(
        page
          .getByTestId("winners")
          .locator(`[data-username="${winner.username}"]`)
          .getByTestId("winner-info"),
      ).toHaveText(winner.address);
    }
    await page.getByTestId("complete-collect").click();
    await statusIs(page, "Paying");
  });

  await test.step("the pay dialog connects the wallet, switches to the local chain, approves and pays", async () => {
    await page.getByTestId("pay-button").click();
    const dialog = page.getByRole("dialog");
    await expect(dialog.getByTestId("pay-winners").getByText(/^@/)).toHaveCount(2);
    await expect(dialog.getByText("Announced reward: 12.25 USDT")).toBeVisible();
    await expect(dialog.getByTestId("pay-batch-form")).toBeVisible();
    await dialog.getByText("ERC-20 token").click();
    await dialog.getByTestId("pay-token").fill(testUsdt);
    await dialog.getByTestId("pay-amount").fill("12.25");
    await expect(dialog.getByText("2 winners × this amount = 24.5 in total.")).toBeVisible();
    await page.screenshot({ path: join(screenshots, "picker-pay-dialog-1280-en.png") });
    await dialog.getByTestId("pay-review-button").click();
    await page.getByTestId("wallet-option-metamask").click();

    const review = page.getByTestId("pay-review");
    await expect(review).toBeVisible({ timeout: 30_000 });
    expect(await wallet.chainId(page)).toBe(localChainId);
    await expect(review).toContainText("Approval needed first");
    await expect(review).toContainText("24.5 USDT");
    await page.screenshot({ path: join(screenshots, "picker-pay-review-1280-en.png") });
    await review.getByTestId("pay-confirm").click();
    // Once the API has recorded the payment, the detail page closes the dialog and reloads the picker.
    await expect(page.getByRole("dialog")).toHaveCount(0, { timeout: 90_000 });
    const methods = (await wallet.calls(page)).map((call) => call.method);
    expect(methods).toContain("wallet_switchEthereumChain");
    // The approval of test USDT, then BatchPayout.payERC20.
    expect(methods.filter((method) => method === "eth_sendTransaction")).toHaveLength(2);
  });

  await test.step("the picker is completed with the payment's hash, and the winners hold the tokens", async () => {
    await statusIs(page, "Completed");
    const response = await page.request.get(`/api/bounty/picker/${paidPath.split("/").at(-1)}`);
    expect(response.ok()).toBe(true);
    const { content: detail } = (await response.json()) as {
      content: { payment: { chainId: number; txHash: `0x${string}` } | null };
    };
    expect(detail.payment?.chainId).toBe(localChainId);
    const txHash = detail.payment?.txHash ?? "0x";
    expect(txHash).toMatch(/^0x[0-9a-f]{64}$/);
    await expect(page.getByText(txHash)).toBeVisible();
    await page.reload();
    await statusIs(page, "Completed");
    await expect(page.getByText(txHash)).toBeVisible();
    await page.screenshot({ path: join(screenshots, "picker-detail-paid-1280-en.png"), fullPage: true });

    const transaction = await chainClient.getTransaction({ hash: txHash });
    expect(getAddress(transaction.to ?? "0x")).toBe(batchPayout);
    expect(transaction.from.toLowerCase()).toBe(wallet.address.toLowerCase());
    for (const winner of winners) {
      const balance = await tokenBalance(winner.address, testUsdt);
      expect(balance, `@${winner.username}'s test USDT`).toBe(perWinner);
    }
  });

  await test.step("the simulator link verifies the paid picker's draw", async () => {
    await page.getByTestId("simulator-link").click();
    await expect(page).toHaveURL(/\/simulator\?seed=/);
    await expect(page.getByTestId("seed-input")).not.toHaveValue("");
    await page.getByTestId("username-input").fill(`@${winners[0]!.username}`);
    await page.getByTestId("seed-submit").click();
    await expect(page.getByTestId("check-commitment")).toHaveAttribute("data-outcome", "pass", {
      timeout: 30_000,
    });
    await expect(page.getByTestId("check-winners")).toHaveAttribute("data-outcome", "pass");
    // The target block came after the commitment, and the file matches the draw the public history published.
    await expect(page.getByTestId("check-timing")).toHaveAttribute("data-outcome", "pass");
    await expect(page.getByTestId("check-history")).toHaveAttribute("data-outcome", "pass");
    await expect(page.getByTestId("check-user")).toContainText("Winner");
  });
});

test("screenshots of list, create and detail (1280 and 390, en and cn)", async ({ page }) => {
  expect(pickerPath, "the main flow created a picker").not.toBe("");
  test.setTimeout(120_000);
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    for (const locale of ["en", "cn"] as const) {
      const prefix = locale === "cn" ? "/cn" : "";
      const shot = async (name: string) => {
        await page.waitForLoadState("networkidle");
        await page.screenshot({
          path: join(screenshots, `picker-${name}-${width}-${locale}.png`),
          fullPage: true,
        });
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow, `${name} ${width} ${locale} overflows`).toBeLessThanOrEqual(0);
      };
      await openApp(page, `${prefix}/picker2`);
      await expect(page.getByTestId("recent-pickers").getByTestId("picker-card").first()).toBeVisible();
      await shot("list");
      await openApp(page, `${prefix}/picker2/create?post=${encodeURIComponent(giveawayUrl)}`);
      await expect(page.getByTestId("create-picker-form")).toBeVisible();
      await shot("create");
      await openApp(page, `${prefix}${pickerPath}`);
      await expect(page.getByTestId("winners")).toBeVisible();
      await shot("detail");
    }
  }
});
