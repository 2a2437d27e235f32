import { fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { TransactionRevertedError } from "../../../shared/wallet/errors";
import {
  campaignDetail,
  envelope,
  leaderboard,
  participantAddress,
  renderWithApp,
  setupTipsI18n,
  stubApi,
  testViewer,
} from "../testing/test-utils";
import { CampaignPage } from "./campaign-page";

const txHash = `0x${"ab".repeat(32)}` as const;
const walletClient = { kind: "wallet client on 31337" };
const claimWithVoucher = vi.fn();
const clientOnChain = vi.fn();

// The wallet: connected to the signed-in address; the distributor claim is the airdrop feature's, mocked here.
vi.mock("../../../shared/wallet/transactions", async (importOriginal) => ({
  ...(await importOriginal<object>()),
  connectWallet: async () => ({ engine: {}, address: participantAddress }),
  clientOnChain: (...args: unknown[]) => clientOnChain(...args),
  waitForSuccess: async () => undefined,
}));
vi.mock("../../airdrop", () => ({ loadVoucherClaim: async () => claimWithVoucher }));

beforeAll(setupTipsI18n);
afterEach(() => {
  vi.unstubAllGlobals();
  claimWithVoucher.mockReset();
  clientOnChain.mockReset();
});

const ended = campaignDetail({
  status: 5,
  endAt: "2029-12-31T10:00:00.000Z",
  claimableUntil: "2030-01-30T10:00:00.000Z",
  me: { joined: true, banned: false, xUserId: "44196397", reloadAvailableAt: null },
});

const claimable = {
  state: "claimable",
  amount: "905829596412556053811",
  chainId: 31337,
  claimableUntil: "2030-01-30T10:00:00.000Z",
  claimId: null,
  claimedAt: null,
  txHash: null,
};

const signed = {
  claimId: 12,
  chainId: 31337,
  distributor: "0xCf7Ed3AccA5a467e9e704C703E8D87F634fB0Fc9",
  voucher: {
    campaignId: "2",
    recipient: participantAddress,
    amount: "905829596412556053811",
    nonce: "12",
    deadline: "1893456000",
  },
  signature: `0x${"11".repeat(65)}`,
};

function routes(claim: () => unknown, extra: Parameters<typeof stubApi>[0] = []) {
  return stubApi([
    { path: /\/tips\/campaigns\/4$/, answer: () => envelope(ended) },
    { path: /\/tips\/campaigns\/4\/leaderboard$/, answer: () => envelope(leaderboard()) },
    { path: /\/tips\/campaigns\/4\/claim$/, answer: () => envelope(claim()) },
    ...extra,
  ]);
}

describe("ClaimPanel", () => {
  it("claims the payout: the voucher, the distributor claim from the wallet, the report, then claimed with its transaction", async () => {
    let claimed = false;
    clientOnChain.mockResolvedValue(walletClient);
    claimWithVoucher.mockResolvedValue(txHash);
    const { calls } = routes(
      () =>
        claimed
          ? { ...claimable, state: "claimed", claimId: 12, claimedAt: "2030-01-02T08:30:00.000Z", txHash }
          : claimable,
      [
        { method: "POST", path: /\/tips\/campaigns\/4\/claim$/, answer: () => envelope(signed) },
        {
          method: "POST",
          path: /\/tips\/campaigns\/4\/claims\/12\/transaction$/,
          answer: () => {
            claimed = true;
            return envelope({ ...claimable, state: "claimed", claimId: 12, txHash });
          },
        },
      ],
    );
    renderWithApp(<CampaignPage id={4} viewer={testViewer()} />);
    expect((await screen.findByTestId("tips-claim-amount")).textContent).toBe("905.82 DFT");
    const text = screen.getByTestId("tips-claim-text").textContent ?? "";
    expect(text).toMatch(/^Claim from your wallet until 2030-01-30 10:00 \(\d+ d \d+ h \d+ min left\)\.$/);
    expect(screen.getByTestId("tips-claim-state").textContent).toBe("Claimable");

    fireEvent.click(screen.getByTestId("tips-claim"));
    await waitFor(() =>
      expect(screen.getByTestId("tips-claim-panel").getAttribute("data-state")).toBe("claimed"),
    );
    expect(claimWithVoucher).toHaveBeenCalledTimes(1);
    expect(claimWithVoucher).toHaveBeenCalledWith(
      walletClient,
      signed.distributor,
      signed.voucher,
      signed.signature,
    );
    expect(clientOnChain.mock.calls[0]?.[1]).toMatchObject({ id: 31337 });
    const posts = calls.filter((call) => call.method === "POST");
    expect(posts.map((call) => call.path)).toEqual([
      "/api/bounty/tips/campaigns/4/claim",
      "/api/bounty/tips/campaigns/4/claims/12/transaction",
    ]);
    expect(posts[1]?.body).toBe(JSON.stringify({ txHash }));
    expect(screen.getByTestId("tips-claim-text").textContent).toBe("Claimed 2030-01-02 08:30.");
    expect(screen.getByTestId("tips-claim-tx").textContent).toBe("Transaction 0xaba…abab");
    expect(screen.queryByTestId("tips-claim")).toBeNull();
  });

  it("says the transaction was cancelled when the wallet refuses, and reports nothing", async () => {
    clientOnChain.mockResolvedValue(walletClient);
    claimWithVoucher.mockRejectedValue(Object.assign(new Error("User rejected"), { code: 4001 }));
    const { calls } = routes(
      () => claimable,
      [{ method: "POST", path: /\/tips\/campaigns\/4\/claim$/, answer: () => envelope(signed) }],
    );
    renderWithApp(<CampaignPage id={4} viewer={testViewer()} />);
    fireEvent.click(await screen.findByTestId("tips-claim"));
    expect((await screen.findByTestId("tips-claim-error")).textContent).toBe(
      "The transaction was cancelled.",
    );
    expect(calls.some((call) => call.path.includes("/transaction"))).toBe(false);
    expect(screen.getByTestId("tips-claim")).toBeTruthy();
  });

  it("says a failed transaction should be tried later", async () => {
    clientOnChain.mockResolvedValue(walletClient);
    claimWithVoucher.mockRejectedValue(new TransactionRevertedError(txHash));
    routes(
      () => claimable,
      [{ method: "POST", path: /\/tips\/campaigns\/4\/claim$/, answer: () => envelope(signed) }],
    );
    renderWithApp(<CampaignPage id={4} viewer={testViewer()} />);
    fireEvent.click(await screen.findByTestId("tips-claim"));
    expect((await screen.findByTestId("tips-claim-error")).textContent).toBe(
      "The transaction failed, please try again later.",
    );
  });

  it("shows the API's refusal of the voucher in its words, and never opens the wallet", async () => {
    routes(
      () => claimable,
      [
        {
          method: "POST",
          path: /\/tips\/campaigns\/4\/claim$/,
          answer: () =>
            envelope(null, {
              typeCode: 4716,
              message: "The claim window of this campaign has closed.",
              status: 409,
            }),
        },
      ],
    );
    renderWithApp(<CampaignPage id={4} viewer={testViewer()} />);
    fireEvent.click(await screen.findByTestId("tips-claim"));
    expect((await screen.findByTestId("tips-claim-error")).textContent).toBe(
      "The claim window of this campaign has closed.",
    );
    expect(clientOnChain).not.toHaveBeenCalled();
    expect(claimWithVoucher).not.toHaveBeenCalled();
  });

  it.each([
    [
      "pending",
      "Your estimated earnings. You can claim them once the creator confirms the final leaderboard, until 2030-01-30 10:00.",
    ],
    ["expired", "The claim window closed on 2030-01-30 10:00."],
    ["none", "You have no earnings in this campaign."],
  ])("offers no claim when the payout is %s", async (state, text) => {
    routes(() => ({ ...claimable, state, amount: state === "none" ? "0" : claimable.amount }));
    renderWithApp(<CampaignPage id={4} viewer={testViewer()} />);
    expect((await screen.findByTestId("tips-claim-text")).textContent).toBe(text);
    expect(screen.queryByTestId("tips-claim")).toBeNull();
    expect(screen.queryByTestId("tips-claim-amount") === null).toBe(state === "none");
  });

  it("is not shown to someone who did not join", async () => {
    const { calls } = stubApi([
      {
        path: /\/tips\/campaigns\/4$/,
        answer: () => envelope({ ...ended, me: { ...ended.me, joined: false } }),
      },
      { path: /\/tips\/campaigns\/4\/leaderboard$/, answer: () => envelope(leaderboard()) },
    ]);
    renderWithApp(<CampaignPage id={4} viewer={testViewer()} />);
    await screen.findByTestId("tips-state-notice");
    expect(screen.queryByTestId("tips-claim-panel")).toBeNull();
    expect(calls.some((call) => call.path.endsWith("/claim"))).toBe(false);
  });
});
