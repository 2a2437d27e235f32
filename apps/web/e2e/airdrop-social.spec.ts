import { join } from "node:path";
import { type Browser, expect, type Locator, type Page, test } from "@playwright/test";
import { parseUnits } from "viem";
import { openApp, signIn, tokenCookie } from "./support/app";
import { hardhatAccount, localChain, localChainId, localContracts, localRpcUrl } from "./support/local-chain";
import { installTestWallet } from "./support/test-wallet";

// Telegram and Discord lists against the real stack: the API checks the lists with the bots of the mounted
// Telegram and Discord sandboxes, participants bind their accounts on the sandboxes' pages from the claim box,
// and claim: tokens through AirdropDistributor on the local chain, the Discord role through the bot.
const screenshots = join(import.meta.dirname, "screenshots");
const { testToken } = localContracts;
/** The creator (funded with test DFT). */
const { privateKey: creatorKey } = hardhatAccount("socialCreator");
/** The Telegram participant's wallet (gas only). */
const { privateKey: telegramClaimerKey, address: telegramClaimer } = hardhatAccount("telegramClaimer");
/** The Discord participant's wallet. */
const { privateKey: discordClaimerKey, address: discordClaimer } = hardhatAccount("discordClaimer");
/** The Discord-role participant's wallet. */
const { privateKey: roleClaimerKey } = hardhatAccount("roleClaimer");

/** The sandbox Telegram chat "Dropfair Sandbox" (our bot is an administrator) and its members. */
const telegramChat = "-1002233445566";
const telegramAlice = "987654321";
const telegramCarol = "700000003";

type DiscordFixtures = {
  botToken: string;
  users: Record<string, { id: string; username: string }>;
  guilds: Record<string, { id: string }>;
  roles: Record<string, { id: string }>;
};

test.describe.configure({ mode: "serial" });

let telegramPath = "";
let discordPath = "";
let rolePath = "";
let discord: DiscordFixtures;

/** This minute and a day later: claims are open at once (a start in the past is allowed), and stay open. */
function claimWindow() {
  const start = new Date();
  start.setUTCSeconds(0, 0);
  return { startAt: start.toISOString(), endAt: new Date(start.getTime() + 86_400_000).toISOString() };
}

async function newWalletPage(browser: Browser, privateKey: `0x${string}`, rpcUrl: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await installTestWallet(page, { privateKey, rpcUrl });
  return page;
}

/** The claim box at 1280 and 390 px, in English and Chinese: screenshots to look at, and no sideways scroll. */
async function shootClaimBox(page: Page, path: string, name: string, ready: (box: Locator) => Promise<void>) {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    for (const locale of ["en", "cn"] as const) {
      await openApp(page, `${locale === "cn" ? "/cn" : ""}${path}`);
      const box = page.getByTestId("claim-box");
      await ready(box);
      await page.waitForLoadState("networkidle");
      await box.screenshot({ path: join(screenshots, `airdrop-claim-${name}-${width}-${locale}.png`) });
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `${name} ${width} ${locale} overflows`).toBeLessThanOrEqual(0);
    }
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** Finishes a released-to-be airdrop in the wizard: through the steps, funding from the creator's wallet. */
async function finishInWizard(page: Page, id: number) {
  await openApp(page, `/airdrop/create/${id}`);
  await page.getByTestId("wizard-next").click();
  await expect(page.getByTestId("wizard-participants")).toBeVisible();
  await page.getByTestId("wizard-next").click();
  await expect(page.getByTestId("wizard-reward")).toBeVisible();
  await page.getByTestId("wizard-finish").click();
  await expect(page).toHaveURL(new RegExp(`/airdrop/${id}$`), { timeout: 120_000 });
  return new URL(page.url()).pathname;
}

