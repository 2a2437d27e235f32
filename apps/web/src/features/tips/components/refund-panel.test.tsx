import type { TipsCampaignDetail } from "@dropfair/schemas/tips";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { TransactionRevertedError } from "../../../shared/wallet/errors";
import {
  campaignDetail,
  creatorAddress,
  envelope,
  leaderboard,
  participantAddress,
  renderWithApp,
  setupTipsI18n,
  stubApi,
  testViewer,
} from "../testing/test-utils";
import { CampaignPage } from "./campaign-page";

const txHash = `0x${"cd".repeat(32)}` as const;
const walletClient = { kind: "wallet client on 31337" };
const refund = vi.fn();
const clientOnChain = vi.fn();
let connected: string = creatorAddress;

// The wallet: connected to `connected`; the distributor refund is the airdrop feature's, mocked here.
vi.mock("../../../shared/wallet/transactions", async (importOriginal) => ({
  ...(await importOriginal<object>()),
  connectWallet: async () => ({ engine: {}, address: connected }),
  clientOnChain: (...args: unknown[]) => clientOnChain(...args),
  waitForSuccess: async () => undefined,
}));
vi.mock("../../airdrop", () => ({
  loadVoucherClaim: async () => vi.fn(),
  loadDistributorRefund: async () => refund,
}));

beforeAll(setupTipsI18n);
afterEach(() => {
  vi.unstubAllGlobals();
  refund.mockReset();
  clientOnChain.mockReset();
  connected = creatorAddress;
});

const day = 86_400_000;
const iso = (offset: number) => new Date(Date.now() + offset).toISOString();

/** Ended 31 days ago: the claim window closed a day ago; the creator asks. */
const windowClosed = campaignDetail({
  status: 5,
  endAt: iso(-31 * day),
  claimableUntil: iso(-day),
  canManage: true,
});

const recorded = {
  amount: "12500000000000000000",
  txHash,
  refundedAt: "2030-03-01T09:15:00.000Z",
};

function routes(detail: () => TipsCampaignDetail, extra: Parameters<typeof stubApi>[0] = []) {
  return stubApi([
    { path: /\/tips\/campaigns\/4$/, answer: () => envelope(detail()) },
    { path: /\/tips\/campaigns\/4\/leaderboard$/, answer: () => envelope(leaderboard()) },
    {
      path: /\/tips\/campaigns\/4\/claim$/,
      answer: () =>
        envelope({
          state: "expired",
          amount: "0",
          chainId: 31337,
          claimableUntil: windowClosed.claimableUntil,
          claimId: null,
          claimedAt: null,
          txHash: null,
        }),
    },
    ...extra,
  ]);
}

