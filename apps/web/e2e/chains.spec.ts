import { join } from "node:path";
import { expect, type Page, test } from "@playwright/test";
import { openApp, signIn } from "./support/app";
import { installTestWallet } from "./support/test-wallet";

const screenshots = join(import.meta.dirname, "screenshots");

/**
 * The page probes public RPC endpoints from the browser; the test answers them itself so nothing leaves the
 * machine: Arbitrum's own endpoint reports block 0x1312d00 (20,000,000), every other HTTPS endpoint fails.
 */
async function fakePublicRpcs(page: Page) {
  const probed: string[] = [];
  await page.route(/^https:\/\//, async (route) => {
    const url = route.request().url();
    probed.push(url);
    if (url.startsWith("https://arb1.arbitrum.io/rpc")) {
      const { id } = route.request().postDataJSON() as { id: number };
      await route.fulfill({ json: { jsonrpc: "2.0", id, result: "0x1312d00" } });
      return;
    }
    await route.fulfill({ status: 503, body: "unavailable" });
  });
  return probed;
}

async function search(page: Page, query: string) {
  await page.getByTestId("chain-search").fill(query);
}

test.describe("the chain list: the public EVM registry, searchable, addable to the wallet", () => {
  // The registry chunk is half a megabyte of JSON: on a busy machine it takes a while to arrive and parse.
  test.describe.configure({ timeout: 120_000 });

  test("finds Arbitrum One by 'arb' and by 42161, probes its RPCs, adds it to the wallet and switches", async ({
    page,
  }) => {
    const wallet = await installTestWallet(page);
    const probed = await fakePublicRpcs(page);
    await openApp(page, "/chain");
    await expect(page.getByTestId("chain-count")).toContainText(/of 2,\d{3} networks/, { timeout: 45_000 });
    // Nothing is probed until a chain's endpoints are opened.
    expect(probed).toEqual([]);

    await search(page, "arb");
    const arbitrum = page.getByTestId("chain-42161");
    await expect(arbitrum).toContainText("Arbitrum One");
    await expect(arbitrum).toContainText("Chain ID 42161 · 0xa4b1");
    await search(page, "42161");
    await expect(page.getByTestId(/^chain-\d+$/).first()).toHaveAttribute("data-testid", "chain-42161");
    await search(page, "0xa4b1");
    await expect(arbitrum).toBeVisible();

    await arbitrum.getByRole("button", { name: /RPC endpoints/ }).click();
    const endpoints = arbitrum.getByTestId("rpc-endpoint");
    await expect(endpoints.filter({ hasText: "arb1.arbitrum.io/rpc" })).toContainText("Block 20,000,000");
    await expect(endpoints.filter({ hasText: "publicnode" })).toContainText("Failing: HTTP error");
    // Only the opened chain's endpoints were probed.
    expect([...new Set(probed.map((url) => url.replace(/\/$/, "")))].sort()).toEqual([
      "https://arb1.arbitrum.io/rpc",
      "https://arbitrum-one.publicnode.com",
    ]);

    await arbitrum.getByRole("button", { name: "Add to wallet" }).click();
    await expect(page.getByText("Arbitrum One was sent to your wallet.")).toBeVisible();
    const added = (await wallet.calls(page)).find((call) => call.method === "wallet_addEthereumChain");
    expect(added?.params).toEqual([
      {
        chainId: "0xa4b1",
        chainName: "Arbitrum One",
        nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
        rpcUrls: ["https://arb1.arbitrum.io/rpc", "https://arbitrum-one.publicnode.com"],
        blockExplorerUrls: ["https://arbiscan.io"],
      },
    ]);

    await arbitrum.getByRole("button", { name: "Switch" }).click();
    await expect(page.getByText("Your wallet is now on Arbitrum One.")).toBeVisible();
    expect(await wallet.chainId(page)).toBe(42161);
  });

  test("filters testnets and shows a chain id that two networks claim as a warning", async ({ page }) => {
    await fakePublicRpcs(page);
    await openApp(page, "/chain");
    await expect(page.getByTestId("chain-count")).toBeVisible({ timeout: 45_000 });
    await page.getByText("Testnets", { exact: true }).click();
    await search(page, "arb");
    await expect(page.getByTestId("chain-421614")).toContainText("Arbitrum Sepolia");
    await expect(page.getByTestId("chain-42161")).toHaveCount(0);

    await page.getByText("All", { exact: true }).click();
    await search(page, "999");
    await expect(page.getByTestId("chain-999").getByTestId("chain-collision")).toContainText(
      "Chain ID 999 is also claimed by HyperEVM",
    );
  });

  test("a wallet switched to a network the platform does not run on is told to switch", async ({ page }) => {
    await installTestWallet(page, { chainId: 1, knownChains: [1, 137] });
    await fakePublicRpcs(page);
    await openApp(page, "/chain");
    await expect(page.getByTestId("chain-count")).toBeVisible({ timeout: 45_000 });
    await signIn(page);
    await expect(page.getByTestId("chain-1")).toContainText("Current", { timeout: 45_000 });
    await expect(page.getByTestId("wallet-unsupported")).toHaveCount(0);

    // Polygon (137) is in neither chain list of the platform.
    await search(page, "137");
    await page.getByTestId("chain-137").getByRole("button", { name: "Switch" }).click();
    await expect(page.getByTestId("wallet-unsupported")).toHaveText("Unsupported network, please switch.");
    await expect(page.getByTestId("chain-137")).toContainText("Current");

    await search(page, "Ethereum");
    await page.getByTestId("chain-1").getByRole("button", { name: "Switch" }).click();
    await expect(page.getByTestId("wallet-unsupported")).toHaveCount(0);
    await expect(page.getByTestId("chain-1")).toContainText("Current");
  });

  for (const width of [1280, 375]) {
    for (const locale of ["en", "cn"] as const) {
      test(`chain list screenshot ${width}px ${locale}`, async ({ page }) => {
        await page.setViewportSize({ width, height: 900 });
        await fakePublicRpcs(page);
        await openApp(page, locale === "cn" ? "/cn/chain" : "/chain");
        await expect(page.getByTestId("chain-count")).toBeVisible({ timeout: 45_000 });
        await page.screenshot({ path: join(screenshots, `chains-${width}-${locale}.png`) });
        await search(page, "arb");
        const arbitrum = page.getByTestId("chain-42161");
        await arbitrum.getByRole("button", { name: /RPC/ }).click();
        await expect(arbitrum.getByTestId("rpc-endpoint").first()).toContainText(/20,000,000/);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow).toBeLessThanOrEqual(0);
        await page.screenshot({
          path: join(screenshots, `chains-search-${width}-${locale}.png`),
          fullPage: true,
        });
      });
    }
  }
});
