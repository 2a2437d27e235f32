import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { xAuthStore } from "../../x-auth";
import {
  campaignDetail,
  envelope,
  leaderboard,
  renderWithApp,
  setupTipsI18n,
  standing,
  stubApi,
  testViewer,
} from "../testing/test-utils";
import { CampaignPage } from "./campaign-page";

beforeAll(setupTipsI18n);
afterEach(() => {
  vi.unstubAllGlobals();
  xAuthStore.set({ twitterId: undefined, twitterToken: undefined });
});

const me = standing({
  rank: 7,
  xUserId: "555",
  name: "Carol",
  points: "3",
  estimatedEarned: "1000000000000000000",
});

describe("CampaignPage", () => {
  it("shows the head, the formula with the campaign's weights and the leaderboard with the viewer's row pinned", async () => {
    stubApi([
      {
        path: /\/tips\/campaigns\/4$/,
        answer: () =>
          envelope(
            campaignDetail({
              formula: {
                algorithm: "dropfair-tips-v1",
                weights: { views: 2, likes: 1, replies: 5, retweets: 3, quotes: 4 },
                tweetCap: 500,
                dailyTweets: 1,
              },
              me: { joined: true, banned: false, xUserId: "555", reloadAvailableAt: null },
            }),
          ),
      },
      { path: /\/tips\/campaigns\/4\/leaderboard$/, answer: () => envelope(leaderboard({ me })) },
    ]);
    renderWithApp(<CampaignPage id={4} viewer={testViewer()} />);
    expect((await screen.findByTestId("tips-campaign-title")).textContent).toBe("Spread the word");
    expect(screen.getByTestId("tips-status").textContent).toBe("Running");
    expect(screen.getByTestId("tips-required-hashtag").textContent).toBe("Hashtag: #Dropfair");
    expect(screen.getByTestId("tips-required-mention").textContent).toBe("Mention: @dropfair_xyz");
    expect(screen.queryByTestId("tips-required-slogan")).toBeNull();
    expect(screen.getByTestId("tips-header-prize").textContent).toContain("1,000.00 DFT");
    expect(screen.getByTestId("tips-formula-expression").textContent).toBe(
      "floor(views / 100) × 2 + likes × 1 + replies × 5 + retweets × 3 + quotes × 4",
    );
    expect(screen.getByTestId("tips-formula-cap").textContent).toBe("A post is worth at most 500 points.");
    expect(screen.getByTestId("tips-formula-daily").textContent).toBe(
      "Each UTC day, only your best post counts.",
    );
    expect(screen.getByTestId("tips-joined").textContent).toContain("555");
    const mine = await screen.findByTestId("tips-my-row");
    expect(within(mine).getByText("You")).toBeTruthy();
    expect(within(mine).getByText("Carol")).toBeTruthy();
    const rows = screen.getAllByTestId("tips-standing");
    expect(rows.map((row) => row.getAttribute("data-user"))).toEqual(["44196397", "783214"]);
    expect(within(rows[0]!).getByText("905.82 DFT")).toBeTruthy();
    expect(within(rows[0]!).getByText("12,345")).toBeTruthy();
    // Reporting someone else is offered; the viewer's own row has no action.
    expect(within(mine).queryByTestId("tips-report")).toBeNull();
    expect(within(rows[0]!).getByTestId("tips-report")).toBeTruthy();
    expect(within(rows[0]!).queryByTestId("tips-ban")).toBeNull();
  });

  it("sorts by any column: descending first, then ascending, back to page 1", async () => {
    const { calls } = stubApi([
      { path: /\/tips\/campaigns\/4$/, answer: () => envelope(campaignDetail()) },
      { path: /\/tips\/campaigns\/4\/leaderboard$/, answer: () => envelope(leaderboard()) },
    ]);
    renderWithApp(<CampaignPage id={4} viewer={testViewer()} />);
    await screen.findAllByTestId("tips-standing");
    expect(
      calls.some((call) => call.path.endsWith("leaderboard?page=1&pageSize=50&sort=rank&order=asc")),
    ).toBe(true);
    fireEvent.click(screen.getByTestId("tips-sort-views"));
    await waitFor(() => expect(calls.some((call) => call.path.endsWith("sort=views&order=desc"))).toBe(true));
    fireEvent.click(screen.getByTestId("tips-sort-views"));
    await waitFor(() => expect(calls.some((call) => call.path.endsWith("sort=views&order=asc"))).toBe(true));
    expect(screen.getByTestId("tips-sort-views").getAttribute("aria-sort")).toBe("ascending");
  });

  it("joins once the wallet and X are signed in, and reports a participant with a reason", async () => {
    let joined = false;
    const { calls } = stubApi([
      {
        path: /\/tips\/campaigns\/4$/,
        answer: () =>
          envelope(
            campaignDetail({
              me: { joined, banned: false, xUserId: joined ? "555" : null, reloadAvailableAt: null },
            }),
          ),
      },
      { path: /\/tips\/campaigns\/4\/leaderboard$/, answer: () => envelope(leaderboard()) },
      {
        method: "POST",
        path: /\/tips\/campaigns\/4\/join$/,
        answer: () => {
          joined = true;
          return envelope(campaignDetail());
        },
      },
      { method: "POST", path: /\/tips\/campaigns\/4\/reports$/, answer: () => envelope({ reported: true }) },
      {
        path: /\/LoginStatusDetail\/twitter$/,
        answer: () => envelope({ id: "555", username: "carol", name: "Carol", avatar: "" }),
      },
    ]);
    renderWithApp(<CampaignPage id={4} viewer={testViewer()} />);
    const join = (await screen.findByTestId("tips-join")) as HTMLButtonElement;
    expect(join.disabled).toBe(true);
    expect(screen.getByTestId("x-sign-in")).toBeTruthy();
    expect(screen.getByTestId("tips-no-missions")).toBeTruthy();
    xAuthStore.set({ project: "dropfair", twitterId: "555", twitterToken: "xs_token" });
    await waitFor(() => expect(join.disabled).toBe(false));
    fireEvent.click(join);
    expect((await screen.findByTestId("tips-joined")).textContent).toContain("555");
    expect(calls.filter((call) => call.method === "POST" && call.path.endsWith("/join"))).toHaveLength(1);

    const rows = await screen.findAllByTestId("tips-standing");
    fireEvent.click(within(rows[1]!).getByTestId("tips-report"));
    fireEvent.click(await screen.findByTestId("tips-report-modal-submit"));
    expect(await screen.findByText("Please give a reason.")).toBeTruthy();
    fireEvent.change(screen.getByTestId("tips-report-modal-reason"), { target: { value: "bot replies" } });
    fireEvent.click(screen.getByTestId("tips-report-modal-submit"));
    await waitFor(() =>
      expect(calls.filter((call) => call.method === "POST" && call.path.endsWith("/reports"))).toEqual([
        expect.objectContaining({ body: JSON.stringify({ xUserId: "783214", reason: "bot replies" }) }),
      ]),
    );
  });

  it("lets the creator ban from the leaderboard and offers the edit before the start", async () => {
    const { calls } = stubApi([
      {
        path: /\/tips\/campaigns\/4$/,
        answer: () =>
          envelope(
            campaignDetail({
              canManage: true,
              canModerate: true,
              status: 0,
              startAt: "2029-01-01T00:00:00.000Z",
            }),
          ),
      },
      { path: /\/tips\/campaigns\/4\/helpers$/, answer: () => envelope({ rows: [] }) },
      { path: /\/tips\/campaigns\/4\/leaderboard$/, answer: () => envelope(leaderboard()) },
      {
        method: "POST",
        path: /\/tips\/campaigns\/4\/bans$/,
        answer: () => envelope({ rows: [], total: 0, page: 1, pageSize: 50 }),
      },
    ]);
    renderWithApp(<CampaignPage id={4} viewer={testViewer()} />);
    expect(await screen.findByTestId("tips-edit")).toBeTruthy();
    const rows = await screen.findAllByTestId("tips-standing");
    fireEvent.click(within(rows[0]!).getByTestId("tips-ban"));
    fireEvent.change(await screen.findByTestId("tips-ban-modal-reason"), {
      target: { value: "bought views" },
    });
    fireEvent.click(screen.getByTestId("tips-ban-modal-submit"));
    await waitFor(() =>
      expect(calls.filter((call) => call.method === "POST" && call.path.endsWith("/bans"))).toEqual([
        expect.objectContaining({ body: JSON.stringify({ xUserId: "44196397", reason: "bought views" }) }),
      ]),
    );
  });

  it.each([
    [0, true],
    [7, true],
    [5, false],
    [10, false],
  ])(
    "gives the creator the helpers card while bans are still decided (status %i: %s)",
    async (status, shown) => {
      stubApi([
        {
          path: /\/tips\/campaigns\/4$/,
          answer: () => envelope(campaignDetail({ canManage: true, canModerate: true, status })),
        },
        { path: /\/tips\/campaigns\/4\/helpers$/, answer: () => envelope({ rows: [] }) },
        { path: /\/tips\/campaigns\/4\/leaderboard$/, answer: () => envelope(leaderboard()) },
      ]);
      renderWithApp(<CampaignPage id={4} viewer={testViewer()} />);
      await screen.findAllByTestId("tips-standing");
      expect(screen.queryByTestId("tips-helpers") !== null).toBe(shown);
    },
  );

  it.each([
    ["a helper or an administrator", { canManage: false, canModerate: true }, true],
    ["another viewer", { canManage: false, canModerate: false }, false],
  ])(
    "shows the Ban button to %s as the moderation flag says, and never the creator's tools",
    async (_who, flags, bans) => {
      const { calls } = stubApi([
        {
          path: /\/tips\/campaigns\/4$/,
          answer: () =>
            envelope(campaignDetail({ ...flags, status: 0, startAt: "2029-01-01T00:00:00.000Z" })),
        },
        { path: /\/tips\/campaigns\/4\/leaderboard$/, answer: () => envelope(leaderboard()) },
      ]);
      renderWithApp(<CampaignPage id={4} viewer={testViewer()} />);
      const rows = await screen.findAllByTestId("tips-standing");
      expect(within(rows[0]!).getByTestId("tips-report")).toBeTruthy();
      expect(within(rows[0]!).queryByTestId("tips-ban") !== null).toBe(bans);
      expect(screen.queryByTestId("tips-edit")).toBeNull();
      expect(screen.queryByTestId("tips-helpers")).toBeNull();
      expect(calls.some((call) => call.path.endsWith("/helpers"))).toBe(false);
    },
  );

  it.each([
    ["a viewer who did not join", { joined: false, banned: false }, null],
    ["a participant", { joined: true, banned: false }, "tips-joined"],
    ["a banned viewer", { joined: false, banned: true }, "tips-banned"],
  ])("after the end shows the join card only to %s with its one line", async (_who, membership, line) => {
    stubApi([
      {
        path: /\/tips\/campaigns\/4$/,
        answer: () =>
          envelope(
            campaignDetail({
              status: 7,
              me: { ...membership, xUserId: membership.joined ? "555" : null, reloadAvailableAt: null },
            }),
          ),
      },
      { path: /\/tips\/campaigns\/4\/leaderboard$/, answer: () => envelope(leaderboard()) },
      {
        path: /\/tips\/campaigns\/4\/claim$/,
        answer: () => envelope(null, { status: 404, typeCode: 10 }),
      },
    ]);
    renderWithApp(<CampaignPage id={4} viewer={testViewer()} />);
    await screen.findByTestId("tips-formula");
    const panel = screen.queryByTestId("tips-join-panel");
    if (line === null) expect(panel).toBeNull();
    else expect(within(panel as HTMLElement).getByTestId(line)).toBeTruthy();
    expect(screen.queryByTestId("tips-join")).toBeNull();
  });
});
