import { join } from "node:path";
import { localChainAccounts } from "@dropfair/contracts/local-chain";
import { safetyScenarioAccountIndex } from "@dropfair/contracts/safety-scenario";
import { expect, type Locator, type Page, test } from "@playwright/test";
import {
  type Address,
  createPublicClient,
  createWalletClient,
  defineChain,
  erc20Abi,
  getContractAddress,
  http,
  maxUint256,
} from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { hardhatAccount, localChainId, localRpcUrl } from "./support/local-chain";
import { installTestWallet } from "./support/test-wallet";

// The safe check against the real stack: scripts/stack.ts deploys the safety scenario, in which Hardhat account #16
// has one approval of every kind. The user connects that wallet, sees the unlimited approval, revokes it and it
// disappears; the contract checker flags the scenario's proxy and self-destructed contract, and shows verified source
// and holder concentration from the explorer sandbox the API asks.
const screenshots = join(import.meta.dirname, "screenshots");
const { privateKey: ownerKey } = hardhatAccount("safetyOwner");
const accounts = localChainAccounts();
const unlimitedSpender = accounts[safetyScenarioAccountIndex.unlimitedSpender]!.address;
/** The scenario's deployer creates, in order: LocalPermit2, LocalMulticall3, STT, the vault, the proxy, the destroyer. */
const scenarioDeployer = accounts[safetyScenarioAccountIndex.deployer]!.address;
const deployedAt = (nonce: number): Address =>
  getContractAddress({ from: scenarioDeployer, nonce: BigInt(nonce) });
const token = deployedAt(2);
const proxy = deployedAt(4);
const selfDestructed = getContractAddress({ from: deployedAt(5), nonce: 1n });

test.describe.configure({ mode: "serial" });

/** Opens a safe-check page and waits for its heading: a busy machine may take a while to load the lazy chunk. */
async function openPage(page: Page, path: string, heading: string) {
  await page.goto(path);
  await expect(page.getByRole("heading", { name: heading })).toBeVisible({ timeout: 60_000 });
}

/** Gives the unlimited approval again, so the test also passes on a stack an earlier run revoked it on. */
async function ensureUnlimitedApproval(rpcUrl: string) {
  const chain = defineChain({
    id: localChainId,
    name: "local",
    nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
    rpcUrls: { default: { http: [rpcUrl] } },
  });
  const client = createPublicClient({ chain, transport: http(rpcUrl), cacheTime: 0 });
  const owner = createWalletClient({
    chain,
    transport: http(rpcUrl),
    account: privateKeyToAccount(ownerKey),
  });
  const current = await client.readContract({
    address: token,
    abi: erc20Abi,
    functionName: "allowance",
    args: [owner.account.address, unlimitedSpender],
  });
  if (current === maxUint256) return;
  const hash = await owner.writeContract({
    address: token,
    abi: erc20Abi,
    functionName: "approve",
    args: [unlimitedSpender, maxUint256],
  });
  expect((await client.waitForTransactionReceipt({ hash })).status).toBe("success");
}

/**
 * Each approval row names its token's standard: ERC-20 for the token and Permit2 rows, ERC-721 for the single-NFT
 * approval and for the operator approval of the scenario's collection (it answers supportsInterface for ERC-721);
 * a kind badge stands beside it only where it says more than the standard.
 */
async function expectStandards(list: Locator) {
  await expect(list.locator('[data-kind="erc20"]').first().getByTestId("token-standard")).toHaveText(
    "ERC-20",
  );
  // A plain ERC-20 allowance shows its standard once, with no kind badge repeating it.
  await expect(list.locator('[data-kind="erc20"]').getByTestId("approval-kind")).toHaveCount(0);
  await expect(list.locator('[data-kind="permit2"]').getByTestId("approval-kind")).toHaveText("Permit2");
  await expect(list.locator('[data-kind="permit2"]').getByTestId("token-standard")).toHaveText("ERC-20");
  await expect(list.locator('[data-kind="erc721"]').getByTestId("token-standard")).toHaveText("ERC-721");
  await expect(list.locator('[data-kind="operator"]').getByTestId("token-standard")).toHaveText("ERC-721");
}

