import { fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import {
  campaignDetail,
  creatorAddress,
  envelope,
  renderWithApp,
  setupTipsI18n,
  stubApi,
  testViewer,
} from "../testing/test-utils";
import { CampaignPage } from "./campaign-page";

const fundPrize = vi.fn();
const sentFundingCampaign = vi.fn();
vi.mock("../wallet/tips-wallet", () => ({
  fundPrize: (...args: unknown[]) => fundPrize(...args),
  sentFundingCampaign: (...args: unknown[]) => sentFundingCampaign(...args),
}));

beforeAll(setupTipsI18n);
afterEach(() => {
  vi.unstubAllGlobals();
  fundPrize.mockReset();
  sentFundingCampaign.mockReset();
  localStorage.clear();
});

const depositHash = `0x${"ab".repeat(32)}`;
const pendingKey = "dropfair.tips.funding.31337.4";

/** The wallet's deposit: it is sent (its hash heard), then mined, opening distributor campaign 3. */
function depositOpening(campaignId: string) {
  return async (
    _config: unknown,
    _campaign: unknown,
    _address: unknown,
    onStep: (step: string) => void,
    onSent: (hash: string) => void,
  ) => {
    onStep("deposit");
    onSent(depositHash);
    return campaignId;
  };
}

function fundingPosts(calls: { method: string; path: string; body: string }[]) {
  return calls.filter((call) => call.method === "POST").map((call) => JSON.parse(call.body) as unknown);
}

const unfunded = campaignDetail({
  canManage: true,
  status: 0,
  funded: false,
  distributorCampaignId: null,
  startAt: "2029-01-01T00:00:00.000Z",
});

describe("FundingPanel", () => {
  it("funds the prize from the creator's wallet, then names the distributor campaign to the API", async () => {
    fundPrize.mockImplementation(async (_config, _campaign, _address, onStep: (step: string) => void) => {
      onStep("deposit");
      return "3";
    });
    const { calls } = stubApi([
      { path: /\/tips\/campaigns\/4$/, answer: () => envelope(unfunded) },
      { path: /\/tips\/campaigns\/4\/leaderboard$/, answer: () => envelope({ ...emptyBoard }) },
      { method: "POST", path: /\/tips\/campaigns\/4\/funding$/, answer: () => envelope(campaignDetail()) },
    ]);
    renderWithApp(<CampaignPage id={4} viewer={testViewer({ walletAddress: creatorAddress })} />);
    expect((await screen.findByTestId("tips-funding")).textContent).toContain("Deposit 1,000.00 DFT");
    expect(screen.getByTestId("tips-unfunded-notice")).toBeTruthy();
    fireEvent.click(screen.getByTestId("tips-fund"));
    await waitFor(() =>
      expect(calls.filter((call) => call.method === "POST")).toEqual([
        expect.objectContaining({
          path: "/api/bounty/tips/campaigns/4/funding",
          body: JSON.stringify({ campaignId: "3" }),
        }),
      ]),
    );
    expect(fundPrize).toHaveBeenCalledWith(
      expect.anything(),
      unfunded,
      creatorAddress,
      expect.any(Function),
      expect.any(Function),
    );
    await waitFor(() => expect(localStorage.getItem(pendingKey)).toBeNull());
  });

  it("names the same deposit again when its report failed, without asking the wallet for a second one", async () => {
    fundPrize.mockImplementation(depositOpening("3"));
    let reports = 0;
    const { calls } = stubApi([
      { path: /\/tips\/campaigns\/4$/, answer: () => envelope(unfunded) },
      { path: /\/tips\/campaigns\/4\/leaderboard$/, answer: () => envelope({ ...emptyBoard }) },
      {
        method: "POST",
        path: /\/tips\/campaigns\/4\/funding$/,
        answer: () =>
          ++reports === 1
            ? envelope(null, { typeCode: 753, message: "The chain is unavailable.", status: 503 })
            : envelope(campaignDetail()),
      },
    ]);
    renderWithApp(<CampaignPage id={4} viewer={testViewer({ walletAddress: creatorAddress })} />);
    fireEvent.click(await screen.findByTestId("tips-fund"));
    await screen.findByTestId("tips-funding-error");
    expect(JSON.parse(localStorage.getItem(pendingKey) ?? "null")).toEqual({
      txHash: depositHash,
      distributorCampaignId: "3",
    });
    fireEvent.click(screen.getByTestId("tips-fund"));
    await waitFor(() => expect(reports).toBe(2));
    expect(fundingPosts(calls)).toEqual([{ campaignId: "3" }, { campaignId: "3" }]);
    expect(fundPrize).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(localStorage.getItem(pendingKey)).toBeNull());
  });

  it("resumes a deposit sent before the page was left, from its transaction", async () => {
    localStorage.setItem(pendingKey, JSON.stringify({ txHash: depositHash }));
    sentFundingCampaign.mockResolvedValue("5");
    const { calls } = stubApi([
      { path: /\/tips\/campaigns\/4$/, answer: () => envelope(unfunded) },
      { path: /\/tips\/campaigns\/4\/leaderboard$/, answer: () => envelope({ ...emptyBoard }) },
      { method: "POST", path: /\/tips\/campaigns\/4\/funding$/, answer: () => envelope(campaignDetail()) },
    ]);
    renderWithApp(<CampaignPage id={4} viewer={testViewer({ walletAddress: creatorAddress })} />);
    fireEvent.click(await screen.findByTestId("tips-fund"));
    await waitFor(() => expect(fundingPosts(calls)).toEqual([{ campaignId: "5" }]));
    expect(sentFundingCampaign).toHaveBeenCalledWith(
      expect.anything(),
      unfunded,
      creatorAddress,
      depositHash,
    );
    expect(fundPrize).not.toHaveBeenCalled();
  });

  it("deposits anew when the chain never saw the earlier transaction or the API refused its campaign", async () => {
    localStorage.setItem(pendingKey, JSON.stringify({ txHash: depositHash }));
    sentFundingCampaign.mockResolvedValue(undefined);
    fundPrize.mockImplementation(depositOpening("6"));
    let reports = 0;
    const { calls } = stubApi([
      { path: /\/tips\/campaigns\/4$/, answer: () => envelope(unfunded) },
      { path: /\/tips\/campaigns\/4\/leaderboard$/, answer: () => envelope({ ...emptyBoard }) },
      {
        method: "POST",
        path: /\/tips\/campaigns\/4\/funding$/,
        answer: () =>
          ++reports === 1
            ? envelope(null, { typeCode: 754, message: "The funding does not match: amount.", status: 422 })
            : envelope(campaignDetail()),
      },
    ]);
    renderWithApp(<CampaignPage id={4} viewer={testViewer({ walletAddress: creatorAddress })} />);
    fireEvent.click(await screen.findByTestId("tips-fund"));
    expect((await screen.findByTestId("tips-funding-error")).textContent).toContain("does not match");
    expect(localStorage.getItem(pendingKey)).toBeNull();
    fundPrize.mockImplementation(depositOpening("7"));
    fireEvent.click(screen.getByTestId("tips-fund"));
    await waitFor(() => expect(reports).toBe(2));
    expect(fundingPosts(calls)).toEqual([{ campaignId: "6" }, { campaignId: "7" }]);
    expect(fundPrize).toHaveBeenCalledTimes(2);
  });

  it("says what went wrong and records nothing when the wallet lacks the prize", async () => {
    fundPrize.mockRejectedValue(Object.assign(new Error("low"), { name: "BalanceTooLowError" }));
    const { calls } = stubApi([
      { path: /\/tips\/campaigns\/4$/, answer: () => envelope(unfunded) },
      { path: /\/tips\/campaigns\/4\/leaderboard$/, answer: () => envelope({ ...emptyBoard }) },
    ]);
    renderWithApp(<CampaignPage id={4} viewer={testViewer({ walletAddress: creatorAddress })} />);
    fireEvent.click(await screen.findByTestId("tips-fund"));
    expect((await screen.findByTestId("tips-funding-error")).textContent).toBe(
      "Your wallet does not hold the whole prize in this token.",
    );
    expect(calls.filter((call) => call.method === "POST")).toEqual([]);
  });
});

const emptyBoard = {
  formula: unfunded.formula,
  totalPrize: unfunded.totalPrize,
  totalPoints: "0",
  computedAt: null,
  total: 0,
  page: 1,
  pageSize: 50,
  rows: [],
  me: null,
};
