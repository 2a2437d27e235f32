import { fireEvent, screen, waitFor, within } from "@testing-library/react";
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

const helperAddress = "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC";
const later = "2026-01-02T00:00:00.000Z";

describe("HelpersPanel", () => {
  it("shows the creator the helpers card: lists helpers, adds one by address and removes one", async () => {
    let rows = [{ address: helperAddress, addedAt: later }];
    const { calls } = stubApi([
      {
        path: /\/tips\/campaigns\/4$/,
        answer: () => envelope(campaignDetail({ canManage: true, canModerate: true })),
      },
      { path: /\/tips\/campaigns\/4\/leaderboard$/, answer: () => envelope(leaderboard()) },
      { path: /\/tips\/campaigns\/4\/helpers$/, answer: () => envelope({ rows }) },
      {
        method: "POST",
        path: /\/tips\/campaigns\/4\/helpers$/,
        answer: async (request) => {
          const { address } = (await request.json()) as { address: string };
          rows = [...rows, { address, addedAt: later }];
          return envelope({ rows });
        },
      },
      {
        method: "DELETE",
        path: /\/tips\/campaigns\/4\/helpers\/0x[0-9a-fA-F]{40}$/,
        answer: (request) => {
          rows = rows.filter((row) => !request.url.endsWith(row.address));
          return envelope({ rows });
        },
      },
    ]);
    renderWithApp(<CampaignPage id={4} viewer={testViewer({ walletAddress: creatorAddress })} />);
    const card = await screen.findByTestId("tips-helpers");
    expect(within(card).getByText("Helpers")).toBeTruthy();
    expect((await within(card).findByTestId("tips-helper")).textContent).toContain(helperAddress);

    fireEvent.change(within(card).getByTestId("tips-helper-address"), {
      target: { value: ` ${creatorAddress.toLowerCase()} ` },
    });
    fireEvent.click(within(card).getByTestId("tips-helper-add"));
    await waitFor(() => expect(within(card).getAllByTestId("tips-helper")).toHaveLength(2));
    expect(calls.filter((call) => call.method === "POST")).toEqual([
      expect.objectContaining({ body: JSON.stringify({ address: creatorAddress.toLowerCase() }) }),
    ]);
    expect((within(card).getByTestId("tips-helper-address") as HTMLInputElement).value).toBe("");

    fireEvent.click(within(card).getAllByTestId("tips-helper-remove")[0]!);
    await waitFor(() =>
      expect(
        calls.some((call) => call.method === "DELETE" && call.path.endsWith(`/helpers/${helperAddress}`)),
      ).toBe(true),
    );
    await waitFor(() => expect(within(card).getAllByTestId("tips-helper")).toHaveLength(1));
  });

  it("says when there is no helper yet", async () => {
    stubApi([
      {
        path: /\/tips\/campaigns\/4$/,
        answer: () => envelope(campaignDetail({ canManage: true, canModerate: true })),
      },
      { path: /\/tips\/campaigns\/4\/leaderboard$/, answer: () => envelope(leaderboard()) },
      { path: /\/tips\/campaigns\/4\/helpers$/, answer: () => envelope({ rows: [] }) },
    ]);
    renderWithApp(<CampaignPage id={4} viewer={testViewer({ walletAddress: creatorAddress })} />);
    expect((await screen.findByTestId("tips-helpers-empty")).textContent).toBe("No helper yet.");
    expect((screen.getByTestId("tips-helper-add") as HTMLButtonElement).disabled).toBe(true);
  });
});
