// Creating a lucky wheel game through the web form: a signed-in creator opens "Create a game" from /game, fills
// the title, the times, an EP prize, the "nothing" one, a DFT prize and a DFNFT prize, sees each prize's chance,
// and lands on the new game's page, which shows the prizes the form sent. There the creator adds a ticket mission
// with the missions editor, funds the DFT prize (approve + open-and-deposit on the AirdropDistributor) and the
// DFNFT prize (ids filled from the wallet, collection approved, campaign opened, NFTs moved in), and the game is
// funded ("Not started"). Then screenshots of the form, of the creator's game page (amounts grouped by thousands,
// an NFT prize whose funding stopped half-way, missions), of Fund refused for a balance too short and of the NFT
// prize's Continue (what its campaign holds, read on chain, and the ids still missing), at 1280 and 375 px, en
// and cn.
import { join } from "node:path";
import { airdropDistributorAbi } from "@dropfair/chain/abis";
import { expect, type Page, test } from "@playwright/test";
import { createWalletClient, defineChain, erc721Abi, type Hex, http, parseUnits } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { openApp, signIn, tokenCookie } from "./support/app";
import { hardhatAccount, localChain, localChainId, localContracts, localRpcUrl } from "./support/local-chain";
import { installTestWallet } from "./support/test-wallet";

const screenshots = join(import.meta.dirname, "screenshots");
const creator = hardhatAccount("wheelFormCreator");

/** A datetime-local value in UTC, `minutes` from now. */
const minutesFromNow = (minutes: number) =>
  new Date(Date.now() + minutes * 60_000).toISOString().slice(0, 16);

async function signedIn(page: Page, rpcUrl: string) {
  await installTestWallet(page, { privateKey: creator.privateKey, rpcUrl });
  await openApp(page, "/game");
  await signIn(page);
}

/**
 * A funding of NFT prize `prizeId` that stopped half-way, made from the creator's wallet: the collection approved,
 * the prize's campaign opened and named to the API (not funded yet), and only `tokenIds` moved in.
 */
async function partlyFundNftPrize(
  baseURL: string | undefined,
  call: (path: string, data: unknown) => Promise<unknown>,
  game: { id: number; startAt: string; endAt: string },
  prizeId: string,
  tokenIds: bigint[],
) {
  const rpcUrl = localRpcUrl(baseURL);
  const { client } = localChain(baseURL);
  const wallet = createWalletClient({
    account: privateKeyToAccount(creator.privateKey),
    chain: defineChain({
      id: localChainId,
      name: "Dropfair local chain",
      nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
      rpcUrls: { default: { http: [rpcUrl] } },
    }),
    transport: http(rpcUrl),
  });
  const mined = async (hash: Hex) =>
    expect((await client.waitForTransactionReceipt({ hash })).status).toBe("success");
  await mined(
    await wallet.writeContract({
      address: localContracts.testNft,
      abi: erc721Abi,
      functionName: "setApprovalForAll",
      args: [localContracts.airdropDistributor, true],
    }),
  );
  const params = {
    token: localContracts.testNft,
    kind: 1,
    proofKind: 1,
    mode: 0,
    merkleRoot: `0x${"00".repeat(32)}` as Hex,
    shares: 0n,
    amountPerShare: 0n,
    start: BigInt(Math.floor(new Date(game.startAt).getTime() / 1000)),
    end: BigInt(Math.floor(new Date(game.endAt).getTime() / 1000) + 7 * 86_400),
  };
  const { result: campaignId } = await client.simulateContract({
    account: wallet.account,
    address: localContracts.airdropDistributor,
    abi: airdropDistributorAbi,
    functionName: "createCampaign",
    args: [params],
  });
  await mined(
    await wallet.writeContract({
      address: localContracts.airdropDistributor,
      abi: airdropDistributorAbi,
      functionName: "createCampaign",
      args: [params],
    }),
  );
  await call(`/games/${game.id}/prizes/${prizeId}/funding`, { campaignId: campaignId.toString() });
  await mined(
    await wallet.writeContract({
      address: localContracts.airdropDistributor,
      abi: airdropDistributorAbi,
      functionName: "registerNft",
      args: [campaignId, tokenIds],
    }),
  );
}

