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
vi.mock("../wallet/tips-wallet", () => ({ fundPrize: (...args: unknown[]) => fundPrize(...args) }));

beforeAll(setupTipsI18n);
afterEach(() => {
  vi.unstubAllGlobals();
  fundPrize.mockReset();
});

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
    expect(fundPrize).toHaveBeenCalledWith(expect.anything(), unfunded, creatorAddress, expect.any(Function));
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
