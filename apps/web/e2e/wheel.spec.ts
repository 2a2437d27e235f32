// The lucky wheel against the real stack: a creator makes a game whose DFT prize is funded on the local chain's
// AirdropDistributor and adds a Discord mission that grants a ticket; a player binds Discord (sandbox_ivan, a member
// of the partner server), finishes the mission, spins on LuckyWheel from the test wallet, sees the wheel land on the
// prize the server recorded with the lottery stages and the draw record, and claims the DFT. Once the creator closes
// the game the salt is published: the verify panel recomputes the spin in the browser and `dropfair verify-wheel`
// agrees on the downloaded file. Then screenshots of the list, a game and a partner page at 1280 and 375 px.
import { execFile } from "node:child_process";
import { join, resolve } from "node:path";
import { promisify } from "node:util";
import { airdropDistributorAbi } from "@dropfair/chain/abis";
import { type Browser, expect, type Page, test } from "@playwright/test";
import { createWalletClient, defineChain, erc20Abi, type Hex, http, parseUnits } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { e2eAdminKey } from "./support/admin";
import { openApp, signIn, tokenCookie } from "./support/app";
import { hardhatAccount, localChain, localChainId, localContracts, localRpcUrl } from "./support/local-chain";
import { shootPage as shoot } from "./support/screenshots";
import { installTestWallet } from "./support/test-wallet";

const screenshots = join(import.meta.dirname, "screenshots");
const cliBin = resolve(import.meta.dirname, "../../../packages/cli/bin/dropfair.mjs");
const creator = hardhatAccount("wheelCreator");
const player = hardhatAccount("wheelPlayer");
const run = promisify(execFile);

type Envelope<T> = { content: T; typeCode: number; message: string };
type Game = { id: number; saltHash: string; startAt: string; endAt: string; prizes: { id: string }[] };
type DiscordFixtures = { users: Record<string, { id: string }>; guilds: Record<string, { id: string }> };

/** Signs `privateKey` in through the app in a context of its own; its page and its API token. */
async function signedInAs(browser: Browser, privateKey: Hex, rpcUrl: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await installTestWallet(page, { privateKey, rpcUrl });
  await openApp(page, "/game");
  await signIn(page);
  const token = (await tokenCookie(page))?.token as string;
  expect(token).toBeTruthy();
  return { page, context, token };
}

/** One wheel API call with the bearer token; the envelope's content after checking it succeeded. */
async function api<T>(page: Page, token: string, method: "GET" | "POST", path: string, data?: unknown) {
  const response = await page.request.fetch(`/api/bounty/wheel${path}`, {
    method,
    headers: { Authorization: `Bearer ${token}` },
    ...(data === undefined ? {} : { data }),
  });
  const body = (await response.json()) as Envelope<T>;
  expect(body.message, `${method} ${path}`).toBe("success");
  return body.content;
}

/**
 * Opens a voucher campaign on the distributor for the game's DFT prize with the whole deposit, and names it; the
 * campaign's id. The campaign starts a minute before the game unless `campaignStart` (unix seconds) says when.
 */
async function fundTokenPrize(
  page: Page,
  token: string,
  game: Game,
  rpcUrl: string,
  amount: bigint,
  campaignStart?: bigint,
) {
  const chain = defineChain({
    id: localChainId,
    name: "Dropfair local chain",
    nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
    rpcUrls: { default: { http: [rpcUrl] } },
  });
  const wallet = createWalletClient({
    account: privateKeyToAccount(creator.privateKey),
    chain,
    transport: http(rpcUrl),
  });
  const { client } = localChain(rpcUrl.replace(/\/api\/sandbox\/rpc$/, ""));
  const mined = async (hash: Hex) =>
    expect((await client.waitForTransactionReceipt({ hash })).status).toBe("success");
  await mined(
    await wallet.writeContract({
      address: localContracts.testToken,
      abi: erc20Abi,
      functionName: "approve",
      args: [localContracts.airdropDistributor, amount],
    }),
  );
  const params = {
    token: localContracts.testToken,
    kind: 0,
    proofKind: 1,
    mode: 0,
    merkleRoot: `0x${"00".repeat(32)}` as Hex,
    shares: 0n,
    amountPerShare: 0n,
    start: campaignStart ?? BigInt(Math.floor(new Date(game.startAt).getTime() / 1000) - 60),
    end: BigInt(Math.floor(new Date(game.endAt).getTime() / 1000) + 7 * 86_400),
  };
  const { result: campaignId } = await client.simulateContract({
    account: wallet.account,
    address: localContracts.airdropDistributor,
    abi: airdropDistributorAbi,
    functionName: "createCampaignAndDeposit",
    args: [params, amount],
  });
  await mined(
    await wallet.writeContract({
      address: localContracts.airdropDistributor,
      abi: airdropDistributorAbi,
      functionName: "createCampaignAndDeposit",
      args: [params, amount],
    }),
  );
  await api(page, token, "POST", `/games/${game.id}/prizes/p1/funding`, {
    campaignId: campaignId.toString(),
  });
  return { campaignId, wallet, mined };
}