async function shoot(page: Page, name: string) {
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.waitForTimeout(300);
    await page.screenshot({ path: join(screenshots, `${name}-${width}.png`), fullPage: true });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `${name} ${width} overflows`).toBeLessThanOrEqual(0);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test("a wallet sees its unlimited approval, revokes it, and it disappears", async ({ page, baseURL }) => {
  test.setTimeout(180_000);
  await ensureUnlimitedApproval(localRpcUrl(baseURL));
  await installTestWallet(page, {
    privateKey: ownerKey,
    rpcUrl: localRpcUrl(baseURL),
    chainId: localChainId,
    knownChains: [localChainId, 56, 1],
  });
  await openPage(page, "/safe", "Token approvals");
  await page.getByRole("main").getByRole("button", { name: "Connect wallet" }).click();
  await page.getByTestId("wallet-option-metamask").click();

  const list = page.getByTestId("approvals-list");
  await expect(list).toBeVisible({ timeout: 60_000 });
  await expect(list.getByTestId("approval-row")).toHaveCount(6);
  const unlimited = list.locator(
    `[data-testid="approval-row"][data-kind="erc20"][data-spender="${unlimitedSpender}"]`,
  );
  await expect(unlimited.getByTestId("unlimited-badge")).toHaveText("Unlimited");
  await expect(unlimited).toContainText("STT");
  await expect(list.locator('[data-kind="permit2"]')).toContainText("500 STT");
  await expect(list.locator('[data-kind="operator"]')).toContainText("Dropfair AirdropDistributor");
  await expectStandards(list);
  await shoot(page, "safe-approvals-en");

  await unlimited.getByRole("button", { name: "Revoke" }).click();
  await expect(page.getByText("Approval revoked.")).toBeVisible({ timeout: 60_000 });
  await expect(list.getByTestId("approval-row")).toHaveCount(5, { timeout: 60_000 });
  await expect(unlimited).toHaveCount(0);

  await openPage(page, "/cn/safe", "代币授权");
  // The reload left the wallet engine unloaded; connecting again restores the remembered wallet without a dialog.
  await page.getByRole("main").getByRole("button", { name: "连接钱包" }).click();
  await expect(page.getByTestId("approvals-list").getByTestId("approval-row")).toHaveCount(5, {
    timeout: 60_000,
  });
  await expectStandards(page.getByTestId("approvals-list"));
  await shoot(page, "safe-approvals-cn");
});

test("the contract checker flags the proxy and the self-destructed contract, and refuses a bad address", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await openPage(page, "/safe/Checker", "Contract checker");
  const address = page.getByTestId("checker-address");
  const verdict = page.getByTestId("checker-verdict");

  await address.fill("0x1234");
  await page.getByRole("button", { name: "Check", exact: true }).click();
  await expect(page.getByText("Contract address format error")).toBeVisible();

  await address.fill(selfDestructed);
  await page.getByRole("button", { name: "Check", exact: true }).click();
  await expect(verdict).toHaveAttribute("data-status", "selfDestructed");
  await expect(verdict).toContainText("This contract has self-destructed.");

  await address.fill(accounts[2]!.address);
  await page.getByRole("button", { name: "Check", exact: true }).click();
  await expect(verdict).toHaveAttribute("data-status", "notContract");
  await expect(verdict).toContainText("This address is not a contract.");

  await address.fill(proxy);
  await page.getByRole("button", { name: "Check", exact: true }).click();
  await expect(verdict).toHaveAttribute("data-status", "contract");
  const proxyFinding = page.locator('[data-testid="finding"][data-code="proxy"]');
  await expect(proxyFinding).toContainText("Upgradeable proxy");
  await expect(proxyFinding.getByTestId("finding-severity")).toHaveText("High");
  await expect(page.locator('[data-testid="finding"][data-code="power.upgrade"]')).toBeVisible();
  // Verified source comes from the explorer sandbox through our API (the key stays on the server).
  await expect(page.locator('[data-testid="finding"][data-code="sourceVerified"]')).toContainText(
    "Source verified",
  );
  await shoot(page, "safe-checker-en");

  await address.fill(token);
  await page.getByRole("button", { name: "Check", exact: true }).click();
  await expect(verdict).toHaveAttribute("data-status", "contract");
  await expect(page.locator('[data-testid="finding"][data-code="token"]')).toContainText("STT");
  await expect(page.locator('[data-testid="finding"][data-code="sourceVerified"]')).toBeVisible();
  await expect(page.locator('[data-testid="finding"][data-code="holderConcentration"]')).toContainText(
    "Holder concentration",
  );

  await openPage(page, "/cn/safe/Checker", "合约检查");
  await page.getByTestId("checker-address").fill(proxy);
  await page.getByRole("button", { name: "检查", exact: true }).click();
  await expect(page.locator('[data-testid="finding"][data-code="proxy"]')).toContainText("可升级代理");
  await page.getByTestId("checker-address").fill("0xZZ");
  await page.getByRole("button", { name: "检查", exact: true }).click();
  await expect(page.getByText("合约地址格式错误")).toBeVisible();
  await page.getByTestId("checker-address").fill(proxy);
  await page.getByRole("button", { name: "检查", exact: true }).click();
  await expect(page.getByTestId("checker-verdict")).toHaveAttribute("data-status", "contract");
  await shoot(page, "safe-checker-cn");
});
