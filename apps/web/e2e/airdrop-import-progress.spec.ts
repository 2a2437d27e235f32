import { join } from "node:path";
import { expect, test } from "@playwright/test";
import { generatePrivateKey } from "viem/accounts";
import { openApp, signIn, tokenCookie } from "./support/app";
import { localChainId, localContracts } from "./support/local-chain";
import { installTestWallet } from "./support/test-wallet";

// The participants step while a background import checks the accounts: the step under way and how far into it.
// The import's answer is stubbed at one point of its lookups (a real one races past it); the import itself is
// tested through the API (apps/api/test/airdrop-import-requests.test.ts).
const screenshots = join(import.meta.dirname, "screenshots");

const stepText = {
  en: "Checking the accounts: 300 of 1200 lookups",
  cn: "正在核验账户：已查询 300 / 1200 次",
};

for (const width of [1280, 375]) {
  for (const locale of ["en", "cn"] as const) {
    test(`a background import checking accounts, ${width}px ${locale}`, async ({ page }) => {
      const errors: string[] = [];
      page.on("pageerror", (error) => errors.push(error.message));
      await page.setViewportSize({ width, height: 900 });
      await installTestWallet(page, { privateKey: generatePrivateKey() });
      const prefix = locale === "cn" ? "/cn" : "";
      await openApp(page, `${prefix}/airdrop`);
      await signIn(page);
      const token = (await tokenCookie(page))?.token as string;
      const created = await page.request.post("/api/bounty/airdrop", {
        headers: { Authorization: `Bearer ${token}` },
        data: {
          title: "Telegram community drop",
          startAt: new Date(Date.now() + 86_400_000).toISOString(),
          endAt: new Date(Date.now() + 7 * 86_400_000).toISOString(),
          posterStyle: "sunrise",
          chainId: localChainId,
          tokenAddress: localContracts.testToken,
          totalAmount: "1000",
          idType: "telegram",
          telegramChatId: "-1002233445566",
        },
      });
      expect(created.ok()).toBe(true);
      const id = ((await created.json()) as { content: { id: number } }).content.id;
      await page.route(new RegExp(`/api/bounty/airdrop/${id}/participants/import$`), (route) =>
        route.fulfill({
          json: {
            content: {
              id: 1,
              state: "running",
              processedLines: 1200,
              totalLines: 1200,
              phase: "checking",
              phaseDone: 300,
              phaseTotal: 1200,
              report: null,
              error: null,
              createdAt: new Date().toISOString(),
              finishedAt: null,
            },
            typeCode: 1,
            message: "success",
          },
        }),
      );
      await openApp(page, `${prefix}/airdrop/create/${id}`);
      await page.getByTestId("wizard-next").click();
      await expect(page.getByTestId("participants-import-step")).toHaveText(stepText[locale]);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await page.screenshot({ path: join(screenshots, `airdrop-import-checking-${width}-${locale}.png`) });
      expect(errors).toEqual([]);
    });
  }
}