/** A running game: started a minute ago, ending in `minutes`. */
function gameTimes(minutes: number) {
  const now = Date.now();
  return {
    startAt: new Date(now - 60_000).toISOString(),
    endAt: new Date(now + minutes * 60_000).toISOString(),
  };
}

test("a game that does not exist is the 404 page", async ({ page }) => {
  await openApp(page, "/game/999999");
  await expect(page.getByTestId("not-found")).toBeVisible();
});

test("earn a ticket with a mission, spin on the local chain, claim the DFT prize; after the game the verify panel and the CLI confirm every spin", async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(600_000);
  const rpcUrl = localRpcUrl(baseURL);
  const discord = (await (
    await page.request.get("/sandbox/discord/_sandbox/fixtures")
  ).json()) as DiscordFixtures;
  const owner = await signedInAs(browser, creator.privateKey, rpcUrl);
  let game: Game = { id: 0, saltHash: "", startAt: "", endAt: "", prizes: [] };

  await test.step("the creator makes a game, funds its DFT prize and adds a mission that grants a ticket", async () => {
    // The DFT prize carries nearly all the weight, so the spin wins it (the other slices keep the wheel honest).
    game = await api<Game>(owner.page, owner.token, "POST", "/games", {
      title: "E2E lucky wheel",
      description: "Join the partner server for a ticket.",
      chainId: localChainId,
      ...gameTimes(30),
      prizes: [
        { kind: "token", amount: "5", token: localContracts.testToken, weight: 1_000_000_000_000, count: 3 },
        { kind: "ep", amount: "10", weight: 1, count: null },
        { kind: "nothing", weight: 1, count: null },
      ],
    });
    expect(game.saltHash).toMatch(/^0x[0-9a-f]{64}$/);
    await fundTokenPrize(owner.page, owner.token, game, rpcUrl, parseUnits("15", 18));
    await api(owner.page, owner.token, "POST", `/games/${game.id}/missions`, {
      kind: "discord_join",
      title: "Join the partner Discord",
      parameters: { guildId: discord.guilds.partner!.id, inviteUrl: "https://discord.gg/dropfair-partner" },
      rewardTickets: 1,
    });
  });

  await installTestWallet(page, { privateKey: player.privateKey, rpcUrl });

  await test.step("the player sees the salt hash and no ticket, binds Discord and finishes the mission", async () => {
    await openApp(page, `/game/${game.id}`);
    await signIn(page);
    await expect(page.getByTestId("game-salt-hash")).toHaveText(game.saltHash);
    await expect(page.getByTestId("game-salt-hidden")).toBeVisible();
    await expect(page.getByTestId("wheel-status")).toHaveText("Running");
    await expect(page.getByTestId("tickets-empty")).toHaveText("No record.");
    await expect(page.getByTestId("spin-no-ticket")).toBeVisible();
    await openApp(page, "/achievement");
    await page.getByTestId("bind-discord").click();
    await page.waitForURL(/\/sandbox\/discord\/oauth2\/authorize/);
    await page.locator(`button[name="user_id"][value="${discord.users.ivan!.id}"]`).click();
    await page.waitForURL((url) => url.pathname === "/achievement", { timeout: 30_000 });
    await expect(page.getByTestId("bound-discord")).toContainText("sandbox_ivan");
    await openApp(page, `/game/${game.id}`);
    const mission = page.getByTestId("game-missions").getByTestId(/^mission-\d+$/);
    await mission.getByTestId("mission-check").click();
    await expect(mission.getByTestId("mission-state")).toHaveText("Done");
    await expect(page.getByTestId("ticket-row")).toHaveCount(1);
    await expect(page.getByTestId("ticket-row")).toContainText("Mission");
    await expect(page.getByTestId("spin-tickets")).toHaveText("You have 1 ticket");
  });

  await test.step("Spin: the wallet sends LuckyWheel.spin, the wheel lands on the recorded prize, the draw record shows it", async () => {
    await page.getByTestId("spin-button").click();
    const result = page.getByTestId("spin-result");
    await expect(result).toHaveText("You won 5.00 DFT", { timeout: 120_000 });
    await expect(result).toHaveAttribute("data-prize-id", "p1");
    await expect(page.getByTestId("spin-stages")).toHaveAttribute("data-stage", "dispatching");
    await expect(page.getByTestId("spin-stage-drawing")).toBeVisible();
    await expect(page.getByTestId("spin-tickets")).toHaveText("You have 0 tickets");
    const record = page.getByTestId("draw-row").first();
    await expect(record).toHaveAttribute("data-mine", "true");
    await expect(record.getByTestId("draw-reward")).toHaveText("5.00 DFT");
    await expect(record).toContainText("You");
    await expect(page.getByTestId("game-spin-count")).toHaveText("1");
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: join(screenshots, "wheel-spin-result-1280-en.png"), fullPage: true });
  });

  await test.step("claim the DFT prize through the distributor", async () => {
    const { tokenBalance } = localChain(baseURL);
    const before = await tokenBalance(player.address);
    const claim = page.getByTestId("claim-p1");
    await expect(claim.getByTestId("claim-state")).toHaveText("Claimable");
    await expect(claim.getByTestId("claim-total")).toHaveText("5.00 DFT");
    await claim.getByTestId("claim-button").click();
    await expect(page.getByTestId("claim-done")).toBeVisible({ timeout: 120_000 });
    await page.getByTestId("claim-dialog-close").click();
    await expect(claim.getByTestId("claim-state")).toHaveText("Claimed");
    expect(await tokenBalance(player.address)).toBe(before + parseUnits("5", 18));
  });

  await test.step("the creator closes the game: the salt is published, the verify panel and the CLI confirm the spin", async () => {
    await api(owner.page, owner.token, "POST", `/games/${game.id}/close`);
    await expect(async () => {
      await openApp(page, `/game/${game.id}`);
      await expect(page.getByTestId("game-salt")).toHaveText(/^0x[0-9a-f]{64}$/, { timeout: 2_000 });
    }).toPass({ timeout: 90_000 });
    await expect(page.getByTestId("wheel-status")).toHaveText("Closed");
    await page.getByTestId("verify-run").click();
    await expect(page.getByTestId("verify-result")).toHaveAttribute("data-verified", "true", {
      timeout: 60_000,
    });
    await expect(page.getByTestId("verify-salt")).toHaveText(
      "The salt matches the hash published at the start.",
    );
    await expect(page.getByTestId("verify-summary")).toHaveText("The 1 spin matches what was recorded.");
    await expect(page.getByTestId("verify-spin")).toHaveAttribute("data-matches", "true");
    const download = page.waitForEvent("download");
    await page.getByTestId("verify-download").click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(`game-${game.id}.json`);
    const path = join(test.info().outputDir, file.suggestedFilename());
    await file.saveAs(path);
    const { stdout } = await run(process.execPath, [cliBin, "verify-wheel", "--file", path, "--json"]);
    const report = JSON.parse(stdout) as {
      saltMatches: boolean;
      spins: { prizeId: string; matches: boolean }[];
    };
    expect(report.saltMatches).toBe(true);
    expect(report.spins).toEqual([expect.objectContaining({ prizeId: "p1", matches: true })]);
  });

  await test.step("the game list shows the game", async () => {
    await openApp(page, "/game");
    await expect(page.getByTestId("wheel-row").filter({ hasText: "E2E lucky wheel" }).first()).toBeVisible();
  });
  await owner.context.close();
});

