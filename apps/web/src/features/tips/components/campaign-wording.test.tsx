import type { TipsCampaignDetail } from "@dropfair/schemas/tips";
import { act, screen } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { i18n } from "../../../shared/i18n/i18n";
import {
  campaignDetail,
  envelope,
  leaderboard,
  renderWithApp,
  setupTipsI18n,
  stubApi,
  testViewer,
} from "../testing/test-utils";
import { CampaignPage } from "./campaign-page";

beforeAll(setupTipsI18n);
afterEach(async () => {
  vi.unstubAllGlobals();
  await act(() => i18n.changeLanguage("en"));
});

async function inChinese() {
  await act(() => i18n.changeLanguage("cn"));
  await act(() => i18n.loadNamespaces(["tips", "missions", "validation"]));
}

function showCampaign(detail: TipsCampaignDetail) {
  stubApi([
    { path: /\/tips\/campaigns\/4$/, answer: () => envelope(detail) },
    { path: /\/tips\/campaigns\/4\/leaderboard$/, answer: () => envelope(leaderboard()) },
  ]);
  return renderWithApp(<CampaignPage id={4} viewer={testViewer()} />);
}

const txHash = `0x${"ab".repeat(32)}`;
/** Ended, its claim window over and what nobody claimed (12.5 DFT) refunded by the creator. */
const refunded = campaignDetail({
  status: 5,
  claimableUntil: "2026-02-07T10:00:00.000Z",
  refund: { amount: "12500000000000000000", txHash, refundedAt: "2026-02-08T09:30:00.000Z" },
});

describe("the state notice after the claim window", () => {
  it("says the rest was refunded, how much, when and in which transaction", async () => {
    showCampaign(refunded);
    const notice = await screen.findByTestId("tips-state-notice");
    expect(notice.textContent).toBe(
      "The rest was refunded" +
        "The claim window closed on 2026-02-07 10:00. On 2026-02-08 09:30 the creator took back the 12.50 DFT that participants did not claim." +
        "Transaction 0xaba…abab",
    );
    expect(screen.getByTestId("tips-state-refund-tx").getAttribute("title")).toBe(txHash);
  });

  it("says it in Chinese", async () => {
    await inChinese();
    showCampaign(refunded);
    const notice = await screen.findByTestId("tips-state-notice");
    expect(notice.textContent).toContain("剩余奖金已退回");
    expect(notice.textContent).toContain(
      "领取期已于 2026-02-07 10:00 结束。创建者已于 2026-02-08 09:30 取回参与者未领取的 12.50 DFT。",
    );
  });

  it("still says the rewards go back to the creator while nothing is refunded", async () => {
    showCampaign({ ...refunded, refund: null });
    const notice = await screen.findByTestId("tips-state-notice");
    expect(notice.textContent).toBe(
      "The claim window is closedThe claim window closed on 2026-02-07 10:00. Unclaimed rewards go back to the creator.",
    );
    expect(screen.queryByTestId("tips-state-refund-tx")).toBeNull();
  });
});

describe("the header's error reason", () => {
  const stopped = (errorReason: string) => campaignDetail({ status: 10, errorReason });

  it.each([
    [
      "funding refunded no longer matches",
      "This campaign did not start: its distributor campaign was refunded before the start, so the prize can no longer be paid.",
    ],
    [
      "funding deposit no longer matches",
      "This campaign did not start: its distributor campaign no longer holds the whole prize.",
    ],
    [
      "funding token no longer matches",
      "This campaign did not start: its distributor campaign no longer matches the campaign's funding.",
    ],
    ["<b>rpc timeout</b>", "This campaign has stopped with an error."],
  ])("words %s, never the raw code", async (reason, text) => {
    showCampaign(stopped(reason));
    const alert = await screen.findByTestId("tips-error-reason");
    expect(alert.textContent).toBe(text);
    expect(screen.getByTestId("tips-campaign-page").textContent).not.toContain(reason);
  });

  it("words it in Chinese", async () => {
    await inChinese();
    showCampaign(stopped("funding refunded no longer matches"));
    expect((await screen.findByTestId("tips-error-reason")).textContent).toBe(
      "该活动未能开始：其分发活动在开始前已退款，奖金无法再支付。",
    );
  });
});
