// The creator's refund panel of a tips campaign whose 30-day claim window has ended, before and after the refund,
// at 1280 and 375 px in en and cn. The API records a refund only once its own clock has passed the window, which a
// campaign of the real stack reaches 30 days after its end, so this spec serves the campaign's answers from the
// browser (route interception) and sends no transaction: the refund itself is covered by the panel's component
// test (wallet, then report) and by the API's refund test against the local chain.
import { expect, type Page, test } from "@playwright/test";
import { openApp, signIn } from "./support/app";
import { localContracts } from "./support/local-chain";
import { installTestWallet } from "./support/test-wallet";
import { shoot } from "./support/tips";

const id = 424244;
const day = 86_400_000;
const txHash = `0x${"cd".repeat(32)}`;

/** Ended 31 days ago with 1,000 DFT; the creator (the signed-in wallet) asks. */
function endedCampaign(creator: string, refunded: boolean) {
  const end = Date.now() - 31 * day;
  return {
    id,
    title: "Spread the word",
    status: 5,
    chainId: 31337,
    token: localContracts.testToken,
    tokenSymbol: "DFT",
    tokenDecimals: 18,
    totalPrize: "1000000000000000000000",
    startAt: new Date(end - 7 * day).toISOString(),
    endAt: new Date(end).toISOString(),
    creator,
    participants: 2,
    funded: true,
    myEarned: null,
    description: "Tell X about Dropfair",
    hashtag: "#Dropfair",
    mention: "@dropfair_xyz",
    slogan: "",
    formula: {
      algorithm: "dropfair-tips-v1",
      weights: { views: 1, likes: 1, replies: 2, retweets: 3, quotes: 4 },
      tweetCap: 1000,
      dailyTweets: 3,
    },
    distributor: localContracts.airdropDistributor,
    distributorCampaignId: "2",
    claimableUntil: new Date(end + 30 * day).toISOString(),
    missionCampaignId: null,
    computedAt: new Date(end + 60_000).toISOString(),
    refund: refunded
      ? {
          amount: "94170403587443946188",
          txHash,
          refundedAt: new Date(end + 30 * day + 3_600_000).toISOString(),
        }
      : null,
    canManage: true,
    canModerate: true,
    me: { joined: false, banned: false, xUserId: null, reloadAvailableAt: null },
    errorReason: null,
  };
}

function standing(rank: number, name: string, points: string, earned: string) {
  return {
    rank,
    xUserId: String(44196397 + rank),
    username: name.toLowerCase(),
    name,
    avatarUrl: null,
    points,
    tweets: 3,
    views: "1234567",
    retweets: "70",
    replies: "50",
    likes: "400",
    quotes: "20",
    interactions: "540",
    estimatedEarned: earned,
  };
}

/** Serves campaign `id` from the browser: its detail (refunded or not) and a leaderboard of two. */
async function serveCampaign(page: Page, creator: string, refunded: () => boolean) {
  const envelope = (content: unknown) => ({ json: { content, typeCode: 1, message: "success" } });
  const board = {
    formula: endedCampaign(creator, false).formula,
    totalPrize: "1000000000000000000000",
    totalPoints: "223",
    computedAt: new Date().toISOString(),
    total: 2,
    page: 1,
    pageSize: 50,
    rows: [
      standing(1, "Alice", "202", "905829596412556053811"),
      standing(2, "Bob", "21", "94170403587443946188"),
    ],
    me: null,
  };
  await page.route(new RegExp(`/api/bounty/tips/campaigns/${id}(/leaderboard)?(\\?.*)?$`), (route) => {
    const { pathname } = new URL(route.request().url());
    if (pathname.endsWith("/leaderboard")) return route.fulfill(envelope(board));
    return route.fulfill(envelope(endedCampaign(creator, refunded())));
  });
}

const texts = {
  en: { title: "Refund what is left", refunded: "Refunded" },
  cn: { title: "退回剩余奖金", refunded: "已退款" },
};

test("the creator's refund panel after the claim window, before and after the refund (1280 and 375 px, en and cn)", async ({
  page,
}) => {
  test.setTimeout(240_000);
  const wallet = await installTestWallet(page, {});
  let refunded = false;
  await serveCampaign(page, wallet.address, () => refunded);
  await openApp(page, `/tips/${id}`);
  await signIn(page);

  const leaderboardScrollsInside = async (shown: Page) => {
    // The leaderboard scrolls sideways inside its card at 375 px; the page itself never does (shoot checks it).
    const scroller = shown
      .getByTestId("tips-leaderboard")
      .locator(".mantine-TableScrollContainer-scrollContainer");
    if ((shown.viewportSize()?.width ?? 0) < 500)
      expect(await scroller.evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(true);
  };

  await shoot(page, "tips-refund-open", `/tips/${id}`, async (shown) => {
    const locale = shown.url().includes("/cn/") ? "cn" : "en";
    const panel = shown.getByTestId("tips-refund-panel");
    await expect(panel.getByRole("heading", { name: texts[locale].title })).toBeVisible();
    await expect(panel.getByTestId("tips-refund")).toBeEnabled();
    await expect(shown.getByTestId("tips-join-panel")).toHaveCount(0);
    await expect(shown.getByTestId("tips-standing")).toHaveCount(2);
    await leaderboardScrollsInside(shown);
  });

  refunded = true;
  await shoot(page, "tips-refund-done", `/tips/${id}`, async (shown) => {
    const locale = shown.url().includes("/cn/") ? "cn" : "en";
    const panel = shown.getByTestId("tips-refund-panel");
    await expect(panel.getByTestId("tips-refund-state")).toHaveText(texts[locale].refunded);
    await expect(panel.getByTestId("tips-refund-amount")).toHaveText("94.17 DFT");
    await expect(panel.getByTestId("tips-refund-tx")).toHaveText(/0xcdc…cdcd$/);
    await expect(panel.getByTestId("tips-refund")).toHaveCount(0);
  });
});