test("screenshots: the game list, a game and a partner page in en and cn at 1280 and 375 px", async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(300_000);
  const rpcUrl = localRpcUrl(baseURL);
  const discord = (await (
    await page.request.get("/sandbox/discord/_sandbox/fixtures")
  ).json()) as DiscordFixtures;
  // Partner games are the administrators'; EP and "nothing" prizes need no funding, so the game runs at once.
  const admin = await signedInAs(browser, e2eAdminKey, rpcUrl);
  const game = await api<Game>(admin.page, admin.token, "POST", "/games", {
    title: "Aurora Labs launch wheel",
    description: "Spin for EP with Aurora Labs.",
    chainId: localChainId,
    partnerSlug: "aurora",
    ...gameTimes(60),
    prizes: [
      { kind: "ep", amount: "50", weight: 10, count: null },
      { kind: "ep", amount: "10", weight: 30, count: null },
      { kind: "ep", amount: "100", weight: 2, count: 5 },
      { kind: "nothing", weight: 58, count: null },
    ],
  });
  await api(admin.page, admin.token, "POST", `/games/${game.id}/missions`, {
    kind: "discord_join",
    title: "Join the Aurora Labs Discord",
    parameters: { guildId: discord.guilds.partner!.id, inviteUrl: "https://discord.gg/aurora-labs" },
    rewardTickets: 1,
  });
  await admin.context.close();

  await shoot(page, "wheel-list", "/game", async (shown) => {
    await expect(shown.getByTestId("wheel-list")).toBeVisible();
    await expect(shown.getByTestId("wheel-status").filter({ visible: true }).first()).toBeVisible();
  });
  await shoot(page, "wheel-game", `/game/${game.id}`, async (shown) => {
    await expect(shown.getByTestId("wheel-graphic")).toBeVisible();
    await expect(shown.getByTestId("game-missions").getByTestId(/^mission-\d+$/)).toBeVisible();
    await expect(shown.getByTestId("draws-panel")).toBeVisible();
  });
  await shoot(page, "wheel-partner", "/aurora", async (shown) => {
    await expect(shown.getByTestId("lucky-game")).toHaveAttribute("data-game-id", String(game.id));
    await expect(shown.getByTestId("wheel-graphic")).toBeVisible();
    await expect(shown.getByTestId("game-missions").getByTestId(/^mission-\d+$/)).toBeVisible();
  });
});

