// Tips against the real stack: a creator creates a campaign on the create page and funds its DFT prize from the
// wallet (approve, then a voucher campaign on the local chain's AirdropDistributor); three participants sign in
// with a wallet and with X (sandbox accounts) and join; the X sandbox records their posts with public metrics; each
// reloads their metrics and the leaderboard fills; a participant reports another, whom the creator bans; the
// campaign ends (a short end time: the `tips.advance` job moves it each minute) and its final snapshot waits for
// the creator, whose downloaded snapshot recomputes to the leaderboard with `dropfair verify-tips --file`; the
// creator confirms it on the page (payouts open, state 5), and the top participant claims their earnings from the
// distributor with the wallet. Then screenshots of the list, the campaign and the ban list at 1280 and 375 px in
// en and cn.
import { execFile } from "node:child_process";
import { join, resolve } from "node:path";
import { promisify } from "node:util";
import type { TipsLeaderboard } from "@dropfair/schemas/tips";
import { expect, type Page, test } from "@playwright/test";
import { createWalletClient, defineChain, http, parseEther } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { openApp } from "./support/app";
import { hardhatAccount, localChain, localChainId, localContracts, localRpcUrl } from "./support/local-chain";
import {
  approveXAs,
  type Member,
  recordPost,
  shoot,
  waitForStatus,
  walletPage,
  xAccounts,
} from "./support/tips";

const cliBin = resolve(import.meta.dirname, "../../../packages/cli/bin/dropfair.mjs");
const creator = hardhatAccount("tipsCreator");
const run = promisify(execFile);
const hashtag = "#DropfairTipsE2E";

type Envelope<T> = { content: T; message: string };

/** This minute and `minutes` after it, as the create form's 'YYYY-MM-DDTHH:mm' (UTC) inputs. */
function campaignWindow(minutes: number) {
  const start = new Date();
  start.setUTCSeconds(0, 0);
  const end = new Date(start.getTime() + minutes * 60_000);
  const input = (date: Date) => date.toISOString().slice(0, 16);
  return { start: input(start), end: input(end), endAt: end };
}

async function leaderboard(page: Page, id: number): Promise<TipsLeaderboard> {
  const response = await page.request.get(`/api/bounty/tips/campaigns/${id}/leaderboard?pageSize=50`);
  const body = (await response.json()) as Envelope<TipsLeaderboard>;
  expect(body.message).toBe("success");
  return body.content;
}

/** Signs in with X from the join panel (the sandbox's consent page) and joins. */
async function joinAs(member: Member, username: string) {
  const { page } = member;
  const panel = page.getByTestId("tips-join-panel");
  await panel.getByTestId("x-sign-in").click();
  await approveXAs(page, username);
  await expect(panel.getByTestId("tips-x-account")).toHaveText(`@${username}`, { timeout: 30_000 });
  await panel.getByTestId("tips-join").click();
  await expect(panel.getByTestId("tips-joined")).toBeVisible();
}

