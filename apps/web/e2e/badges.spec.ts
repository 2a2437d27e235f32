// Badges against the real stack: a wallet earns EP with a mission (Discord sandbox_carol joins the server), sees the
// soulbound "First steps" badge become mintable, mints it on the local chain with the test wallet (which first has
// to add the chain), sees it minted, and a transfer of it from the wallet is refused. The early-bird page shows
// network 1 with the sandbox notice. Screenshots of the achievement, badge and drops pages at 1280 and 375 px in en
// and cn.
import { dropfairBadgesAbi } from "@dropfair/chain/abis";
import { expect, type Locator, type Page, test } from "@playwright/test";
import { encodeFunctionData } from "viem";
import { openApp, signIn } from "./support/app";
import { hardhatAccount, localChain, localContracts, localRpcUrl } from "./support/local-chain";
import { shootPage as shoot } from "./support/screenshots";
import { installTestWallet } from "./support/test-wallet";

const minter = hardhatAccount("badgeMinter");

type DiscordFixtures = { users: Record<string, { id: string; username: string }> };

function badgeCard(page: Page, name: string): Locator {
  return page
    .getByTestId(/^badge-\d+$/)
    .filter({ has: page.getByTestId("badge-name").getByText(name, { exact: true }) });
}

test("earn EP with a mission, mint the soulbound badge, and the wallet cannot move it", async ({
  page,
  baseURL,
}) => {
  test.setTimeout(600_000);
  const discord = (await (
    await page.request.get("/sandbox/discord/_sandbox/fixtures")
  ).json()) as DiscordFixtures;
  await installTestWallet(page, { privateKey: minter.privateKey, rpcUrl: localRpcUrl(baseURL) });
  const firstSteps = badgeCard(page, "First steps");
  let tokenId = 0n;
  let badgeId = "";

  await test.step("signed out: the badges with what they ask, none mintable", async () => {
    await openApp(page, "/achievement");
    await expect(firstSteps).toHaveAttribute("data-state", "locked");
    await expect(firstSteps).toContainText("Hold 20 EP");
    badgeId = ((await firstSteps.getAttribute("data-testid")) ?? "").replace("badge-", "");
    await expect(page.getByTestId("mint-all")).toHaveCount(0);
  });

  await test.step("sign in, bind Discord (sandbox_carol) and join the server: 20 EP", async () => {
    await signIn(page);
    await expect(firstSteps.getByTestId("badge-progress")).toHaveText("0 / 20");
    await page.getByTestId("bind-discord").click();
    await page.waitForURL(/\/sandbox\/discord\/oauth2\/authorize/);
    await page.locator(`button[name="user_id"][value="${discord.users.carol!.id}"]`).click();
    await page.waitForURL((url) => url.pathname === "/achievement", { timeout: 30_000 });
    await expect(page.getByTestId("bound-discord")).toContainText("sandbox_carol");
    const join = page.getByTestId(/^mission-\d+$/).filter({ hasText: "Join our Discord server" });
    await join.getByTestId("mission-check").click();
    await expect(join.getByTestId("mission-state")).toHaveText("Done");
    await expect(page.getByTestId("achievement-ep")).toHaveText("20 EP");
  });

  await test.step("the badge becomes mintable, and minting it switches the wallet to the local chain", async () => {
    await expect(firstSteps).toHaveAttribute("data-state", "mintable");
    await expect(page.getByTestId("count-mintable")).toHaveText("2");
    await firstSteps.getByTestId("badge-mint").click();
    const dialog = page.getByTestId("mint-dialog");
    await expect(page.getByTestId("mint-done")).toContainText("Minted", { timeout: 60_000 });
    await expect(dialog.getByTestId("transaction-steps").locator('[data-status="done"]')).toHaveCount(4);
    await page.getByTestId("mint-dialog-close").click();
    await expect(firstSteps).toHaveAttribute("data-state", "minted");
    const token = (await firstSteps.getByTestId("badge-token").textContent()) ?? "";
    tokenId = BigInt(/#(\d+)/.exec(token)?.[1] ?? "0");
    expect(tokenId).toBeGreaterThan(0n);
    await expect(page.getByTestId("count-minted-sbt")).toHaveText("1");
    // The wallet had to add the local chain first (it knew only chains 1 and 56).
    const { client } = localChain(baseURL);
    const owner = await client.readContract({
      address: localContracts.dropfairBadges,
      abi: dropfairBadgesAbi,
      functionName: "ownerOf",
      args: [tokenId],
    });
    expect(owner).toBe(minter.address);
    expect(
      await client.readContract({
        address: localContracts.dropfairBadges,
        abi: dropfairBadgesAbi,
        functionName: "locked",
        args: [tokenId],
      }),
    ).toBe(true);
  });

  await test.step("a transfer of the soulbound badge from the wallet is refused", async () => {
    const data = encodeFunctionData({
      abi: dropfairBadgesAbi,
      functionName: "transferFrom",
      args: [minter.address, hardhatAccount("roleClaimer").address, tokenId],
    });
    const refusal = await page.evaluate(
      async ({ from, to, input }) => {
        const ethereum = (window as unknown as { ethereum: { request: (call: unknown) => Promise<unknown> } })
          .ethereum;
        try {
          await ethereum.request({ method: "eth_sendTransaction", params: [{ from, to, data: input }] });
          return "sent";
        } catch (error) {
          return String((error as Error).message);
        }
      },
      { from: minter.address, to: localContracts.dropfairBadges, input: data },
    );
    expect(refusal).toMatch(/Soulbound|revert/i);
    const owner = await localChain(baseURL).client.readContract({
      address: localContracts.dropfairBadges,
      abi: dropfairBadgesAbi,
      functionName: "ownerOf",
      args: [tokenId],
    });
    expect(owner).toBe(minter.address);
  });

  await test.step("the badge's page shows it minted; the early-bird page is Ethereum's, the local chain standing in", async () => {
    await firstSteps.getByTestId("badge-name").click();
    await expect(page.getByTestId("badge-detail")).toHaveAttribute("data-state", "minted");
    await expect(page.getByTestId("badge-token")).toHaveText(`Minted: token #${tokenId}`);
    await openApp(page, "/achievement/earlybird");
    await expect(page.getByTestId("programme-network")).toContainText("Ethereum (network 1)");
    await expect(page.getByTestId("programme-sandbox")).toContainText("stands in for Ethereum");
    await expect(page.getByRole("banner").getByTestId("network-picker")).toContainText("Ethereum");
  });

  await test.step("screenshots: achievement, badge and drops pages in en and cn", async () => {
    await shoot(page, "badges-achievement", "/achievement", async (shown) => {
      await expect(badgeCard(shown, "First steps").or(badgeCard(shown, "第一步"))).toHaveAttribute(
        "data-state",
        "minted",
      );
    });
    await shoot(page, "badges-unitag", `/achievement/unitag/${badgeId}`, async (shown) => {
      await expect(shown.getByTestId("badge-detail")).toBeVisible();
    });
    await shoot(page, "badges-drops", "/achievement/drop", async (shown) => {
      await expect(
        shown
          .getByTestId("drops-page")
          .getByTestId(/^drop-\d+$/)
          .first(),
      ).toBeVisible();
    });
    await shoot(page, "badges-earlybird", "/achievement/earlybird", async (shown) => {
      await expect(shown.getByTestId("programme-network")).toBeVisible();
    });
  });
});