test("a game whose prize campaign was refunded before the start stops in error (10) and says why, in en and cn at 1280 and 375 px", async ({
  browser,
  page,
  baseURL,
}) => {
  test.setTimeout(300_000);
  const rpcUrl = localRpcUrl(baseURL);
  const owner = await signedInAs(browser, creator.privateKey, rpcUrl);
  // The game starts in 40 s; its prize campaign 25 s before that, so the creator can still refund it meanwhile.
  const startAt = Date.now() + 40_000;
  const game = await api<Game>(owner.page, owner.token, "POST", "/games", {
    title: "Refunded before the start",
    description: "Its DFT prize's campaign was refunded, so its wins could not be paid.",
    chainId: localChainId,
    startAt: new Date(startAt).toISOString(),
    endAt: new Date(startAt + 30 * 60_000).toISOString(),
    prizes: [
      { kind: "token", amount: "5", token: localContracts.testToken, weight: 1, count: 1 },
      { kind: "nothing", weight: 1, count: null },
    ],
  });
  const { campaignId, wallet, mined } = await fundTokenPrize(
    owner.page,
    owner.token,
    game,
    rpcUrl,
    parseUnits("5", 18),
    BigInt(Math.floor(startAt / 1000) - 25),
  );
  await mined(
    await wallet.writeContract({
      address: localContracts.airdropDistributor,
      abi: airdropDistributorAbi,
      functionName: "refund",
      args: [campaignId],
    }),
  );
  // Once the game has started, the first spin request checks the funding and finds it gone.
  await owner.page.waitForTimeout(Math.max(0, startAt - Date.now() + 2_000));
  const refused = await owner.page.request.fetch(`/api/bounty/wheel/games/${game.id}/spins`, {
    method: "POST",
    headers: { Authorization: `Bearer ${owner.token}` },
    data: {},
  });
  expect(refused.status()).toBe(409);
  await owner.context.close();

  const wording = {
    en: "This game has stopped: the distributor campaign of prize 1 was refunded before the start, so its wins could not be paid. Spins are closed.",
    cn: "该游戏已停止：奖品 1 的分发活动在开始前已退款，中奖无法支付。抽奖已关闭。",
  };
  await shoot(page, "wheel-game-error", `/game/${game.id}`, async (shown) => {
    const locale = new URL(shown.url()).pathname.startsWith("/cn/") ? "cn" : "en";
    await expect(shown.getByTestId("game-title")).toHaveText("Refunded before the start");
    await expect(shown.getByTestId("wheel-status").first()).toHaveText(locale === "cn" ? "错误" : "Error");
    await expect(shown.getByTestId("game-error-reason")).toHaveText(wording[locale]);
    // The panels below the header are drawn too, and the spin panel says spins are closed instead of Spin.
    await expect(shown.getByTestId("wheel-graphic")).toBeVisible();
    await expect(shown.getByTestId("draws-panel")).toBeVisible();
    await expect(shown.getByTestId("spin-closed")).toHaveText(
      locale === "cn" ? "该游戏无法进行。" : "The game cannot be played.",
    );
    await expect(shown.getByTestId("spin-button")).toHaveCount(0);
  });
});
