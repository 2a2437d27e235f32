import type { Mission } from "@dropfair/schemas/missions";
import { MantineProvider } from "@mantine/core";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { I18nextProvider } from "react-i18next";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { i18n, initI18n } from "../../../shared/i18n/i18n";
import { MissionList } from "./mission-list";

const retweet: Mission = {
  id: 7,
  campaignId: 1,
  position: 1,
  kind: "x_retweet",
  title: "",
  parameters: { postId: "42" },
  actionUrl: "https://x.com/intent/retweet?tweet_id=42",
  takesTweetId: false,
  rewardEp: 30,
  rewardTickets: 1,
  state: "todo",
  completedAt: null,
};

function envelope(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
}

function renderList(missions: Mission[], canCheck = true, pointName = "EP") {
  render(
    <MantineProvider>
      <QueryClientProvider client={new QueryClient()}>
        <I18nextProvider i18n={i18n}>
          <MissionList missions={missions} canCheck={canCheck} pointName={pointName} />
        </I18nextProvider>
      </QueryClientProvider>
    </MantineProvider>,
  );
}

const fetchMock = vi.fn<typeof fetch>();

beforeAll(async () => {
  await initI18n("en");
  await i18n.loadNamespaces("missions");
});
afterEach(() => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
});

describe("MissionList", () => {
  it("shows the action link, the rewards and the state; Check shows the server's failure", async () => {
    vi.stubGlobal("fetch", fetchMock);
    fetchMock.mockResolvedValue(
      envelope(400, { content: null, typeCode: 607, message: "You have not retweeted the post yet." }),
    );
    renderList([retweet]);
    const row = screen.getByTestId("mission-7");
    expect(within(row).getByText("Retweet the post on X")).toBeTruthy();
    expect(within(row).getByRole("link", { name: "Open the post" }).getAttribute("href")).toBe(
      retweet.actionUrl,
    );
    expect(within(row).getByText("+30 EP")).toBeTruthy();
    expect(within(row).getByText("+1 wheel ticket")).toBeTruthy();
    expect(within(row).getByTestId("mission-state").textContent).toBe("To do");
    fireEvent.click(within(row).getByTestId("mission-check"));
    await waitFor(() =>
      expect(within(row).getByTestId("mission-failure").textContent).toBe(
        "You have not retweeted the post yet.",
      ),
    );
    expect(within(row).getByTestId("mission-state").textContent).toBe("Failed");
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(String(url)).toContain("/api/bounty/missions/7/check");
    expect(init?.method).toBe("POST");
  });

  it("sends the tweet id of a tweet mission; a done mission has no Check", async () => {
    vi.stubGlobal("fetch", fetchMock);
    const tweet: Mission = {
      ...retweet,
      id: 8,
      kind: "x_tweet",
      takesTweetId: true,
      parameters: { hashtag: "Dropfair" },
    };
    fetchMock.mockResolvedValue(
      envelope(200, {
        content: { mission: { ...tweet, state: "done" }, newlyCompleted: true },
        typeCode: 1,
        message: "success",
      }),
    );
    renderList([tweet, { ...retweet, state: "done", completedAt: "2026-01-01T00:00:00.000Z" }]);
    const row = screen.getByTestId("mission-8");
    expect(within(row).getByText("Post a tweet with #Dropfair")).toBeTruthy();
    fireEvent.change(within(row).getByLabelText("Your tweet"), { target: { value: "123" } });
    fireEvent.click(within(row).getByTestId("mission-check"));
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body))).toEqual({ tweetId: "123" });
    const done = screen.getByTestId("mission-7");
    expect(within(done).queryByTestId("mission-check")).toBeNull();
    expect(within(done).getByTestId("mission-state").textContent).toBe("Done");
  });

  it("disables Check while signed out, and names the reward with the platform's point name", () => {
    renderList([retweet], false, "XP");
    expect(within(screen.getByTestId("mission-7")).getByText("+30 XP")).toBeTruthy();
    expect((screen.getByTestId("mission-check") as HTMLButtonElement).disabled).toBe(true);
  });
});
