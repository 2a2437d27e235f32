import { fireEvent, screen, within } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { i18n } from "../../../shared/i18n/i18n";
import {
  envelope,
  gameDetail,
  playerAddress,
  renderWithApp,
  setupWheelI18n,
  stubApi,
  testViewer,
} from "../testing/test-utils";
import { ClaimsPanel } from "./claims-panel";

const txHash = `0x${"ab".repeat(32)}`;
const walletClient = { account: { address: playerAddress } };
// The wheel's wallet steps (connect, switch, wait); the claim itself is the airdrop feature's, mocked here.
const wallet = vi.hoisted(() => ({
  connectWallet: vi.fn(),
  clientOnChain: vi.fn(),
  waitForSuccess: vi.fn(async () => undefined),
}));
vi.mock("../wallet/wheel-wallet", () => wallet);
const claimWithVoucher = vi.hoisted(() => vi.fn());
vi.mock("../../airdrop", () => ({ loadVoucherClaim: async () => claimWithVoucher }));

const signed = {
  claimId: 12,
  chainId: 31337,
  distributor: "0xCf7Ed3AccA5a467e9e704C703E8D87F634fB0Fc9",
  voucher: {
    campaignId: "4",
    recipient: playerAddress,
    amount: "600000000000000000000000",
    nonce: "12",
    deadline: "1900000000",
  },
  signature: `0x${"99".repeat(65)}`,
};

/** The player won the 5 DFT prize 120,000 times (600,000 DFT) and has not claimed it yet. */
function claims(state: "claimable" | "claimed") {
  return {
    rows: [
      {
        prizeId: "p2",
        kind: "token",
        count: 120_000,
        total: "600000000000000000000000",
        chainId: 31337,
        endTime: "2030-01-08T10:00:00.000Z",
        claimTime: state === "claimed" ? "2026-02-01T10:00:00.000Z" : null,
        state,
      },
    ],
  };
}

function render() {
  let claimed = false;
  const api = stubApi([
    { path: /\/games\/3\/claims$/, answer: () => envelope(claims(claimed ? "claimed" : "claimable")) },
    { method: "POST", path: /\/games\/3\/prizes\/p2\/claim$/, answer: () => envelope(signed) },
    {
      method: "POST",
      path: /\/games\/3\/claims\/12\/transaction$/,
      answer: () => {
        claimed = true;
        return envelope(claims("claimed"));
      },
    },
  ]);
  renderWithApp(<ClaimsPanel game={gameDetail()} viewer={testViewer()} />);
  return api;
}

beforeAll(setupWheelI18n);
afterEach(async () => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
  await i18n.changeLanguage("en");
});

describe("ClaimsPanel", () => {
  it("shows the total and the count grouped by thousands, in en and cn", async () => {
    render();
    const row = await screen.findByTestId("claim-p2");
    expect(within(row).getByTestId("claim-total").textContent).toBe("600,000.00 DFT");
    expect(row.textContent).toContain("120,000");
    await i18n.changeLanguage("cn");
    await i18n.loadNamespaces("wheel");
    expect((await screen.findByText("数量")).closest("tr")?.textContent).toContain("120,000");
    expect(within(screen.getByTestId("claim-p2")).getByTestId("claim-total").textContent).toBe(
      "600,000.00 DFT",
    );
  });

  it("claims with the airdrop feature's voucher claim, then reports the transaction", async () => {
    wallet.connectWallet.mockResolvedValue({ engine: {}, address: playerAddress });
    wallet.clientOnChain.mockResolvedValue(walletClient);
    claimWithVoucher.mockResolvedValue(txHash);
    const { calls } = render();
    fireEvent.click(await screen.findByTestId("claim-button"));
    await screen.findByTestId("claim-done");
    expect(claimWithVoucher).toHaveBeenCalledTimes(1);
    expect(claimWithVoucher).toHaveBeenCalledWith(
      walletClient,
      signed.distributor,
      signed.voucher,
      signed.signature,
    );
    expect(wallet.waitForSuccess).toHaveBeenCalledWith(walletClient, txHash);
    const report = calls.find((call) => call.path.endsWith("/claims/12/transaction"));
    expect(JSON.parse(report?.body ?? "{}")).toEqual({ txHash });
  });

  it("words a refused claim with the wheel's own message and reports nothing", async () => {
    wallet.connectWallet.mockResolvedValue({ engine: {}, address: playerAddress });
    wallet.clientOnChain.mockResolvedValue(walletClient);
    // viem's ContractFunctionRevertedError, decoded with the distributor's ABI.
    claimWithVoucher.mockRejectedValue(
      Object.assign(new Error("Execution reverted"), { data: { errorName: "VoucherUsed" } }),
    );
    const { calls } = render();
    fireEvent.click(await screen.findByTestId("claim-button"));
    expect(await screen.findByText("This ticket was already spent on chain.")).toBeTruthy();
    expect(calls.some((call) => call.path.endsWith("/transaction"))).toBe(false);
    expect(
      screen.getByText("Claim from your wallet").closest("[data-status]")?.getAttribute("data-status"),
    ).toBe("failed");
  });

  it("says the transaction was cancelled when the wallet refuses the claim, and reports nothing", async () => {
    wallet.connectWallet.mockResolvedValue({ engine: {}, address: playerAddress });
    wallet.clientOnChain.mockResolvedValue(walletClient);
    claimWithVoucher.mockRejectedValue(
      Object.assign(new Error("User rejected the request."), { code: 4001 }),
    );
    const { calls } = render();
    fireEvent.click(await screen.findByTestId("claim-button"));
    expect(await screen.findByText("The transaction was cancelled.")).toBeTruthy();
    expect(claimWithVoucher).toHaveBeenCalledTimes(1);
    expect(calls.some((call) => call.path.includes("/transaction"))).toBe(false);
  });

  it("refuses to claim from a wallet other than the signed-in one: account address verification failed", async () => {
    wallet.connectWallet.mockResolvedValue({
      engine: {},
      address: "0x90F79bf6EB2c4f870365E785982E1f101E93b906",
    });
    render();
    fireEvent.click(await screen.findByTestId("claim-button"));
    const message = await screen.findByText(/^Account address verification failed\./);
    expect(message.textContent).toContain("0x90F79bf6EB2c4f870365E785982E1f101E93b906");
    expect(claimWithVoucher).not.toHaveBeenCalled();
  });
});
