import { fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import {
  campaignDetail,
  envelope,
  renderWithApp,
  setupTipsI18n,
  stubApi,
  testViewer,
} from "../testing/test-utils";
import { CreatePage } from "./create-page";

beforeAll(setupTipsI18n);
afterEach(() => vi.unstubAllGlobals());

describe("CreatePage", () => {
  it("shows the formula defaults, explains wrong fields and creates a valid campaign", async () => {
    const { calls } = stubApi([
      { method: "POST", path: /\/tips\/campaigns$/, answer: () => envelope(campaignDetail({ id: 12 })) },
    ]);
    renderWithApp(<CreatePage id={null} viewer={testViewer()} />, "/tips/create");
    const quotes = (await screen.findByTestId("tips-field-quotes")) as HTMLInputElement;
    expect(quotes.value).toBe("4");
    expect((screen.getByTestId("tips-field-tweetCap") as HTMLInputElement).value).toBe("1000");
    fireEvent.click(screen.getByTestId("tips-submit"));
    expect(await screen.findByText("Please input title")).toBeTruthy();
    expect(
      screen.getByText("Please input at least one of the hashtag, the mention and the slogan."),
    ).toBeTruthy();
    expect(calls.filter((call) => call.method === "POST")).toEqual([]);

    fireEvent.change(screen.getByTestId("tips-field-title"), { target: { value: "Spread the word" } });
    fireEvent.change(screen.getByTestId("tips-field-hashtag"), { target: { value: "Dropfair" } });
    fireEvent.change(screen.getByTestId("tips-field-token"), {
      target: { value: "0xe7f1725e7734ce288f8367e1bb143e90bb3f0512" },
    });
    fireEvent.change(screen.getByTestId("tips-field-totalPrize"), { target: { value: "1000.12345" } });
    fireEvent.click(screen.getByTestId("tips-submit"));
    expect(await screen.findByText("The amount can have up to 4 decimals.")).toBeTruthy();
    fireEvent.change(screen.getByTestId("tips-field-totalPrize"), { target: { value: "1000" } });
    fireEvent.click(screen.getByTestId("tips-submit"));
    await waitFor(() => expect(calls.filter((call) => call.method === "POST")).toHaveLength(1));
    const body = JSON.parse(calls.find((call) => call.method === "POST")!.body);
    expect(body).toMatchObject({
      title: "Spread the word",
      hashtag: "Dropfair",
      chainId: 31337,
      totalPrize: "1000",
      weights: { views: 1, likes: 1, replies: 2, retweets: 3, quotes: 4 },
      tweetCap: 1000,
      dailyTweets: 3,
    });
  });

  it("asks a logged-out visitor to sign in", async () => {
    stubApi([]);
    renderWithApp(<CreatePage id={null} viewer={testViewer({ walletAddress: undefined })} />, "/tips/create");
    expect(await screen.findByTestId("tips-create-login")).toBeTruthy();
  });
});