test("a creator makes a game with EP, nothing and DFT prizes through the form and funds the DFT prize", async ({
  page,
  baseURL,
}) => {
  test.setTimeout(180_000);
  await signedIn(page, localRpcUrl(baseURL));
  await page.getByTestId("wheel-create").click();
  await expect(page).toHaveURL(/\/game\/create$/);

  // Sent empty, the form says what is missing and stays.
  await page.getByTestId("create-submit").click();
  await expect(page.getByTestId("create-has-errors")).toBeVisible();
  await expect(page).toHaveURL(/\/game\/create$/);

  await page.getByTestId("create-title").fill("Form-made wheel");
  await page.getByTestId("create-description").fill("Made with the create form.");
  await page.getByTestId("create-start").fill(minutesFromNow(30));
  await page.getByTestId("create-end").fill(minutesFromNow(60 * 24));
  await page.getByTestId("create-prize-0-amount").fill("25");
  await page.getByTestId("create-prize-0-weight").fill("1");
  await page.getByTestId("create-prize-1-weight").fill("3");
  await expect(page.getByTestId("create-prize-0-odds")).toHaveText("Chance 25%");
  await expect(page.getByTestId("create-prize-1-odds")).toHaveText("Chance 75%");
  await page.getByTestId("create-add-prize").click();
  await page.getByTestId("create-prize-2-kind").selectOption("token");
  await page.getByTestId("create-prize-2-amount").fill("2.5");
  await page.getByTestId("create-prize-2-token").fill(localContracts.testToken);
  await page.getByTestId("create-prize-2-weight").fill("2");
  await page.getByTestId("create-prize-2-count").fill("4");
  await page.getByTestId("create-add-prize").click();
  await page.getByTestId("create-prize-3-kind").selectOption("nft");
  await page.getByTestId("create-prize-3-token").fill(localContracts.testNft);
  await page.getByTestId("create-prize-3-weight").fill("2");
  await page.getByTestId("create-prize-3-count").fill("2");
  await expect(page.getByTestId("create-prize-0-odds")).toHaveText("Chance 12.5%");
  await expect(page.getByTestId("create-prize-3-odds")).toHaveText("Chance 25%");
  await page.getByTestId("create-submit").click();

  await expect(page).toHaveURL(/\/game\/\d+$/);
  await expect(page.getByTestId("game-title")).toContainText("Form-made wheel");
  const prizes = page.getByTestId("prizes-panel");
  await expect(prizes.getByTestId("prize-p1")).toContainText("25 EP");
  await expect(prizes.getByTestId("prize-p1")).toContainText("12.5%");
  await expect(prizes.getByTestId("prize-p2")).toContainText("37.5%");
  await expect(prizes.getByTestId("prize-p3")).toContainText("2.50 DFT");
  // Token and NFT prizes are not funded yet: the game waits in "Created".
  await expect(page.getByTestId("wheel-status")).toContainText("Created");

  // A ticket mission, added with the missions editor.
  const editor = page.getByTestId("game-mission-editor");
  await expect(editor.getByTestId("game-mission-editor-empty")).toBeVisible();
  await editor.getByTestId("game-mission-editor-kind").selectOption("x_like");
  await editor.getByTestId("game-mission-editor-postId").fill("1234567890");
  await editor.getByTestId("game-mission-editor-reward").fill("2");
  await editor.getByTestId("game-mission-editor-add").click();
  await expect(editor.getByTestId(/^game-mission-editor-mission-\d+$/)).toContainText("Like the post on X");
  await expect(editor.getByTestId(/^game-mission-editor-mission-\d+$/)).toContainText("+2 wheel tickets");

  const chain = localChain(baseURL);
  const before = await chain.tokenBalance(creator.address);
  await expect(page.getByTestId("fund-p3")).toContainText("2.50 DFT × 4: 10.00 DFT in all");
  await page.getByTestId("fund-p3-button").click();
  await expect(page.getByTestId("fund-done")).toBeVisible({ timeout: 60_000 });
  await page.getByTestId("fund-dialog-close").click();
  // 2.5 DFT × 4 left the creator's wallet for the distributor; the NFT prize still waits.
  expect(before - (await chain.tokenBalance(creator.address))).toBe(parseUnits("10", 18));
  await expect(page.getByTestId("fund-p3")).toHaveCount(0);
  await expect(page.getByTestId("wheel-status")).toContainText("Created");

  await page.getByTestId("fund-p4-button").click();
  await page.getByTestId("fund-nft-fill").click();
  await expect(page.getByTestId("fund-nft-ids")).toHaveValue("201, 202");
  await page.getByTestId("fund-nft-submit").click();
  await expect(page.getByTestId("fund-done")).toBeVisible({ timeout: 60_000 });
  await page.getByTestId("fund-dialog-close").click();
  expect(await chain.nftOwner(201n)).toBe(localContracts.airdropDistributor);
  expect(await chain.nftOwner(202n)).toBe(localContracts.airdropDistributor);
  await expect(page.getByTestId("wheel-status")).toContainText("Not started");
  await expect(page.getByTestId("fund-prizes")).toHaveCount(0);
});

