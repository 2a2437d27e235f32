// The creator panel of an ended airdrop whose chain has not reached the end yet: the API answers the campaign as
// ended by its own clock, but a refund sent now would land inside the window on chain (`refundOpen` false), so
// the panel says the refund waits for the chain and keeps the button disabled. The state lasts only until the
// chain's next block, so this spec serves the campaign's answers from the browser (route interception) and
// photographs the panel at 1280 and 375 px in en and cn.
import { join } from "node:path";
import { expect, type Page, test } from "@playwright/test";
import { openApp, signIn } from "./support/app";
import { installTestWallet } from "./support/test-wallet";

const screenshots = join(import.meta.dirname, "screenshots");
const id = 424242;

const waitsText = {
  en: "The chain's clock has not passed the end yet. The refund opens when it does.",
  cn: "链上时间尚未超过结束时间，超过后即可退款。",
};

/** An ended token airdrop on the sandbox chain, 50 of 100 DFT claimed, its chain one minute short of the end. */
function endedAirdrop(creator: string) {
  const end = new Date(Date.now() - 30_000);
  return {
    id,
    title: "Launch drop",
    creator,
    status: 3,
    idType: "wallet",
    rewardType: "token",
    mode: "all",
    chainId: 31337,
    tokenAddress: "0x5FbDB2315678afecb367f032d93F642f64180aa3",
    tokenSymbol: "DFT",
    tokenDecimals: 18,
    hasLogo: false,
    totalAmount: "100",
    claimableAmount: "50000000000000000000",
    participantCount: 4,
    claimCount: 2,
    startAt: new Date(end.getTime() - 86_400_000).toISOString(),
    endAt: end.toISOString(),
    posterStyle: "classic",
    description: "",
    customToken: false,
    shares: null,
    totalWeight: 4,
    discordGuildId: null,
    discordRoleId: null,
    telegramChatId: null,
    isCreator: true,
    editable: false,
    prepared: true,
    merkleRoot: `0x${"ab".repeat(32)}`,
    amountPerShare: "25000000000000000000",
    requiredDeposit: "100000000000000000000",
    undistributed: "0",
    campaignParams: null,
    distributorAddress: "0xCf7Ed3AccA5a467e9e704C703E8D87F634fB0Fc9",
    campaignId: "12",
    deposited: "100000000000000000000",
    claimedAmount: "50000000000000000000",
    refundedAmount: null,
    refundedAt: null,
    releasedAt: new Date(end.getTime() - 90_000_000).toISOString(),
    createdAt: new Date(end.getTime() - 90_000_000).toISOString(),
    updatedAt: new Date(end.getTime() - 90_000_000).toISOString(),
    chainTime: new Date(end.getTime() - 60_000).toISOString(),
    claimOpen: false,
    refundOpen: false,
  };
}

/** Serves airdrop `id` from the browser: its detail, an empty participants page, and "not on the list". */
async function serveAirdrop(page: Page, creator: string) {
  const envelope = (content: unknown) => ({ json: { content, typeCode: 1, message: "success" } });
  const notListed = {
    eligible: false,
    claimState: null,
    index: null,
    account: null,
    amount: null,
    proof: null,
    voucher: null,
    signature: null,
  };
  await page.route(new RegExp(`/api/bounty/airdrop/${id}(/participants|/claim)?(\\?.*)?$`), (route) => {
    const { pathname } = new URL(route.request().url());
    if (pathname.endsWith("/participants")) return route.fulfill(envelope({ items: [], total: 0 }));
    if (pathname.endsWith("/claim")) return route.fulfill(envelope(notListed));
    return route.fulfill(envelope(endedAirdrop(creator)));
  });
}

test("the creator panel says the refund waits for the chain (1280 and 375 px, en and cn)", async ({
  page,
}) => {
  test.setTimeout(180_000);
  const wallet = await installTestWallet(page, {});
  await serveAirdrop(page, wallet.address);
  await openApp(page, `/airdrop/${id}`);
  await signIn(page);
  for (const [width, height] of [
    [1280, 900],
    [375, 812],
  ] as const) {
    await page.setViewportSize({ width, height });
    for (const locale of ["en", "cn"] as const) {
      await openApp(page, `${locale === "cn" ? "/cn" : ""}/airdrop/${id}`);
      const panel = page.getByTestId("creator-panel");
      await expect(panel.getByText(waitsText[locale])).toBeVisible();
      await expect(panel.getByTestId("creator-refund")).toBeDisabled();
      await expect(panel.getByTestId("creator-remainder")).toHaveText("50.00 DFT");
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `creator panel ${width} ${locale} overflows`).toBeLessThanOrEqual(0);
      await panel.scrollIntoViewIfNeeded();
      await page.screenshot({ path: join(screenshots, `airdrop-refund-waits-${width}-${locale}.png`) });
      await panel.screenshot({
        path: join(screenshots, `airdrop-refund-waits-panel-${width}-${locale}.png`),
      });
    }
  }
});
