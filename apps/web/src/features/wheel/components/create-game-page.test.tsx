import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import {
  envelope,
  gameDetail,
  renderWithApp,
  setupWheelI18n,
  stubApi,
  testViewer,
  wheelPlatformConfig,
} from "../testing/test-utils";
import { CreateGamePage } from "./create-game-page";

const tokenAddress = "0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512";

beforeAll(setupWheelI18n);
beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(new Date("2026-03-01T08:30:20.000Z"));
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function stubCreate() {
  return stubApi(
    [{ method: "POST", path: /\/wheel\/games$/, answer: () => envelope(gameDetail({ id: 7 })) }],
    wheelPlatformConfig(),
  );
}

function renderForm(isAdmin = false) {
  const page = <CreateGamePage viewer={testViewer()} isAdmin={isAdmin} />;
  return renderWithApp(page, "/game/create", [
    { path: "/game/create", element: page },
    { path: "/game/:id", element: <div data-testid="landed-game" /> },
  ]);
}

const type = (testId: string, value: string) =>
  fireEvent.change(screen.getByTestId(testId), { target: { value } });

const chooseKind = (index: number, kind: string) => type(`create-prize-${index}-kind`, kind);

const posts = (calls: { method: string; path: string; body: string }[]) =>
  calls.filter((call) => call.method === "POST" && call.path.endsWith("/wheel/games"));

