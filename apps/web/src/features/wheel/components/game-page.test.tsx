import { screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { i18n } from "../../../shared/i18n/i18n";
import {
  envelope,
  gameDetail,
  playerAddress,
  renderWithApp,
  saltHash,
  setupWheelI18n,
  stubApi,
  testViewer,
} from "../testing/test-utils";
import { GamePage } from "./game-page";

const other = "0x90F79bf6EB2c4f870365E785982E1f101E93b906";
const draw = (nonce: string, account: string, mine: boolean, prizeId: string | null) => ({
  time: "2026-02-01T10:00:00.000Z",
  account,
  prizeId,
  nonce,
  position: "42",
  hash: `0x${"ab".repeat(32)}`,
  txHash: `0x${"cd".repeat(32)}`,
  mine,
  stage: "completed",
});

beforeAll(setupWheelI18n);
afterEach(async () => {
  vi.unstubAllGlobals();
  await i18n.changeLanguage("en");
});

/** Game 3 with big prizes: 100,000 EP, and 600,000 DFT of which 1,234 of 10,000 were won. */
function bigGame() {
  const game = gameDetail();
  return {
    ...game,
    prizes: game.prizes.map((prize) =>
      prize.id === "p1"
        ? { ...prize, amount: "100000" }
        : prize.id === "p2"
          ? { ...prize, amount: (600_000n * 10n ** 18n).toString(), count: 10_000, won: 1_234 }
          : prize,
    ),
  };
}

describe("GamePage", () => {
  it("shows the salt hash from the start, the prizes, 'no record' for tickets and the player's draws on top", async () => {
    stubApi([
      { path: /\/games\/3$/, answer: () => envelope(gameDetail()) },
      {
        path: /\/games\/3\/tickets$/,
        answer: () => envelope({ balance: 0, spent: 0, rows: [], openVoucher: false }),
      },
      {
        path: /\/games\/3\/draws$/,
        answer: () =>
          envelope({ rows: [draw("7", playerAddress, true, "p2"), draw("5", other, false, "p3")], total: 2 }),
      },
      { path: /\/games\/3\/claims$/, answer: () => envelope({ rows: [] }) },
    ]);
    renderWithApp(<GamePage id={3} viewer={testViewer()} />);
    expect((await screen.findByTestId("game-title")).textContent).toContain("Spring wheel");
    expect(screen.getByTestId("game-salt-hash").textContent).toContain(saltHash);
    expect(screen.getByTestId("game-salt-hidden")).toBeTruthy();
    expect(screen.getByTestId("wheel-status").textContent).toContain("Running");
    expect(within(screen.getByTestId("prize-p2")).getByText("5.00 DFT")).toBeTruthy();
    expect(within(screen.getByTestId("prize-p2")).getByText("1 / 10")).toBeTruthy();
    expect(within(screen.getByTestId("prize-p1")).getByText("60%")).toBeTruthy();
    // The shared catalogue's messages, as every other page words them.
    expect((await screen.findByTestId("tickets-empty")).textContent).toBe("No record.");
    expect((await screen.findByTestId("claims-empty")).textContent).toBe("There is nothing to claim.");
    expect(screen.getByTestId("spin-no-ticket")).toBeTruthy();
    expect((screen.getByTestId("spin-button") as HTMLButtonElement).disabled).toBe(true);
    const rows = await screen.findAllByTestId("draw-row");
    expect(rows.map((row) => row.getAttribute("data-nonce"))).toEqual(["7", "5"]);
    expect(within(rows[0]!).getByText("You")).toBeTruthy();
    expect(within(rows[0]!).getByTestId("draw-reward").textContent).toContain("5.00 DFT");
    expect(within(rows[1]!).getByTestId("draw-reward").textContent).toContain("Nothing");
    // Before the reveal the verify panel offers the file only.
    expect(screen.getByTestId("verify-download")).toBeTruthy();
    expect(screen.queryByTestId("verify-run")).toBeNull();
  });

  it("lists the tickets (time, count, reason) and a claimable token prize", async () => {
    stubApi([
      { path: /\/games\/3$/, answer: () => envelope(gameDetail()) },
      {
        path: /\/games\/3\/tickets$/,
        answer: () =>
          envelope({
            balance: 2,
            spent: 1,
            openVoucher: false,
            rows: [
              { time: "2026-02-01T09:00:00.000Z", count: 1, reason: "mission", note: null },
              { time: "2026-02-01T08:00:00.000Z", count: 2, reason: "admin", note: "launch" },
            ],
          }),
      },
      { path: /\/games\/3\/draws$/, answer: () => envelope({ rows: [], total: 0 }) },
      {
        path: /\/games\/3\/claims$/,
        answer: () =>
          envelope({
            rows: [
              {
                prizeId: "p2",
                kind: "token",
                count: 2,
                total: "10000000000000000000",
                chainId: 31337,
                endTime: "2030-01-08T10:00:00.000Z",
                claimTime: null,
                state: "claimable",
              },
            ],
          }),
      },
    ]);
    renderWithApp(<GamePage id={3} viewer={testViewer()} />);
    const rows = await screen.findAllByTestId("ticket-row");
    expect(rows[0]!.textContent).toContain("+1");
    expect(rows[0]!.textContent).toContain("Mission");
    expect(rows[1]!.textContent).toContain("Granted");
    expect(rows[1]!.textContent).toContain("launch");
    expect(screen.getByTestId("tickets-balance").textContent).toContain("2 tickets left");
    expect((await screen.findByTestId("spin-tickets")).textContent).toContain("You have 2 tickets");
    expect((screen.getByTestId("spin-button") as HTMLButtonElement).disabled).toBe(false);
    const claim = await screen.findByTestId("claim-p2");
    expect(within(claim).getByTestId("claim-total").textContent).toContain("10.00 DFT");
    expect(within(claim).getByTestId("claim-state").textContent).toContain("Claimable");
    expect(within(claim).getByTestId("claim-button")).toBeTruthy();
    expect((await screen.findByTestId("draws-empty")).textContent).toBe("No record.");
  });

  it.each(["en", "cn"])(
    "groups big amounts by thousands on the prizes, the wheel and the draw records (%s)",
    async (locale) => {
      await i18n.changeLanguage(locale);
      await i18n.loadNamespaces(["wheel", "missions", "validation"]);
      stubApi([
        { path: /\/games\/3$/, answer: () => envelope(bigGame()) },
        {
          path: /\/games\/3\/tickets$/,
          answer: () => envelope({ balance: 0, spent: 0, rows: [], openVoucher: false }),
        },
        {
          path: /\/games\/3\/draws$/,
          answer: () => envelope({ rows: [draw("7", playerAddress, true, "p2")], total: 1 }),
        },
        { path: /\/games\/3\/claims$/, answer: () => envelope({ rows: [] }) },
      ]);
      renderWithApp(<GamePage id={3} viewer={testViewer()} />);
      const prize = await screen.findByTestId("prize-p2");
      expect(within(prize).getByText("600,000.00 DFT")).toBeTruthy();
      expect(within(prize).getByText("1,234 / 10,000")).toBeTruthy();
      expect(within(screen.getByTestId("prize-p1")).getByText("100,000 EP")).toBeTruthy();
      // The slice shortens it so the symbol fits; the prize list shows it whole.
      const slices = [...screen.getByTestId("wheel-graphic").querySelectorAll("text")].map(
        (text) => text.textContent,
      );
      expect(slices).toContain("600K DFT");
      expect(slices).toContain("100K EP");
      const [row] = await screen.findAllByTestId("draw-row");
      expect(within(row!).getByTestId("draw-reward").textContent).toBe("600,000.00 DFT");
    },
  );

  it("signed out, the game over: public draws, why it cannot be spun instead of Spin, and no ticket calls", async () => {
    const { calls } = stubApi([
      {
        path: /\/games\/3$/,
        answer: () => envelope(gameDetail({ status: 9, salt: `0x${"11".repeat(32)}` })),
      },
      { path: /\/games\/3\/draws$/, answer: () => envelope({ rows: [], total: 0 }) },
    ]);
    const viewer = testViewer({ walletAddress: undefined });
    renderWithApp(<GamePage id={3} viewer={viewer} />);
    expect((await screen.findByTestId("game-salt")).textContent).toContain(`0x${"11".repeat(32)}`);
    // Signing in would not open an ended game: the panel says it is over rather than asking for a wallet.
    expect(screen.getByTestId("spin-closed").textContent).toBe("The game is over.");
    expect(screen.queryByText("Sign in with your wallet to spin.")).toBeNull();
    expect(screen.queryByTestId("spin-button")).toBeNull();
    expect(screen.getByTestId("verify-run")).toBeTruthy();
    await waitFor(() => expect(calls.some((call) => call.path.includes("/draws"))).toBe(true));
    expect(calls.some((call) => call.path.includes("/tickets") || call.path.includes("/claims"))).toBe(false);
  });

  it("offers Fund to the creator for an unfunded token prize of a game not started, and to no one else", async () => {
    const unfunded = (overrides: Parameters<typeof gameDetail>[0]) => {
      const game = gameDetail({ status: 0, ...overrides });
      return {
        ...game,
        prizes: game.prizes.map((prize) =>
          prize.id === "p2" ? { ...prize, funded: false, campaignId: null } : prize,
        ),
      };
    };
    const routes = (game: ReturnType<typeof gameDetail>) => [
      { path: /\/games\/3$/, answer: () => envelope(game) },
      {
        path: /\/games\/3\/tickets$/,
        answer: () => envelope({ balance: 0, spent: 0, rows: [], openVoucher: false }),
      },
      { path: /\/games\/3\/draws$/, answer: () => envelope({ rows: [], total: 0 }) },
      { path: /\/games\/3\/claims$/, answer: () => envelope({ rows: [] }) },
    ];
    stubApi(routes(unfunded({ canManage: true })));
    const owner = renderWithApp(<GamePage id={3} viewer={testViewer()} />);
    const row = await screen.findByTestId("fund-p2");
    expect(row.textContent).toContain("5.00 DFT × 10: 50.00 DFT in all");
    expect(within(row).getByTestId("fund-p2-button")).toBeTruthy();
    expect(screen.queryByTestId("fund-p1")).toBeNull();
    owner.unmount();

    stubApi(routes(unfunded({ canManage: false })));
    renderWithApp(<GamePage id={3} viewer={testViewer()} />);
    await screen.findByTestId("prizes-panel");
    expect(screen.queryByTestId("fund-prizes")).toBeNull();
  });
});
