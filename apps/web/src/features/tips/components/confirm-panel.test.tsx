import { fireEvent, screen, within } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import {
  campaignDetail,
  creatorAddress,
  envelope,
  leaderboard,
  renderWithApp,
  setupTipsI18n,
  stubApi,
  testViewer,
} from "../testing/test-utils";
import { CampaignPage } from "./campaign-page";

beforeAll(setupTipsI18n);
afterEach(() => vi.unstubAllGlobals());

const tweet = (
  id: string,
  metrics: { views: number; likes: number; replies: number; retweets: number; quotes: number },
) => ({
  id,
  createdAt: "2026-01-02T10:00:00.000Z",
  text: "Fair drops with #Dropfair by @dropfair_xyz",
  ...metrics,
});

/**
 * The final snapshot of campaign 4: Alice 202 points, Bob 21, Carol none, Dave banned. Of 1,000 DFT, Alice earns
 * floor(1000e18 × 202 / 223) = 905829596412556053811, Bob 94170403587443946188: 999999999999999999999 to pay,
 * 1 base unit left.
 */
const snapshot = {
  algorithm: "dropfair-tips-v1",
  campaignId: "4",
  weights: { views: 1, likes: 1, replies: 2, retweets: 3, quotes: 4 },
  tweetCap: 1000,
  dailyTweets: 3,
  totalPrize: "1000000000000000000000",
  start: "2026-01-01T10:00:00.000Z",
  end: "2026-01-08T10:00:00.000Z",
  hashtag: "#Dropfair",
  mention: "@dropfair_xyz",
  slogan: "",
  participants: [
    {
      userId: "44196397",
      banned: false,
      tweets: [tweet("1001", { views: 12345, likes: 40, replies: 5, retweets: 7, quotes: 2 })],
    },
    { userId: "555", banned: false, tweets: [] },
    {
      userId: "783214",
      banned: false,
      tweets: [tweet("1002", { views: 999, likes: 10, replies: 1, retweets: 0, quotes: 0 })],
    },
    {
      userId: "9",
      banned: true,
      tweets: [tweet("1003", { views: 100000, likes: 900, replies: 0, retweets: 0, quotes: 0 })],
    },
  ],
};

const awaiting = campaignDetail({ status: 7, canManage: true });

function snapshotFile() {
  return new Response(JSON.stringify(snapshot), {
    headers: {
      "content-type": "application/json",
      "content-disposition": 'attachment; filename="tips-4-snapshot-final.json"',
    },
  });
}

