import { fireEvent, screen, waitFor } from "@testing-library/react";
import { useState } from "react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { landingRotation } from "../model/wheel-display";
import {
  envelope,
  gameDetail,
  playerAddress,
  renderWithApp,
  setupWheelI18n,
  stubApi,
  testViewer,
} from "../testing/test-utils";
import { SpinPanel } from "./spin-panel";

const txHash = `0x${"12".repeat(32)}`;
const wallet = vi.hoisted(() => ({
  connectWallet: vi.fn(),
  clientOnChain: vi.fn(async () => ({})),
  waitForSuccess: vi.fn(async () => undefined),
  sendSpin: vi.fn(),
}));
vi.mock("../wallet/wheel-wallet", () => wallet);

const voucher = {
  spinId: 9,
  chainId: 31337,
  contract: "0x0165878A594ca255338adfa4d48449f69242Eb8F",
  voucher: { gameId: "3", account: playerAddress, nonce: "9", deadline: "1900000000" },
  signature: `0x${"99".repeat(65)}`,
};

function spin(stage: string, recorded: boolean) {
  return {
    spinId: 9,
    nonce: "9",
    account: playerAddress,
    stage,
    txHash,
    blockNumber: recorded ? "40" : null,
    blockHash: recorded ? `0x${"34".repeat(32)}` : null,
    position: recorded ? "75" : null,
    prizeId: recorded ? "p2" : null,
    requestedAt: "2026-02-01T10:00:00.000Z",
    recordedAt: recorded ? "2026-02-01T10:00:05.000Z" : null,
  };
}

/** The panel inside a page that refetches the game (new prize objects) on demand, as the page does after a spin. */
function RefetchingPage({ animationMs }: { animationMs: number }) {
  const [game, setGame] = useState(gameDetail());
  return (
    <>
      <button type="button" data-testid="refetch" onClick={() => setGame(gameDetail())} />
      <SpinPanel game={game} viewer={testViewer()} animationMs={animationMs} />
    </>
  );
}

beforeAll(setupWheelI18n);
afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