test("a creator releases Telegram, Discord and Discord-role airdrops whose lists the bots checked", async ({
  page,
  baseURL,
}) => {
  test.setTimeout(300_000);
  await installTestWallet(page, { privateKey: creatorKey, rpcUrl: localRpcUrl(baseURL) });
  await openApp(page, "/airdrop");
  await signIn(page);
  const token = (await tokenCookie(page))?.token as string;
  const headers = { Authorization: `Bearer ${token}` };
  discord = (await (await page.request.get("/sandbox/discord/_sandbox/fixtures")).json()) as DiscordFixtures;
  const create = async (data: Record<string, unknown>) => {
    const created = await page.request.post("/api/bounty/airdrop", {
      headers,
      data: { ...claimWindow(), ...data },
    });
    expect(created.ok()).toBe(true);
    return ((await created.json()) as { content: { id: number } }).content.id;
  };

  await test.step("a Telegram list is checked in the airdrop's chat when the wizard uploads it", async () => {
    const id = await create({
      title: "Telegram community drop",
      posterStyle: "aurora",
      idType: "telegram",
      telegramChatId: telegramChat,
      chainId: localChainId,
      tokenAddress: testToken,
      totalAmount: "16",
    });
    await openApp(page, `/airdrop/create/${id}`);
    await expect(page.getByTestId("airdrop-telegram-chat")).toHaveValue(telegramChat);
    await page.getByTestId("airdrop-telegram-chat").scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(screenshots, "airdrop-wizard-telegram-settings-1280-en.png") });
    await page.getByTestId("wizard-next").click();
    await expect(page.getByTestId("wizard-participants")).toBeVisible();
    // Alice (weight 2) and Carol are members; 111 is nobody; a username cannot be checked by a bot.
    await page.getByTestId("participants-paste").fill(`${telegramAlice},2\n${telegramCarol}\n111\n@some_fan`);
    await page.getByTestId("participants-upload").click();
    const report = page.getByTestId("participant-report");
    await expect(report.getByTestId("report-accepted")).toHaveText("3 accepted");
    await expect(report.getByTestId("report-unresolved")).toHaveText("Accounts not found: 3");
    await expect(report.getByTestId("report-unchecked")).toHaveText(
      "1 account could not be checked; it is matched when its owner claims.",
    );
    await report.screenshot({ path: join(screenshots, "airdrop-wizard-telegram-report-1280-en.png") });
    telegramPath = await finishInWizard(page, id);
    await expect(page.getByTestId("creator-deposited")).toHaveText("16.00 DFT");
  });

  await test.step("a Discord list's usernames are found in the airdrop's server, by id", async () => {
    const id = await create({
      title: "Discord community drop",
      posterStyle: "midnight",
      idType: "discord",
      discordGuildId: discord.guilds.sandbox!.id,
      chainId: localChainId,
      tokenAddress: testToken,
      totalAmount: "8",
    });
    const uploaded = await page.request.put(`/api/bounty/airdrop/${id}/participants`, {
      headers: { ...headers, "Content-Type": "text/plain" },
      data: `Sandbox_Bob,3\n${discord.users.carol!.id}\nsandbox_heidi`,
    });
    const { content: report } = (await uploaded.json()) as {
      content: { accepted: number; unresolvedLines: number[]; uncheckedCount: number };
    };
    expect(report).toMatchObject({ accepted: 2, unresolvedLines: [3], uncheckedCount: 0 });
    discordPath = await finishInWizard(page, id);
    await expect(page.getByTestId("creator-deposited")).toHaveText("8.00 DFT");
  });

  await test.step("a Discord-role airdrop is released without a deposit", async () => {
    const id = await create({
      title: "Airdrop OG role",
      posterStyle: "sunrise",
      idType: "discord",
      rewardType: "discord_role",
      discordGuildId: discord.guilds.sandbox!.id,
      discordRoleId: discord.roles.airdropOg!.id,
    });
    const uploaded = await page.request.put(`/api/bounty/airdrop/${id}/participants`, {
      headers: { ...headers, "Content-Type": "text/plain" },
      data: `sandbox_dave\n${discord.users.erin!.id}`,
    });
    expect(((await uploaded.json()) as { content: { accepted: number } }).content.accepted).toBe(2);
    // The wizard's Finish prepares token and NFT rewards only; a Discord-role reward is prepared here (the bot
    // checks the role) until it does.
    const prepared = await page.request.post(`/api/bounty/airdrop/${id}/prepare`, { headers });
    expect(((await prepared.json()) as { content: { prepared: boolean } }).content.prepared).toBe(true);
    rolePath = await finishInWizard(page, id);
    await expect(page.getByTestId("campaign-banner").getByTestId("airdrop-status")).toHaveText("In progress");
  });
});

