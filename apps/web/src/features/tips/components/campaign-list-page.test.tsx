import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import {
  campaignSummary,
  envelope,
  renderWithApp,
  setupTipsI18n,
  stubApi,
  testViewer,
} from "../testing/test-utils";
import { CampaignListPage } from "./campaign-list-page";

beforeAll(setupTipsI18n);
afterEach(() => vi.unstubAllGlobals());

const list = (rows: unknown[], total = rows.length) => envelope({ rows, total, page: 1, pageSize: 20 });

describe("CampaignListPage", () => {
  it("shows each campaign's prize, participants, state, times and the viewer's estimated earnings", async () => {
    stubApi([
      {
        path: /\/tips\/campaigns$/,
        answer: () =>
          list([
            campaignSummary({ myEarned: "905829596412556053811" }),
            campaignSummary({ id: 5, title: "Upcoming one", status: 0, funded: false, participants: 1 }),
          ]),
      },
    ]);
    renderWithApp(<CampaignListPage viewer={testViewer()} />, "/tips");
    const rows = await screen.findAllByTestId("tips-row");
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByTestId("tips-prize").textContent).toBe("1,000.00 DFT");
    expect(within(rows[0]!).getByTestId("tips-participants").textContent).toBe("2 participants");
    expect(within(rows[0]!).getByTestId("tips-status").textContent).toBe("Running");
    expect(within(rows[0]!).getByTestId("tips-my-earned").textContent).toBe("905.82 DFT");
    expect(within(rows[0]!).getByTestId("tips-time-left").textContent).toMatch(/^Ends in \d+ d/);
    expect(within(rows[1]!).getByTestId("tips-status").textContent).toBe("Not started");
    expect(within(rows[1]!).getByTestId("tips-unfunded")).toBeTruthy();
    expect(within(rows[1]!).getByTestId("tips-my-earned").textContent).toBe("—");
    expect(within(rows[1]!).getByTestId("tips-participants").textContent).toBe("1 participant");
  });

  it("asks the filter of the API and pages", async () => {
    const { calls } = stubApi([{ path: /\/tips\/campaigns$/, answer: () => list([campaignSummary()], 45) }]);
    renderWithApp(<CampaignListPage viewer={testViewer()} />, "/tips");
    await screen.findAllByTestId("tips-row");
    fireEvent.click(within(screen.getByTestId("tips-filter")).getByText("Running"));
    await waitFor(() =>
      expect(calls.some((call) => call.path.includes("filter=running&page=1&pageSize=20"))).toBe(true),
    );
    fireEvent.click(within(screen.getByTestId("tips-pages")).getByText("3"));
    await waitFor(() => expect(calls.some((call) => call.path.includes("filter=running&page=3"))).toBe(true));
  });

  it("asks a logged-out visitor to sign in for their own campaigns, without calling the API", async () => {
    const { calls } = stubApi([{ path: /\/tips\/campaigns$/, answer: () => list([]) }]);
    const viewer = testViewer({ walletAddress: undefined });
    renderWithApp(<CampaignListPage viewer={viewer} />, "/tips");
    expect((await screen.findByTestId("tips-empty")).textContent).toBe("No campaign yet.");
    fireEvent.click(within(screen.getByTestId("tips-filter")).getByText("Joined"));
    expect(await screen.findByTestId("tips-login-needed")).toBeTruthy();
    expect(calls.filter((call) => call.path.includes("filter=joined"))).toEqual([]);
    fireEvent.click(within(screen.getByTestId("tips-login-needed")).getByRole("button"));
    expect(viewer.login).toHaveBeenCalledTimes(1);
  });
});