describe("SpinPanel", () => {
  it("spins from the wallet, waits for the record, and lands the wheel on the prize the server recorded", async () => {
    wallet.connectWallet.mockResolvedValue({ engine: {}, address: playerAddress });
    wallet.sendSpin.mockResolvedValue(txHash);
    let reads = 0;
    const { calls } = stubApi([
      {
        path: /\/games\/3\/tickets$/,
        answer: () => envelope({ balance: 1, spent: 0, rows: [], openVoucher: false }),
      },
      { method: "POST", path: /\/games\/3\/spins$/, answer: () => envelope(voucher) },
      {
        method: "POST",
        path: /\/games\/3\/spins\/9\/transaction$/,
        answer: () => envelope(spin("drawing", false)),
      },
      {
        path: /\/games\/3\/spins\/9$/,
        answer: () => {
          reads += 1;
          return envelope(reads < 2 ? spin("drawing", false) : spin("dispatching", true));
        },
      },
    ]);
    renderWithApp(<SpinPanel game={gameDetail()} viewer={testViewer()} animationMs={0} />);
    const button = await screen.findByTestId("spin-button");
    await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(button);
    const result = await screen.findByTestId("spin-result", {}, { timeout: 10_000 });
    expect(result.getAttribute("data-prize-id")).toBe("p2");
    expect(result.textContent).toContain("You won 5.00 DFT");
    expect(screen.getByTestId("spin-stages").getAttribute("data-stage")).toBe("dispatching");
    expect(screen.getByTestId("wheel-graphic").getAttribute("data-rotation")).toBe(
      String(landingRotation(0, 1, 3)),
    );
    expect(wallet.sendSpin).toHaveBeenCalledWith({}, voucher);
    const report = calls.find((call) => call.method === "POST" && call.path.endsWith("/spins/9/transaction"));
    expect(JSON.parse(report!.body)).toEqual({ txHash });
    expect(reads).toBeGreaterThanOrEqual(2);
  });

  it("still shows the result when the game is refetched while the wheel turns", async () => {
    wallet.connectWallet.mockResolvedValue({ engine: {}, address: playerAddress });
    wallet.sendSpin.mockResolvedValue(txHash);
    stubApi([
      {
        path: /\/games\/3\/tickets$/,
        answer: () => envelope({ balance: 1, spent: 0, rows: [], openVoucher: false }),
      },
      { method: "POST", path: /\/games\/3\/spins$/, answer: () => envelope(voucher) },
      {
        method: "POST",
        path: /\/games\/3\/spins\/9\/transaction$/,
        answer: () => envelope(spin("drawing", false)),
      },
      { path: /\/games\/3\/spins\/9$/, answer: () => envelope(spin("dispatching", true)) },
    ]);
    renderWithApp(<RefetchingPage animationMs={400} />);
    const button = await screen.findByTestId("spin-button");
    await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(button);
    await waitFor(() =>
      expect(screen.getByTestId("spin-stages").getAttribute("data-stage")).toBe("dispatching"),
    );
    fireEvent.click(screen.getByTestId("refetch"));
    expect(
      (await screen.findByTestId("spin-result", {}, { timeout: 5_000 })).getAttribute("data-prize-id"),
    ).toBe("p2");
  });

  it("refuses to send from a wallet other than the signed-in one", async () => {
    wallet.connectWallet.mockResolvedValue({
      engine: {},
      address: "0x90F79bf6EB2c4f870365E785982E1f101E93b906",
    });
    stubApi([
      {
        path: /\/games\/3\/tickets$/,
        answer: () => envelope({ balance: 1, spent: 0, rows: [], openVoucher: false }),
      },
      { method: "POST", path: /\/games\/3\/spins$/, answer: () => envelope(voucher) },
    ]);
    renderWithApp(<SpinPanel game={gameDetail()} viewer={testViewer()} animationMs={0} />);
    const button = await screen.findByTestId("spin-button");
    await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(button);
    const message = await screen.findByText(/is not the one you signed in with/);
    expect(message.textContent).toMatch(/^Account address verification failed\. The connected wallet 0x90F7/);
    expect(wallet.sendSpin).not.toHaveBeenCalled();
    expect(screen.queryByTestId("spin-result")).toBeNull();
  });

  it("says the transaction was cancelled when the wallet refuses the spin, and reports nothing", async () => {
    wallet.connectWallet.mockResolvedValue({ engine: {}, address: playerAddress });
    wallet.sendSpin.mockRejectedValue(Object.assign(new Error("User rejected the request."), { code: 4001 }));
    const { calls } = stubApi([
      {
        path: /\/games\/3\/tickets$/,
        answer: () => envelope({ balance: 1, spent: 0, rows: [], openVoucher: false }),
      },
      { method: "POST", path: /\/games\/3\/spins$/, answer: () => envelope(voucher) },
    ]);
    renderWithApp(<SpinPanel game={gameDetail()} viewer={testViewer()} animationMs={0} />);
    const button = await screen.findByTestId("spin-button");
    await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(button);
    expect(await screen.findByText("The transaction was cancelled.")).toBeTruthy();
    expect(wallet.sendSpin).toHaveBeenCalledTimes(1);
    expect(calls.some((call) => call.path.endsWith("/transaction"))).toBe(false);
    expect(screen.queryByTestId("spin-result")).toBeNull();
  });

  it("keeps Spin open without a ticket while a voucher given out was never sent", async () => {
    stubApi([
      {
        path: /\/games\/3\/tickets$/,
        answer: () => envelope({ balance: 0, spent: 1, rows: [], openVoucher: true }),
      },
    ]);
    renderWithApp(<SpinPanel game={gameDetail()} viewer={testViewer()} animationMs={0} />);
    const button = await screen.findByTestId("spin-button");
    await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false));
    expect(screen.queryByTestId("spin-no-ticket")).toBeNull();
  });

  it("a game that is not running shows why instead of Spin", async () => {
    stubApi([
      {
        path: /\/games\/3\/tickets$/,
        answer: () => envelope({ balance: 3, spent: 0, rows: [], openVoucher: false }),
      },
    ]);
    renderWithApp(<SpinPanel game={gameDetail({ status: 4 })} viewer={testViewer()} animationMs={0} />);
    expect((await screen.findByTestId("spin-closed")).textContent).toBe("The game has not started yet.");
    expect(screen.queryByTestId("spin-button")).toBeNull();
  });

  it("tells a signed-out visitor why a stopped game cannot be spun, rather than asking them to sign in", async () => {
    stubApi([]);
    renderWithApp(
      <SpinPanel
        game={gameDetail({ status: 10, errorReason: "fundingWithdrawn:p1:refunded" })}
        viewer={testViewer({ walletAddress: undefined })}
        animationMs={0}
      />,
    );
    expect((await screen.findByTestId("spin-closed")).textContent).toBe("The game cannot be played.");
    expect(screen.queryByText("Sign in with your wallet to spin.")).toBeNull();
    expect(screen.queryByTestId("spin-button")).toBeNull();
  });
});
