import { join } from "node:path";
import { airdropDistributorAbi } from "@dropfair/chain/abis";
import { type Browser, expect, type Page, test } from "@playwright/test";
import { type Address, erc721Abi, type Hex } from "viem";
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

// An NFT airdrop against the real stack: the wizard registers the creator's TestNft ids (scripts/stack.ts deploys
// the enumerable collection and mints ids n×20+1 to n×20+20 to Hardhat account #n) with the AirdropDistributor,
// and a participant claims one in their own browser.
const screenshots = join(import.meta.dirname, "screenshots");
const { testNft, airdropDistributor: distributor } = localContracts;
/** The creator, owner of DFNFT ids 141 to 160. */
const { privateKey: creatorKey, address: creator } = hardhatAccount("nftCreator");
/** The participant who claims. */
const { privateKey: participantKey, address: participant } = hardhatAccount("nftParticipant");
/** A second listed wallet that does not claim here. */
const otherParticipant: Address = "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed";
const title = "DFNFT holders drop";

test.describe.configure({ mode: "serial" });

/** 'YYYY-MM-DDTHH:mm' in UTC. */
const minuteInput = (date: Date) => date.toISOString().slice(0, 16);

async function shoot(page: Page, name: string) {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    // From the top, so the sticky header sits at the top of the full-page image; and let the layout settle at
    // the new width (Mantine's media queries answer on resize).
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.waitForTimeout(300);
    await page.screenshot({ path: join(screenshots, `${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** Opens the saved draft's wizard and walks to the reward step (the list is uploaded already). */
async function openRewardStep(page: Page, path: string) {
  await openApp(page, path);
  await expect(page.getByTestId("wizard-settings")).toBeVisible();
  await page.getByTestId("wizard-next").click();
  await expect(page.getByTestId("wizard-participants")).toBeVisible();
  await page.getByTestId("wizard-next").click();
  await expect(page.getByTestId("wizard-reward")).toBeVisible();
}

/** What the flow's steps share: the creator's page and wallet, the chain, the claim window and the pages. */
type NftFlow = {
  page: Page;
  browser: Browser;
  rpcUrl: string;
  wallet: TestWallet;
  chainClient: LocalChain["client"];
  ownerOf: LocalChain["nftOwner"];
  nftBalance: LocalChain["nftBalance"];
  start: Date;
  end: Date;
  /** The draft's wizard, once saved. */
  wizardPath: string;
  /** The campaign's page, once released. */
  campaignPath: string;
};

test("a creator registers NFTs through the wizard and releases; a participant claims one, once", async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(300_000);
  const rpcUrl = localRpcUrl(baseURL);
  const wallet = await installTestWallet(page, { privateKey: creatorKey, rpcUrl });
  expect(wallet.address).toBe(creator);
  const { client: chainClient, nftOwner: ownerOf, nftBalance } = localChain(baseURL);
  // Claims open at once: the start is this minute (the start may be past, only the end must be ahead).
  const start = new Date();
  start.setUTCSeconds(0, 0);
  const end = new Date(start.getTime() + 24 * 60 * 60_000);
  const flow: NftFlow = {
    page,
    browser,
    rpcUrl,
    wallet,
    chainClient,
    ownerOf,
    nftBalance,
    start,
    end,
    wizardPath: "",
    campaignPath: "",
  };

  await test.step("the creator saves the settings and uploads a wallet list of two", () =>
    saveTheSettingsAndUploadTheList(flow));
  await test.step("the reward step checks the token ids and names those the wallet does not own", () =>
    checkTheTokenIds(flow));
  await test.step("the ids fill from the wallet (the collection is enumerable)", () =>
    fillTheIdsFromTheWallet(flow));
  await test.step("the reward step in Chinese", () => checkTheRewardStepInChinese(flow));
  await test.step("Finish approves the collection, opens the campaign, registers the NFTs and releases", () =>
    finishAndRelease(flow));
  await test.step("the campaign page shows the registered NFTs, in English and Chinese", () =>
    checkTheCampaignPage(flow));
  await test.step("the participant claims one NFT in their own browser; a second claim is refused", () =>
    claimOneNftOnce(flow));
});

// The flow's steps, in order (each test.step above names what its function does).

async function saveTheSettingsAndUploadTheList(flow: NftFlow) {
  const { page, start, end } = flow;
  await openApp(page, "/airdrop/create");
  await signIn(page);
  await expect(page.getByTestId("wizard-settings")).toBeVisible();
  await page.getByTestId("airdrop-title").fill(title);
  await page.getByTestId("airdrop-description").fill("One Dropfair test NFT for each listed wallet.");
  await page.getByTestId("airdrop-start").fill(minuteInput(start));
  await page.getByTestId("airdrop-end").fill(minuteInput(end));
  await page.getByTestId("poster-midnight").click();
  await expect(page.getByTestId("airdrop-chain")).not.toHaveValue("");
  await page.getByTestId("wizard-next").click();
  await expect(page).toHaveURL(/\/airdrop\/create\/\d+$/);
  flow.wizardPath = new URL(page.url()).pathname;
  await expect(page.getByTestId("wizard-participants")).toBeVisible();
  await page.getByTestId("participants-paste").fill(`${participant}\n${otherParticipant}`);
  await page.getByTestId("participants-upload").click();
  await expect(page.getByTestId("participant-report").getByTestId("report-accepted")).toHaveText(
    "2 accepted",
  );
  await page.getByTestId("wizard-next").click();
  await expect(page.getByTestId("wizard-reward")).toBeVisible();
}

async function checkTheTokenIds(flow: NftFlow) {
  const { page, wallet, ownerOf } = flow;
  await page.getByTestId("reward-type").getByText("NFT", { exact: true }).click();
  await page.getByTestId("token-address").fill(testNft);
  await expect(page.getByTestId("nft-count")).toHaveText("0 of 2 entered");
  await expect(page.getByTestId("required-deposit")).toHaveText("2");
  const ids = page.getByTestId("nft-token-ids");
  await ids.fill("141, 141, abc");
  await page.getByTestId("wizard-finish").click();
  await expect(page.getByText("Not a token id (a whole number from 0): abc")).toBeVisible();
  await ids.fill("141\n141");
  await page.getByTestId("wizard-finish").click();
  await expect(page.getByText("Token ids entered twice: 141")).toBeVisible();
  await ids.fill("141");
  await page.getByTestId("wizard-finish").click();
  await expect(page.getByText("Exactly 2 token ids are needed; 1 entered.")).toBeVisible();
  // Id 1 belongs to Hardhat account #0 and 9999 was never minted: each is named, nothing is sent.
  await ids.fill("141, 1");
  await page.getByTestId("wizard-finish").click();
  await expect(page.getByText("Your wallet does not own these token ids: 1")).toBeVisible({
    timeout: 60_000,
  });
  await ids.fill("9999 142");
  await page.getByTestId("deposit-button").click();
  await expect(page.getByText("Your wallet does not own these token ids: 9999")).toBeVisible({
    timeout: 60_000,
  });
  const methods = (await wallet.calls(page)).map((call) => call.method);
  expect(methods).not.toContain("eth_sendTransaction");
  expect(await ownerOf(141n)).toBe(creator);
}

async function fillTheIdsFromTheWallet(flow: NftFlow) {
  const { page } = flow;
  await page.getByTestId("nft-token-ids").fill("");
  await page.getByTestId("nft-fill").click();
  await expect(page.getByTestId("nft-token-ids")).toHaveValue("141, 142");
  await expect(page.getByTestId("nft-count")).toHaveText("2 of 2 entered");
  await shoot(page, "airdrop-nft-reward-en");
}

async function checkTheRewardStepInChinese(flow: NftFlow) {
  const { page, wizardPath } = flow;
  await openRewardStep(page, `/cn${wizardPath}`);
  await expect(page.getByTestId("nft-count")).toHaveText("已输入 0 / 2");
  await page.getByTestId("nft-fill").click();
  await expect(page.getByTestId("nft-token-ids")).toHaveValue("141, 142");
  await shoot(page, "airdrop-nft-reward-cn");
}

async function finishAndRelease(flow: NftFlow) {
  const { page, wizardPath, wallet, ownerOf, chainClient } = flow;
  await openRewardStep(page, wizardPath);
  await expect(page.getByTestId("token-address")).toHaveValue(testNft);
  await page.getByTestId("nft-fill").click();
  await expect(page.getByTestId("nft-token-ids")).toHaveValue("141, 142");
  await page.getByTestId("wizard-finish").click();
  await expect(page).toHaveURL(/\/airdrop\/\d+$/, { timeout: 120_000 });
  flow.campaignPath = new URL(page.url()).pathname;
  expect(await wallet.chainId(page)).toBe(localChainId);
  const sent = (await wallet.calls(page)).filter((call) => call.method === "eth_sendTransaction");
  // setApprovalForAll, createCampaign, registerNft
  expect(sent).toHaveLength(3);
  expect(await ownerOf(141n)).toBe(distributor);
  expect(await ownerOf(142n)).toBe(distributor);
  expect(await ownerOf(143n)).toBe(creator);
  expect(
    await chainClient.readContract({
      address: testNft,
      abi: erc721Abi,
      functionName: "isApprovedForAll",
      args: [creator, distributor],
    }),
  ).toBe(true);
}

async function checkTheCampaignPage(flow: NftFlow) {
  const { page, campaignPath } = flow;
  await expect(page.getByTestId("campaign-title")).toHaveText(title);
  await expect(page.getByTestId("campaign-banner").getByTestId("airdrop-status")).toHaveText("In progress");
  await expect(page.getByTestId("creator-required")).toHaveText("2 DFNFT");
  await expect(page.getByTestId("creator-deposited")).toHaveText("2 DFNFT");
  await expect(page.getByTestId("creator-remainder")).toHaveText("2 DFNFT");
  await expect(page.getByTestId("creator-register-nfts")).toHaveCount(0);
  await expect(page.getByTestId("creator-refund")).toBeDisabled();
  await expect(page.getByTestId("participant-row")).toHaveCount(2);
  await shoot(page, "airdrop-nft-campaign-en");
  await openApp(page, `/cn${campaignPath}`);
  await expect(page.getByTestId("creator-deposited")).toHaveText("2 DFNFT");
  await shoot(page, "airdrop-nft-campaign-cn");
}

async function claimOneNftOnce(flow: NftFlow) {
  const { browser, rpcUrl, campaignPath, nftBalance, ownerOf, chainClient } = flow;
  const context = await browser.newContext();
  const claimer = await context.newPage();
  await installTestWallet(claimer, { privateKey: participantKey, rpcUrl });
  await openApp(claimer, campaignPath);
  await signIn(claimer);
  const id = campaignPath.split("/").at(-1);
  const token = (await tokenCookie(claimer))?.token as string;
  const entitlement = (await (
    await claimer.request.get(`/api/bounty/airdrop/${id}/claim?account=${participant}`, {
      headers: { Authorization: `Bearer ${token}` },
    })
  ).json()) as { content: { index: number; amount: string; proof: Hex[] } };
  const campaign = (await (await claimer.request.get(`/api/bounty/airdrop/${id}`)).json()) as {
    content: { campaignId: string };
  };

  const balanceOf = () => nftBalance(participant);
  // The participant owns DFNFT ids 161 to 180 from the deployment.
  const before = await balanceOf();
  const box = claimer.getByTestId("claim-box");
  await expect(box.getByTestId("claim-amount")).toHaveText("1 DFNFT");
  await box.getByTestId("claim-button").click();
  await expect(box.getByTestId("claim-claimed")).toHaveText("Claimed. The NFT is in your wallet.", {
    timeout: 90_000,
  });
  // Claims pay the last registered id still held.
  expect(await ownerOf(142n)).toBe(participant);
  expect((await balanceOf()) - before).toBe(1n);
  await expect(box.getByTestId("claim-button")).toBeDisabled();
  await claimer.screenshot({ path: join(screenshots, "airdrop-nft-claimed-1280.png"), fullPage: true });

  await claimer.reload();
  await expect(claimer.getByTestId("claim-box").getByTestId("claim-button")).toBeDisabled();
  await expect(claimer.getByTestId("claim-box").getByTestId("claim-button")).toHaveText("Claimed");
  // The same proof again is refused on chain.
  const again = chainClient.simulateContract({
    account: participant,
    address: distributor,
    abi: airdropDistributorAbi,
    functionName: "claim",
    args: [
      BigInt(campaign.content.campaignId),
      BigInt(entitlement.content.index),
      participant,
      BigInt(entitlement.content.amount),
      entitlement.content.proof,
    ],
  });
  await expect(again).rejects.toThrow(/AlreadyClaimed/);
  expect(await ownerOf(141n)).toBe(distributor);
  await context.close();
}
