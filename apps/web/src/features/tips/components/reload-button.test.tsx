import { fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { campaignDetail, envelope, renderWithApp, setupTipsI18n, stubApi } from "../testing/test-utils";
import { ReloadButton } from "./reload-button";

beforeAll(setupTipsI18n);
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

const joined = (reloadAvailableAt: string | null) =>
  campaignDetail({ me: { joined: true, banned: false, xUserId: "555", reloadAvailableAt } });

describe("ReloadButton", () => {
  it("sends one reload for a double click", async () => {
    const { calls } = stubApi([
      {
        method: "POST",
        path: /\/tips\/campaigns\/4\/reload$/,
        answer: () => envelope({ tweets: 2, reloadAvailableAt: "2030-01-01T00:00:00.000Z" }),
      },
    ]);
    renderWithApp(<ReloadButton campaign={joined(null)} />);
    const button = await screen.findByTestId("tips-reload");
    fireEvent.click(button);
    fireEvent.click(button);
    await waitFor(() => expect(calls.filter((call) => call.method === "POST")).toHaveLength(1));
    expect(screen.getByTestId("tips-reload-pending")).toBeTruthy();
  });

  it("shows the time left while the 3 hours have not passed", async () => {
    stubApi([]);
    const inTwoHours = new Date(Date.now() + (2 * 60 + 5) * 60_000 - 1_000).toISOString();
    renderWithApp(<ReloadButton campaign={joined(inTwoHours)} />);
    expect((await screen.findByTestId("tips-reload-wait")).textContent).toBe(
      "Tips reload is allowed once per 3 hours. Try again in 2 h 5 min.",
    );
    expect((screen.getByTestId("tips-reload") as HTMLButtonElement).disabled).toBe(true);
  });
});
