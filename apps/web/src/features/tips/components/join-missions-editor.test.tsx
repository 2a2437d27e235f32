import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
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

const follow = {
  id: 7,
  campaignId: 9,
  position: 1,
  kind: "x_follow",
  title: "",
  parameters: { userId: "42", username: "dropfair" },
  actionUrl: "https://x.com/intent/follow?user_id=42",
  takesTweetId: false,
  rewardEp: 0,
  rewardTickets: 0,
  state: "todo",
  completedAt: null,
};

const type = (testId: string, value: string) =>
  fireEvent.change(screen.getByTestId(testId), { target: { value } });

const creator = () => testViewer({ walletAddress: creatorAddress });

describe("JoinMissionsEditor", () => {
  it("lets the creator add a join mission (the first one opens the mission list) and remove it", async () => {
    let missions: (typeof follow)[] = [];
    let missionCampaignId: number | null = null;
    const { calls } = stubApi([
      {
        path: /\/tips\/campaigns\/4$/,
        answer: () =>
          envelope(
            campaignDetail({
              canManage: true,
              status: 0,
              startAt: "2029-01-01T00:00:00.000Z",
              missionCampaignId,
            }),
          ),
      },
      { path: /\/tips\/campaigns\/4\/leaderboard$/, answer: () => envelope(leaderboard()) },
      {
        path: /\/missions\/campaigns\/9$/,
        answer: () =>
          envelope({
            campaign: { id: 9, kind: "tips", referenceId: "4", title: "Spread the word" },
            missions,
            completedCount: 0,
          }),
      },
      {
        method: "POST",
        path: /\/tips\/campaigns\/4\/missions$/,
        answer: () => {
          missionCampaignId = 9;
          missions = [follow];
          return envelope(follow);
        },
      },
      {
        method: "DELETE",
        path: /\/tips\/campaigns\/4\/missions\/7$/,
        answer: () => {
          missions = [];
          return envelope(null);
        },
      },
    ]);
    renderWithApp(<CampaignPage id={4} viewer={creator()} />);
    expect((await screen.findByTestId("tips-missions-editor-empty")).textContent).toBe(
      "No missions yet. Add one below.",
    );
    // Nothing filled in: the form says so and nothing is sent.
    fireEvent.click(screen.getByTestId("tips-missions-editor-add"));
    await waitFor(() =>
      expect(screen.getByTestId("tips-missions-editor-userId").getAttribute("aria-invalid")).toBe("true"),
    );
    expect(calls.filter((call) => call.method !== "GET")).toEqual([]);
    // Join missions reward nothing: no reward field.
    expect(screen.queryByTestId("tips-missions-editor-reward")).toBeNull();

    type("tips-missions-editor-username", "@dropfair");
    type("tips-missions-editor-userId", "42");
    fireEvent.click(screen.getByTestId("tips-missions-editor-add"));
    const row = await screen.findByTestId("tips-missions-editor-mission-7");
    expect(row.textContent).toContain("Follow @dropfair on X");
    const posts = calls.filter((call) => call.method === "POST");
    expect(posts.map((call) => call.path)).toEqual(["/api/bounty/tips/campaigns/4/missions"]);
    expect(JSON.parse(posts[0]?.body ?? "")).toEqual({
      kind: "x_follow",
      parameters: { username: "dropfair", userId: "42" },
      rewardEp: 0,
      rewardTickets: 0,
    });
    // Participants see it in the join panel.
    const joinPanel = screen.getByTestId("tips-join-panel");
    await waitFor(() => expect(within(joinPanel).getByTestId("mission-7")).toBeTruthy());

    await act(async () => fireEvent.click(screen.getByTestId("tips-missions-editor-remove-7")));
    await waitFor(() => expect(screen.queryByTestId("tips-missions-editor-mission-7")).toBeNull());
    expect(calls.filter((call) => call.method === "DELETE").map((call) => call.path)).toEqual([
      "/api/bounty/tips/campaigns/4/missions/7",
    ]);
  });

  it("shows the API's refusal in its words", async () => {
    stubApi([
      {
        path: /\/tips\/campaigns\/4$/,
        answer: () => envelope(campaignDetail({ canManage: true, status: 1 })),
      },
      { path: /\/tips\/campaigns\/4\/leaderboard$/, answer: () => envelope(leaderboard()) },
      {
        method: "POST",
        path: /\/tips\/campaigns\/4\/missions$/,
        answer: () =>
          envelope(null, {
            typeCode: 751,
            message: "This campaign cannot change any more.",
            status: 409,
          }),
      },
    ]);
    renderWithApp(<CampaignPage id={4} viewer={creator()} />);
    await screen.findByTestId("tips-missions-editor-kind");
    type("tips-missions-editor-kind", "x_like");
    type("tips-missions-editor-postId", "1860000000001000003");
    fireEvent.click(screen.getByTestId("tips-missions-editor-add"));
    expect((await screen.findByTestId("tips-missions-editor-failure")).textContent).toBe(
      "This campaign cannot change any more.",
    );
  });

  it.each([
    ["a participant", { canManage: false, status: 1 }],
    ["the creator after the end", { canManage: true, status: 7 }],
  ])("is not shown to %s", async (_who, overrides) => {
    stubApi([
      { path: /\/tips\/campaigns\/4$/, answer: () => envelope(campaignDetail(overrides)) },
      { path: /\/tips\/campaigns\/4\/leaderboard$/, answer: () => envelope(leaderboard()) },
      {
        path: /\/tips\/campaigns\/4\/snapshot$/,
        answer: () => envelope(null, { status: 404, typeCode: 10 }),
      },
    ]);
    renderWithApp(<CampaignPage id={4} viewer={creator()} />);
    await screen.findByTestId("tips-formula");
    expect(screen.queryByTestId("tips-missions-editor-card")).toBeNull();
  });
});