describe("RefundPanel", () => {
  it("refunds: the wallet on the campaign's chain, the distributor's refund, the report, then the refunded amount and transaction", async () => {
    let refunded = false;
    clientOnChain.mockResolvedValue(walletClient);
    refund.mockResolvedValue(txHash);
    const { calls } = routes(
      () => (refunded ? { ...windowClosed, refund: recorded } : windowClosed),
      [
        {
          method: "POST",
          path: /\/tips\/campaigns\/4\/refund$/,
          answer: () => {
            refunded = true;
            return envelope({ ...windowClosed, refund: recorded });
          },
        },
      ],
    );
    renderWithApp(<CampaignPage id={4} viewer={testViewer({ walletAddress: creatorAddress })} />);
    const panel = await screen.findByTestId("tips-refund-panel");
    expect(panel.getAttribute("data-state")).toBe("open");
    expect(screen.getByTestId("tips-refund-text").textContent).toMatch(
      /^The claim window closed on \d{4}-\d\d-\d\d \d\d:\d\d\. Take back what participants did not claim from the distributor \(campaign #2\) to your wallet\.$/,
    );

    fireEvent.click(screen.getByTestId("tips-refund"));
    await waitFor(() =>
      expect(screen.getByTestId("tips-refund-panel").getAttribute("data-state")).toBe("refunded"),
    );
    expect(clientOnChain.mock.calls[0]?.[1]).toMatchObject({ id: 31337 });
    expect(refund).toHaveBeenCalledTimes(1);
    expect(refund).toHaveBeenCalledWith(walletClient, windowClosed.distributor, 2n);
    const posts = calls.filter((call) => call.method === "POST");
    expect(posts.map((call) => call.path)).toEqual(["/api/bounty/tips/campaigns/4/refund"]);
    expect(posts[0]?.body).toBe(JSON.stringify({ txHash }));
    expect(screen.getByTestId("tips-refund-amount").textContent).toBe("12.50 DFT");
    expect(screen.getByTestId("tips-refund-text").textContent).toBe("Refunded 2030-03-01 09:15.");
    expect(screen.getByTestId("tips-refund-tx").textContent).toBe("Transaction 0xcdc…cdcd");
    expect(screen.getByTestId("tips-refund-state").textContent).toBe("Refunded");
    expect(screen.queryByTestId("tips-refund")).toBeNull();
  });

  it("says the transaction was cancelled when the wallet refuses, and reports nothing", async () => {
    clientOnChain.mockResolvedValue(walletClient);
    refund.mockRejectedValue(Object.assign(new Error("User rejected"), { code: 4001 }));
    const { calls } = routes(() => windowClosed);
    renderWithApp(<CampaignPage id={4} viewer={testViewer({ walletAddress: creatorAddress })} />);
    fireEvent.click(await screen.findByTestId("tips-refund"));
    expect((await screen.findByTestId("tips-refund-error")).textContent).toBe(
      "The transaction was cancelled.",
    );
    expect(calls.some((call) => call.path.endsWith("/refund"))).toBe(false);
    expect(screen.getByTestId("tips-refund-panel").getAttribute("data-state")).toBe("open");
    expect(screen.getByTestId("tips-refund").textContent).toBe("Refund");
  });

  it("names a failed transaction and a wallet connected to another account, and sends nothing then", async () => {
    clientOnChain.mockResolvedValue(walletClient);
    refund.mockRejectedValue(new TransactionRevertedError(txHash));
    routes(() => windowClosed);
    renderWithApp(<CampaignPage id={4} viewer={testViewer({ walletAddress: creatorAddress })} />);
    fireEvent.click(await screen.findByTestId("tips-refund"));
    expect((await screen.findByTestId("tips-refund-error")).textContent).toBe(
      "The transaction failed, please try again later.",
    );

    refund.mockClear();
    connected = participantAddress;
    fireEvent.click(screen.getByTestId("tips-refund"));
    await waitFor(() =>
      expect(screen.getByTestId("tips-refund-error").textContent).toBe(
        `The connected wallet ${participantAddress} is not the one you signed in with. Switch accounts in your wallet and try again.`,
      ),
    );
    expect(refund).not.toHaveBeenCalled();
  });

  it("keeps a refund that went through on chain but was refused by the API, and records it again without a second transaction", async () => {
    let refusals = 1;
    clientOnChain.mockResolvedValue(walletClient);
    refund.mockResolvedValue(txHash);
    const { calls } = routes(
      () => (refusals < 0 ? { ...windowClosed, refund: recorded } : windowClosed),
      [
        {
          method: "POST",
          path: /\/tips\/campaigns\/4\/refund$/,
          answer: () => {
            refusals -= 1;
            if (refusals >= 0)
              return envelope(null, {
                typeCode: 751,
                message: "What is left of the prize can be refunded only after the 30-day claim window.",
                status: 409,
              });
            return envelope({ ...windowClosed, refund: recorded });
          },
        },
      ],
    );
    renderWithApp(<CampaignPage id={4} viewer={testViewer({ walletAddress: creatorAddress })} />);
    fireEvent.click(await screen.findByTestId("tips-refund"));
    expect((await screen.findByTestId("tips-refund-error")).textContent).toBe(
      "What is left of the prize can be refunded only after the 30-day claim window.",
    );
    expect(screen.getByTestId("tips-refund").textContent).toBe("Record the refund again");
    expect(screen.getByTestId("tips-refund-text").textContent).toBe(
      "The refund went through on chain but is not recorded yet. Record it again.",
    );

    fireEvent.click(screen.getByTestId("tips-refund"));
    await waitFor(() =>
      expect(screen.getByTestId("tips-refund-panel").getAttribute("data-state")).toBe("refunded"),
    );
    expect(refund).toHaveBeenCalledTimes(1);
    const reports = calls.filter((call) => call.method === "POST" && call.path.endsWith("/refund"));
    expect(reports.map((call) => call.body)).toEqual([
      JSON.stringify({ txHash }),
      JSON.stringify({ txHash }),
    ]);
  });

  it("is the creator's only once the claim window has ended", async () => {
    const cases: { detail: TipsCampaignDetail; wallet: string | undefined; shown: boolean }[] = [
      { detail: windowClosed, wallet: creatorAddress, shown: true },
      // The window still open, or closed by less than the margin for a browser clock ahead of the server's.
      { detail: { ...windowClosed, claimableUntil: iso(day) }, wallet: creatorAddress, shown: false },
      { detail: { ...windowClosed, claimableUntil: iso(-30_000) }, wallet: creatorAddress, shown: false },
      // Never funded: nothing to refund.
      {
        detail: { ...windowClosed, funded: false, distributorCampaignId: null },
        wallet: creatorAddress,
        shown: false,
      },
      // Anonymous, a participant and another signed-in wallet.
      { detail: { ...windowClosed, canManage: false }, wallet: undefined, shown: false },
      {
        detail: {
          ...windowClosed,
          canManage: false,
          me: { joined: true, banned: false, xUserId: "44196397", reloadAvailableAt: null },
        },
        wallet: participantAddress,
        shown: false,
      },
      { detail: { ...windowClosed, canManage: false }, wallet: participantAddress, shown: false },
    ];
    for (const { detail, wallet, shown } of cases) {
      routes(() => detail);
      const view = renderWithApp(<CampaignPage id={4} viewer={testViewer({ walletAddress: wallet })} />);
      await screen.findByTestId("tips-state-notice");
      expect(screen.queryByTestId("tips-refund-panel") !== null, JSON.stringify({ wallet, detail })).toBe(
        shown,
      );
      view.unmount();
      vi.unstubAllGlobals();
    }
    expect(refund).not.toHaveBeenCalled();
  });
});