describe("ConfirmPanel", () => {
  it("shows the creator the final snapshot recomputed, and confirming opens the payouts", async () => {
    let status = 7;
    const { calls } = stubApi([
      { path: /\/tips\/campaigns\/4$/, answer: () => envelope({ ...awaiting, status }) },
      { path: /\/tips\/campaigns\/4\/leaderboard$/, answer: () => envelope(leaderboard()) },
      { path: /\/tips\/campaigns\/4\/snapshot$/, answer: snapshotFile },
      {
        method: "POST",
        path: /\/tips\/campaigns\/4\/confirm$/,
        answer: () => {
          status = 5;
          return envelope({ ...awaiting, status });
        },
      },
    ]);
    renderWithApp(<CampaignPage id={4} viewer={testViewer({ walletAddress: creatorAddress })} />);
    const summary = await screen.findByTestId("tips-confirm-summary");
    expect(within(summary).getByTestId("tips-confirm-ranked").textContent).toBe("3");
    expect(within(summary).getByTestId("tips-confirm-paid").textContent).toBe("2");
    expect(within(summary).getByTestId("tips-confirm-total").textContent).toBe("999.99 DFT");
    expect(within(summary).getByTestId("tips-confirm-rest").textContent).toBe("0.00 DFT");
    // Everyone else's notice is not shown to the creator, who has the panel instead.
    expect(screen.queryByTestId("tips-state-notice")).toBeNull();
    expect(screen.getByTestId("tips-confirm-snapshot")).toBeTruthy();

    fireEvent.click(screen.getByTestId("tips-confirm"));
    expect((await screen.findByTestId("tips-confirm-dialog")).textContent).toContain(
      "2 participants will be able to claim 999.99 DFT in total.",
    );
    expect(calls.filter((call) => call.method === "POST")).toEqual([]);
    fireEvent.click(screen.getByTestId("tips-confirm-submit"));
    const notice = await screen.findByTestId("tips-state-notice");
    expect(notice.getAttribute("data-status")).toBe("5");
    expect(notice.textContent).toContain("Participants with earnings can claim them until 2030-01-31 10:00.");
    expect(screen.queryByTestId("tips-confirm-panel")).toBeNull();
    expect(calls.filter((call) => call.method === "POST").map((call) => call.path)).toEqual([
      "/api/bounty/tips/campaigns/4/confirm",
    ]);
  });

  it("keeps the panel and says why when the API refuses the confirmation", async () => {
    stubApi([
      { path: /\/tips\/campaigns\/4$/, answer: () => envelope(awaiting) },
      { path: /\/tips\/campaigns\/4\/leaderboard$/, answer: () => envelope(leaderboard()) },
      { path: /\/tips\/campaigns\/4\/snapshot$/, answer: snapshotFile },
      {
        method: "POST",
        path: /\/tips\/campaigns\/4\/confirm$/,
        answer: () =>
          envelope(null, {
            typeCode: 4713,
            message: "The campaign is not awaiting confirmation.",
            status: 409,
          }),
      },
    ]);
    renderWithApp(<CampaignPage id={4} viewer={testViewer({ walletAddress: creatorAddress })} />);
    await screen.findByTestId("tips-confirm-summary");
    fireEvent.click(screen.getByTestId("tips-confirm"));
    fireEvent.click(await screen.findByTestId("tips-confirm-submit"));
    expect((await screen.findByTestId("tips-confirm-error")).textContent).toBe(
      "The campaign is not awaiting confirmation.",
    );
    expect(screen.getByTestId("tips-confirm-panel")).toBeTruthy();
  });

  it("says when the claim window is over", async () => {
    stubApi([
      {
        path: /\/tips\/campaigns\/4$/,
        answer: () =>
          envelope({ ...awaiting, status: 5, canManage: false, claimableUntil: "2026-02-07T10:00:00.000Z" }),
      },
      { path: /\/tips\/campaigns\/4\/leaderboard$/, answer: () => envelope(leaderboard()) },
    ]);
    renderWithApp(<CampaignPage id={4} viewer={testViewer()} />);
    expect((await screen.findByTestId("tips-state-notice")).textContent).toBe(
      "The claim window is closedThe claim window closed on 2026-02-07 10:00. Unclaimed rewards go back to the creator.",
    );
  });

  it.each([
    [4, "The final posts are being collected"],
    [7, "waiting for the creator's confirmation"],
    [10, "Something went wrong while processing this campaign."],
  ])(
    "tells everyone else where a campaign in state %i stands, with no confirmation",
    async (status, text) => {
      const { calls } = stubApi([
        { path: /\/tips\/campaigns\/4$/, answer: () => envelope({ ...awaiting, status, canManage: false }) },
        { path: /\/tips\/campaigns\/4\/leaderboard$/, answer: () => envelope(leaderboard()) },
      ]);
      renderWithApp(<CampaignPage id={4} viewer={testViewer()} />);
      const notice = await screen.findByTestId("tips-state-notice");
      expect(notice.getAttribute("data-status")).toBe(String(status));
      expect(notice.textContent).toContain(text);
      expect(screen.queryByTestId("tips-confirm-panel")).toBeNull();
      expect(calls.some((call) => call.path.endsWith("/snapshot"))).toBe(false);
    },
  );
});