test("participants bind Telegram or Discord from the claim box and claim once", async ({
  browser,
  baseURL,
}) => {
  expect(telegramPath && discordPath && rolePath, "the creator released the airdrops").toBeTruthy();
  test.setTimeout(420_000);
  const rpcUrl = localRpcUrl(baseURL);
  const { tokenBalance: balanceOf } = localChain(baseURL);

  /** Claims the tokens in the box, checks the balance on chain, then that a reload refuses a second claim. */
  async function claimTokens(claimer: Page, path: string, wallet: `0x${string}`, amount: string) {
    const box = claimer.getByTestId("claim-box");
    await expect(box.getByTestId("claim-amount")).toHaveText(`${amount}.00 DFT`);
    const before = await balanceOf(wallet);
    await box.getByTestId("claim-button").click();
    await expect(box.getByTestId("claim-claimed")).toBeVisible({ timeout: 90_000 });
    expect((await balanceOf(wallet)) - before).toBe(parseUnits(amount, 18));
    await openApp(claimer, path);
    await expect(box.getByTestId("claim-button")).toBeDisabled();
    await expect(box.getByTestId("claim-button")).toHaveText("Claimed");
    const token = (await tokenCookie(claimer))?.token as string;
    const claim = await claimer.request.get(`/api/bounty/airdrop/${path.split("/").at(-1)}/claim`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    const { content } = (await claim.json()) as { content: { claimState: number; voucher: unknown } };
    expect(content).toMatchObject({ claimState: 1, voucher: null });
  }

  await test.step("a Telegram participant binds Telegram on the login page and claims", async () => {
    const claimer = await newWalletPage(browser, telegramClaimerKey, rpcUrl);
    await openApp(claimer, telegramPath);
    await signIn(claimer);
    await shootClaimBox(claimer, telegramPath, "telegram-bind", (box) =>
      expect(box.getByTestId("bind-telegram")).toBeVisible(),
    );
    await openApp(claimer, telegramPath);
    await claimer.getByTestId("claim-box").getByTestId("bind-telegram").click();
    await claimer.waitForURL(/\/sandbox\/telegram\/auth/);
    await claimer.locator(`button[name="user_id"][value="${telegramAlice}"]`).click();
    await claimer.waitForURL((url) => url.pathname === telegramPath, { timeout: 30_000 });
    await expect(claimer.getByTestId("claim-box").getByTestId("bound-telegram")).toContainText("@alice_ex");
    await shootClaimBox(claimer, telegramPath, "telegram", (box) =>
      expect(box.getByTestId("claim-amount")).toHaveText(/8[.,]00/),
    );
    await openApp(claimer, telegramPath);
    await claimTokens(claimer, telegramPath, telegramClaimer, "8");
    await claimer.context().close();
  });

  await test.step("a Discord participant binds Discord on the consent page and claims", async () => {
    const claimer = await newWalletPage(browser, discordClaimerKey, rpcUrl);
    await openApp(claimer, discordPath);
    await signIn(claimer);
    await shootClaimBox(claimer, discordPath, "discord-bind", (box) =>
      expect(box.getByTestId("bind-discord")).toBeVisible(),
    );
    await openApp(claimer, discordPath);
    await claimer.getByTestId("claim-box").getByTestId("bind-discord").click();
    await claimer.waitForURL(/\/sandbox\/discord\/oauth2\/authorize/);
    await claimer.locator(`button[name="user_id"][value="${discord.users.bob!.id}"]`).click();
    await claimer.waitForURL((url) => url.pathname === discordPath, { timeout: 30_000 });
    await expect(claimer.getByTestId("claim-box").getByTestId("bound-discord")).toContainText("sandbox_bob");
    await shootClaimBox(claimer, discordPath, "discord", (box) =>
      expect(box.getByTestId("claim-amount")).toHaveText(/6[.,]00/),
    );
    await openApp(claimer, discordPath);
    await claimTokens(claimer, discordPath, discordClaimer, "6");
    await claimer.context().close();
  });

  await test.step("a listed Discord member gets the role from our bot, once", async () => {
    const claimer = await newWalletPage(browser, roleClaimerKey, rpcUrl);
    await openApp(claimer, rolePath);
    await signIn(claimer);
    const box = claimer.getByTestId("claim-box");
    await box.getByTestId("bind-discord").click();
    await claimer.waitForURL(/\/sandbox\/discord\/oauth2\/authorize/);
    const dave = discord.users.dave!;
    await claimer.locator(`button[name="user_id"][value="${dave.id}"]`).click();
    await claimer.waitForURL((url) => url.pathname === rolePath, { timeout: 30_000 });
    const member = async () => {
      const answer = await claimer.request.get(
        `/sandbox/discord/api/v10/guilds/${discord.guilds.sandbox!.id}/members/${dave.id}`,
        { headers: { Authorization: `Bot ${discord.botToken}` } },
      );
      expect(answer.ok()).toBe(true);
      return (await answer.json()) as { roles: string[] };
    };
    expect((await member()).roles).not.toContain(discord.roles.airdropOg!.id);
    await expect(box.getByTestId("claim-button")).toBeEnabled();
    await box.getByTestId("claim-button").click();
    await expect(box.getByTestId("claim-button")).toHaveText("Claimed");
    expect((await member()).roles).toContain(discord.roles.airdropOg!.id);
    await box.screenshot({ path: join(screenshots, "airdrop-claim-discord-role-granted-1280-en.png") });

    await openApp(claimer, rolePath);
    await expect(box.getByTestId("claim-button")).toBeDisabled();
    const token = (await tokenCookie(claimer))?.token as string;
    const again = await claimer.request.post(
      `/api/bounty/airdrop/${rolePath.split("/").at(-1)}/discord-role`,
      {
        headers: { Authorization: `Bearer ${token}` },
      },
    );
    expect(((await again.json()) as { content: { claimState: number } }).content.claimState).toBe(1);
    const detail = await claimer.request.get(`/api/bounty/airdrop/${rolePath.split("/").at(-1)}`);
    expect(((await detail.json()) as { content: { claimCount: number } }).content.claimCount).toBe(1);
    await claimer.context().close();
  });
});