test("screenshots: the create form in en and cn at 1280 and 375 px", async ({ page, baseURL }) => {
  test.setTimeout(180_000);
  await signedIn(page, localRpcUrl(baseURL));
  for (const [width, height] of [
    [1280, 900],
    [375, 812],
  ] as const) {
    await page.setViewportSize({ width, height });
    for (const locale of ["en", "cn"] as const) {
      await openApp(page, `${locale === "cn" ? "/cn" : ""}/game/create`);
      await expect(page.getByTestId("create-game-form")).toBeVisible();
      await page.getByTestId("create-add-prize").click();
      await page.getByTestId("create-prize-2-kind").selectOption("token");
      await page.getByTestId("create-submit").click();
      await expect(page.getByTestId("create-has-errors")).toBeVisible();
      await page.screenshot({
        path: join(screenshots, `wheel-create-${width}-${locale}.png`),
        fullPage: true,
      });
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `create form ${width} ${locale} overflows`).toBeLessThanOrEqual(0);
    }
  }
});

test("screenshots: the creator's game page with an NFT prize and a mission, and Fund refused for a short balance", async ({
  page,
  baseURL,
}) => {
  test.setTimeout(240_000);
  await signedIn(page, localRpcUrl(baseURL));
  const token = (await tokenCookie(page))?.token as string;
  const call = async <T>(path: string, data: unknown) => {
    const response = await page.request.post(`/api/bounty/wheel${path}`, {
      headers: { Authorization: `Bearer ${token}` },
      data,
    });
    const body = (await response.json()) as { content: T; message: string };
    expect(body.message, path).toBe("success");
    return body.content;
  };
  // 600,000 DFT × 2 is more than the wallet's million: Fund must stop before sending anything.
  const game = await call<{ id: number; startAt: string; endAt: string }>("/games", {
    title: "Creator's wheel",
    description: "Funded before the start.",
    chainId: localChainId,
    startAt: new Date(Date.now() + 60 * 60_000).toISOString(),
    endAt: new Date(Date.now() + 48 * 60 * 60_000).toISOString(),
    prizes: [
      { kind: "token", amount: "600000", token: localContracts.testToken, weight: 1, count: 2 },
      { kind: "nft", token: localContracts.testNft, weight: 1, count: 3 },
      { kind: "nothing", weight: 8, count: null },
    ],
  });
  await call(`/games/${game.id}/missions`, {
    kind: "x_follow",
    parameters: { userId: "1500000000000000000", username: "dropfair" },
    rewardTickets: 2,
  });
  // The NFT prize's funding stopped after its first NFT (#220; the first test funds with #201 and #202).
  await partlyFundNftPrize(baseURL, call, game, "p2", [220n]);
  const before = await localChain(baseURL).tokenBalance(creator.address);
  for (const [width, height] of [
    [1280, 900],
    [375, 812],
  ] as const) {
    await page.setViewportSize({ width, height });
    for (const locale of ["en", "cn"] as const) {
      await openApp(page, `${locale === "cn" ? "/cn" : ""}/game/${game.id}`);
      await expect(page.getByTestId("fund-p2")).toBeVisible();
      await expect(page.getByTestId("prize-p1")).toContainText("600,000.00 DFT");
      await expect(page.getByTestId("fund-p1")).toContainText(
        locale === "en"
          ? "600,000.00 DFT × 2: 1,200,000.00 DFT in all"
          : "600,000.00 DFT × 2：共 1,200,000.00 DFT",
      );
      await expect(page.getByTestId(/^game-mission-editor-mission-\d+$/)).toBeVisible();
      await page.screenshot({
        path: join(screenshots, `wheel-creator-game-${width}-${locale}.png`),
        fullPage: true,
      });
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `creator game page ${width} ${locale} overflows`).toBeLessThanOrEqual(0);

      await page.getByTestId("fund-p1-button").click();
      await expect(page.getByTestId("fund-error")).toContainText(
        locale === "en"
          ? "Your balance is insufficient: this prize needs 1,200,000.00 DFT and your wallet holds 999,990.00 DFT."
          : "余额不足",
      );
      await page.screenshot({ path: join(screenshots, `wheel-fund-error-${width}-${locale}.png`) });
      await page.getByTestId("fund-dialog-close").click();

      await expect(page.getByTestId("fund-p2-button")).toHaveText(locale === "en" ? "Continue" : "继续");
      await page.getByTestId("fund-p2-button").click();
      await expect(page.getByTestId("fund-nft-deposited")).toContainText(
        locale === "en" ? "1 of the 3 NFTs are already in the prize's campaign (220)" : "（220）",
      );
      await expect(page.getByTestId("fund-nft-form")).toBeVisible();
      await page.screenshot({ path: join(screenshots, `wheel-fund-nft-${width}-${locale}.png`) });
      await page.getByTestId("fund-dialog-close").click();
    }
  }
  // Nothing was sent: no approval spent gas on a deposit the wallet could not cover.
  expect(await localChain(baseURL).tokenBalance(creator.address)).toBe(before);
});