test("create and fund a campaign, join and post, the leaderboard fills, report and ban, the end's snapshot verifies with the CLI, the creator confirms, a participant claims", async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(900_000);
  const rpcUrl = localRpcUrl(baseURL);
  const x = await xAccounts(page);
  // The top poster, a second one, and one with inflated metrics who is reported and banned.
  const top = x("sandbox_newbie");
  const second = x("dropfair_bench");
  const abuser = x("partner_labs");
  const times = campaignWindow(6);
  const owner = await walletPage(browser, creator.privateKey, rpcUrl, "/tips/create");
  let id = 0;
  let path = "";

  await test.step("the creator creates the campaign on the create page", async () => {
    const form = owner.page.getByTestId("tips-create");
    await form.getByTestId("tips-field-title").fill("E2E tips campaign");
    await form.getByTestId("tips-field-description").fill("Post about Dropfair with the hashtag.");
    await form.getByTestId("tips-field-hashtag").fill(hashtag);
    await form.getByTestId("tips-field-startAt").fill(times.start);
    await form.getByTestId("tips-field-endAt").fill(times.end);
    await form.getByTestId("tips-field-token").fill(localContracts.testToken);
    await form.getByTestId("tips-field-totalPrize").fill("300");
    await form.getByTestId("tips-submit").click();
    await expect(owner.page).toHaveURL(/\/tips\/\d+$/, { timeout: 30_000 });
    id = Number(new URL(owner.page.url()).pathname.split("/").pop());
    path = `/tips/${id}`;
    await expect(owner.page.getByTestId("tips-status")).toHaveText("Not started");
    await expect(owner.page.getByTestId("tips-unfunded-notice")).toBeVisible();
  });

  await test.step("the creator funds the prize from the wallet: approve, then the distributor campaign", async () => {
    await owner.page.getByTestId("tips-fund").click();
    const funded = owner.page.getByTestId("tips-funded");
    const failed = owner.page.getByTestId("tips-funding-error");
    await expect(funded.or(failed)).toBeVisible({ timeout: 180_000 });
    await expect(failed).toHaveCount(0);
    await expect(funded).toHaveText(/^Prize funded on chain \(distributor campaign #\d+\)\.$/);
    await expect(owner.page.getByTestId("tips-funding")).toHaveCount(0);
  });

  const members = new Map<string, Member>();
  await test.step("three participants sign in with a wallet and with X, and join", async () => {
    for (const account of [top, second, abuser]) {
      const member = await walletPage(browser, generatePrivateKey(), rpcUrl, path);
      await joinAs(member, account.username);
      members.set(account.username, member);
    }
  });

  await test.step("the campaign starts once funded", async () => {
    await waitForStatus(owner.page, path, "Running", 150_000);
  });

  await test.step("the participants post with the hashtag, reload their metrics, and the leaderboard fills", async () => {
    await recordPost(page, top.username, `gm ${hashtag} building on Dropfair`, {
      impression_count: 12_000,
      like_count: 80,
      reply_count: 10,
      retweet_count: 20,
      quote_count: 5,
    });
    await recordPost(page, second.username, `${hashtag} is live`, {
      impression_count: 5_000,
      like_count: 30,
      reply_count: 4,
      retweet_count: 6,
      quote_count: 1,
    });
    await recordPost(page, abuser.username, `${hashtag} ${hashtag}`, {
      impression_count: 90_000,
      like_count: 900,
      reply_count: 2,
      retweet_count: 300,
      quote_count: 0,
    });
    // A post without the hashtag does not count.
    await recordPost(page, top.username, "gm without the tag", {
      impression_count: 100_000,
      like_count: 1_000,
      reply_count: 0,
      retweet_count: 0,
      quote_count: 0,
    });
    // The reload reads the participant's timeline within the window: the top poster's post without the tag too.
    for (const [username, read] of [
      [top.username, 2],
      [second.username, 1],
      [abuser.username, 1],
    ] as const) {
      const member = members.get(username)!.page;
      await openApp(member, path);
      await member.getByTestId("tips-reload").click();
      await expect(member.getByText(`Reloaded: ${read} of your posts were read from X.`)).toBeVisible();
      await expect(member.getByTestId("tips-reload")).toBeDisabled();
    }
    // Each reload asks for a recomputation, which runs as a job: wait until it has counted every reloaded post
    // (a standing exists from the join on, with nothing counted yet).
    await expect(async () => {
      const counted = await leaderboard(page, id);
      expect(counted.rows.map((row) => row.tweets)).toEqual([1, 1, 1]);
    }).toPass({ timeout: 90_000, intervals: [3_000] });
    await openApp(owner.page, path);
    await expect(owner.page.getByTestId("tips-standing")).toHaveCount(3);
    const board = await leaderboard(page, id);
    expect(board.rows.map((row) => row.xUserId)).toEqual([abuser.id, top.id, second.id]);
    expect(board.rows.map((row) => row.tweets)).toEqual([1, 1, 1]);
    await expect(owner.page.getByTestId("tips-standing").first()).toHaveAttribute("data-user", abuser.id);
    // The participant's own row is pinned and marked.
    const mine = members.get(top.username)!.page;
    await openApp(mine, path);
    await expect(mine.getByTestId("tips-my-row")).toHaveAttribute("data-user", top.id);
  });

  await test.step("a participant reports the abuser; the creator sees the report and bans them", async () => {
    const reporter = members.get(top.username)!.page;
    await reporter
      .locator(`[data-testid="tips-standing"][data-user="${abuser.id}"]`)
      .getByTestId("tips-report")
      .click();
    await reporter.getByTestId("tips-report-modal-reason").fill("Bought views and retweets");
    await reporter.getByTestId("tips-report-modal-submit").click();
    await expect(reporter.getByText("Thank you: the organizers will see your report.")).toBeVisible();

    await openApp(owner.page, `/tips/banned?campaign=${id}`);
    const report = owner.page.getByTestId("tips-reports").getByTestId("tips-report-row");
    await expect(report).toHaveCount(1);
    await expect(report).toContainText("Bought views and retweets");

    await openApp(owner.page, path);
    await owner.page
      .locator(`[data-testid="tips-standing"][data-user="${abuser.id}"]`)
      .getByTestId("tips-ban")
      .click();
    await owner.page.getByTestId("tips-ban-modal-reason").fill("Inflated metrics");
    await owner.page.getByTestId("tips-ban-modal-submit").click();
    await openApp(owner.page, `/tips/banned?campaign=${id}`);
    const ban = owner.page.getByTestId("tips-ban-row");
    await expect(ban).toHaveCount(1);
    await expect(ban).toContainText("Inflated metrics");
    await expect(ban).toContainText(`@${abuser.username}`);

    await expect(async () => {
      const board = await leaderboard(page, id);
      expect(board.rows.map((row) => row.xUserId)).toEqual([top.id, second.id]);
    }).toPass({ timeout: 60_000, intervals: [3_000] });
    const banned = members.get(abuser.username)!.page;
    await openApp(banned, path);
    await expect(banned.getByTestId("tips-banned")).toHaveText("You are banned from this campaign.");
  });

  await test.step("the campaign ends: the final snapshot waits for the creator's confirmation", async () => {
    const left = times.endAt.getTime() - Date.now();
    await waitForStatus(owner.page, path, "Awaiting confirmation", left + 180_000);
    const board = await leaderboard(page, id);
    expect(board.rows.map((row) => row.xUserId)).toEqual([top.id, second.id]);
    const earned = board.rows.map((row) => BigInt(row.estimatedEarned));
    expect(earned[0]! > earned[1]!).toBe(true);
    expect(earned[0]! + earned[1]!).toBeLessThanOrEqual(BigInt(board.totalPrize));
  });

  await test.step("the downloaded snapshot recomputes to the leaderboard with the CLI", async () => {
    await openApp(owner.page, path);
    const download = owner.page.waitForEvent("download");
    await owner.page.getByTestId("tips-snapshot").click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(`tips-${id}-snapshot-final.json`);
    const saved = join(test.info().outputDir, file.suggestedFilename());
    await file.saveAs(saved);
    const { stdout } = await run(process.execPath, [cliBin, "verify-tips", "--file", saved, "--json"]);
    const report = JSON.parse(stdout) as {
      ranking: { userId: string; points: string; interactions: string; estimatedEarned: string }[];
    };
    const board = await leaderboard(page, id);
    expect(report.ranking).toEqual(
      board.rows.map((row) => ({
        userId: row.xUserId,
        points: row.points,
        interactions: row.interactions,
        estimatedEarned: row.estimatedEarned,
      })),
    );
  });

  await test.step("the creator checks the final leaderboard recomputed in the browser and confirms it", async () => {
    await openApp(owner.page, path);
    const panel = owner.page.getByTestId("tips-confirm-panel");
    await expect(panel.getByRole("heading", { name: "Confirm the final leaderboard" })).toBeVisible();
    const summary = panel.getByTestId("tips-confirm-summary");
    await expect(summary).toContainText("Participants ranked");
    await expect(summary).toContainText("Participants with earnings");
    await panel.getByRole("button", { name: "Confirm the leaderboard" }).click();
    const dialog = owner.page.getByRole("dialog", { name: "Confirm the final leaderboard?" });
    await expect(dialog).toContainText("2 participants will be able to claim");
    await dialog.getByRole("button", { name: "Confirm", exact: true }).click();
    await expect(owner.page.getByText("The final leaderboard is confirmed: payouts are open.")).toBeVisible();
    await expect(owner.page.getByTestId("tips-header").getByTestId("tips-status")).toHaveText("Ended");
    await expect(owner.page.getByRole("alert", { name: "Payouts are open" })).toContainText(
      "The creator confirmed the final leaderboard.",
    );
  });

  await test.step("the top participant claims their earnings from the distributor on the local chain", async () => {
    const claimer = members.get(top.username)!;
    const { client, tokenBalance } = localChain(baseURL);
    // The participant's fresh wallet gets gas from the creator.
    const gas = await createWalletClient({
      account: privateKeyToAccount(creator.privateKey),
      chain: defineChain({
        id: localChainId,
        name: "Dropfair local chain",
        nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
        rpcUrls: { default: { http: [rpcUrl] } },
      }),
      transport: http(rpcUrl),
    }).sendTransaction({ to: claimer.address, value: parseEther("1") });
    expect((await client.waitForTransactionReceipt({ hash: gas })).status).toBe("success");
    const amount = BigInt((await leaderboard(page, id)).rows[0]!.estimatedEarned);
    const before = await tokenBalance(claimer.address);
    await openApp(claimer.page, path);
    const panel = claimer.page.getByTestId("tips-claim-panel");
    await expect(panel.getByRole("heading", { name: "Your reward" })).toBeVisible();
    await expect(panel.getByTestId("tips-claim-state")).toHaveText("Claimable");
    await panel.getByRole("button", { name: "Claim", exact: true }).click();
    await expect(panel.getByTestId("tips-claim-state")).toHaveText("Claimed", { timeout: 120_000 });
    expect(await tokenBalance(claimer.address)).toBe(before + amount);
  });

  await test.step("screenshots: the list, the campaign and the ban list in en and cn at 1280 and 375 px", async () => {
    await shoot(owner.page, "tips-list", "/tips", async (shown) => {
      await expect(shown.getByTestId("tips-list")).toBeVisible();
      await expect(shown.getByText("E2E tips campaign").filter({ visible: true }).first()).toBeVisible();
    });
    await shoot(owner.page, "tips-campaign", path, async (shown) => {
      await expect(shown.getByTestId("tips-standing")).toHaveCount(2);
      await expect(shown.getByTestId("tips-formula")).toBeVisible();
    });
    await shoot(owner.page, "tips-ban-list", `/tips/banned?campaign=${id}`, async (shown) => {
      // A table from 768 px (sm) on, cards below.
      const ban = shown.getByTestId("tips-ban-row").or(shown.getByTestId("tips-ban-card"));
      await expect(ban.filter({ visible: true })).toHaveCount(1);
      await expect(ban.filter({ visible: true })).toContainText("Inflated metrics");
      const report = shown.getByTestId("tips-report-row").or(shown.getByTestId("tips-report-card"));
      await expect(report.filter({ visible: true })).toHaveCount(1);
    });
  });

  for (const member of [owner, ...members.values()]) await member.context.close();
});