describe("CreateGamePage", () => {
  it("asks a signed-out visitor to sign in instead of showing the form", async () => {
    stubCreate();
    const login = vi.fn();
    renderWithApp(
      <CreateGamePage viewer={testViewer({ walletAddress: undefined, login })} isAdmin={false} />,
    );
    fireEvent.click(await screen.findByRole("button", { name: "Sign in with wallet" }));
    expect(login).toHaveBeenCalledOnce();
    expect(screen.queryByTestId("create-game-form")).toBeNull();
  });

  it("sends an EP prize and a nothing prize with the times in UTC, then opens the new game", async () => {
    const { calls } = stubCreate();
    renderForm();
    await waitFor(() =>
      expect((screen.getByTestId("create-chain") as HTMLInputElement).value).toBe("Sandbox chain"),
    );
    type("create-title", "  Spring wheel ");
    type("create-description", "Spin for EP");
    type("create-start", "2026-03-02T10:15");
    type("create-end", "2026-03-09T10:15");
    type("create-prize-0-amount", "50");
    type("create-prize-0-weight", "3");
    fireEvent.click(screen.getByTestId("create-prize-0-unlimited"));
    type("create-prize-0-count", "100");
    type("create-prize-1-weight", "1");
    expect(screen.getByTestId("create-prize-0-odds").textContent).toBe("Chance 75%");
    expect(screen.getByTestId("create-prize-1-odds").textContent).toBe("Chance 25%");
    fireEvent.click(screen.getByTestId("create-daily"));
    fireEvent.click(screen.getByTestId("create-submit"));
    expect(await screen.findByTestId("landed-game")).toBeTruthy();
    const sent = posts(calls);
    expect(sent).toHaveLength(1);
    expect(JSON.parse(sent[0]?.body ?? "")).toEqual({
      title: "Spring wheel",
      description: "Spin for EP",
      chainId: 31337,
      startAt: "2026-03-02T10:15:00.000Z",
      endAt: "2026-03-09T10:15:00.000Z",
      prizes: [
        { kind: "ep", weight: 3, count: 100, amount: "50" },
        { kind: "nothing", weight: 1, count: null },
      ],
      dailyFreeTicket: true,
      referralTickets: 0,
    });
  });

  it("stops at the messages (empty title, end before start, bad weight) and sends nothing", async () => {
    const { calls } = stubCreate();
    renderForm();
    await waitFor(() =>
      expect((screen.getByTestId("create-chain") as HTMLInputElement).value).toBe("Sandbox chain"),
    );
    type("create-start", "2026-03-09T10:15");
    type("create-end", "2026-03-02T10:15");
    type("create-prize-1-weight", "0");
    type("create-prize-0-amount", "1.5");
    fireEvent.click(screen.getByTestId("create-submit"));
    expect(await screen.findByText("Please input title")).toBeTruthy();
    expect(screen.getByText("The end must be after the start.")).toBeTruthy();
    expect(screen.getByText("A whole number from 1.")).toBeTruthy();
    expect(screen.getByText("A whole number from 1 to 999,999,999.")).toBeTruthy();
    expect(posts(calls)).toEqual([]);
    // A field's message goes once it changes.
    type("create-title", "Spring wheel");
    expect(screen.queryByText("Please input title")).toBeNull();
    expect(screen.getByText("The end must be after the start.")).toBeTruthy();
  });

  it("needs a token address, an amount and a count for a token prize, then sends them", async () => {
    const { calls } = stubCreate();
    renderForm();
    await waitFor(() =>
      expect((screen.getByTestId("create-chain") as HTMLInputElement).value).toBe("Sandbox chain"),
    );
    type("create-title", "Token wheel");
    chooseKind(0, "token");
    type("create-prize-0-amount", "");
    fireEvent.click(screen.getByTestId("create-submit"));
    expect(await screen.findByText("Enter the contract address.")).toBeTruthy();
    expect(screen.getByText("An amount above 0, such as 5 or 0.25.")).toBeTruthy();
    expect(screen.getByText("Token and NFT prizes need a count: they are funded up front.")).toBeTruthy();
    expect(posts(calls)).toEqual([]);
    type("create-prize-0-token", "0x1234");
    type("create-prize-0-amount", "2.5");
    type("create-prize-0-count", "10");
    fireEvent.click(screen.getByTestId("create-submit"));
    expect(
      await screen.findByText("Not a contract address (0x and 40 hexadecimal characters)."),
    ).toBeTruthy();
    type("create-prize-0-token", tokenAddress.toLowerCase());
    fireEvent.click(screen.getByTestId("create-submit"));
    expect(await screen.findByTestId("landed-game")).toBeTruthy();
    const body = JSON.parse(posts(calls)[0]?.body ?? "");
    expect(body.prizes[0]).toEqual({
      kind: "token",
      weight: 1,
      count: 10,
      amount: "2.5",
      token: tokenAddress,
    });
    expect(body.startAt).toBe("2026-03-01T09:31:00.000Z");
  });

  it("shows the server's refusal and stays on the form", async () => {
    stubApi(
      [
        {
          method: "POST",
          path: /\/wheel\/games$/,
          answer: () => envelope(null, { typeCode: 705, message: "The start time has passed.", status: 400 }),
        },
      ],
      wheelPlatformConfig(),
    );
    renderForm();
    await waitFor(() =>
      expect((screen.getByTestId("create-chain") as HTMLInputElement).value).toBe("Sandbox chain"),
    );
    type("create-title", "Late wheel");
    fireEvent.click(screen.getByTestId("create-submit"));
    expect((await screen.findByTestId("create-failure")).textContent).toContain("The start time has passed.");
    expect(screen.queryByTestId("landed-game")).toBeNull();
  });

  it("offers the partner choice to administrators only", async () => {
    stubCreate();
    const { unmount } = renderForm(false);
    await screen.findByTestId("create-game-form");
    expect(screen.queryByTestId("create-partner")).toBeNull();
    unmount();
    renderForm(true);
    // The seven partners and the achievement programme's lucky draw (achievement/detail-with-lucky).
    fireEvent.click(await screen.findByTestId("create-partner"));
    const listbox = await screen.findByRole("listbox", { name: "Partner activity", hidden: true });
    const options = within(listbox).getAllByRole("option", { hidden: true });
    expect(options.map((option) => option.textContent)).toEqual([
      "Aurora Labs",
      "Nebula DAO",
      "Quartz Swap",
      "Lumen Finance",
      "Orbit NFT",
      "Tidal Bridge",
      "Ember Games",
      "Dropfair achievements (achievement lucky draw)",
    ]);
  });
});
