import { fireEvent, screen } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
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

const wallet = vi.hoisted(() => ({
  connectWallet: vi.fn(),
  clientOnChain: vi.fn(async () => ({})),
  waitForSuccess: vi.fn(async () => undefined),
  sendSpin: vi.fn(),
  sendClaim: vi.fn(),
}));
vi.mock("../wallet/wheel-wallet", () => wallet);

const claimable = {
  prizeId: "p2",
  kind: "token",
  count: 1,
  total: "5000000000000000000",
  chainId: 31337,
  endTime: "2030-01-08T10:00:00.000Z",
  claimTime: null,
  state: "claimable",
};

function stubClaim() {
  return stubApi([
    { path: /\/games\/3\/claims$/, answer: () => envelope({ rows: [claimable] }) },
    {
      method: "POST",
      path: /\/games\/3\/prizes\/p2\/claim$/,
      answer: () =>
        envelope({
          claimId: 5,
          chainId: 31337,
          distributor: "0xCf7Ed3AccA5a467e9e704C703E8D87F634fB0Fc9",
          voucher: {
            campaignId: "4",
            recipient: playerAddress,
            amount: "5000000000000000000",
            nonce: "1",
            deadline: "1900000000",
          },
          signature: `0x${"99".repeat(65)}`,
        }),
    },
  ]);
}

beforeAll(setupWheelI18n);
afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

describe("ClaimsPanel wallet steps", () => {
  it("says the transaction was cancelled when the wallet refuses the claim, and reports nothing", async () => {
    wallet.connectWallet.mockResolvedValue({ engine: {}, address: playerAddress });
    wallet.sendClaim.mockRejectedValue(
      Object.assign(new Error("User rejected the request."), { code: 4001 }),
    );
    const { calls } = stubClaim();
    renderWithApp(<ClaimsPanel game={gameDetail()} viewer={testViewer()} />);
    fireEvent.click(await screen.findByTestId("claim-button"));
    expect(await screen.findByText("The transaction was cancelled.")).toBeTruthy();
    expect(wallet.sendClaim).toHaveBeenCalledTimes(1);
    expect(calls.some((call) => call.path.includes("/transaction"))).toBe(false);
  });

  it("refuses to claim from a wallet other than the signed-in one: account address verification failed", async () => {
    wallet.connectWallet.mockResolvedValue({
      engine: {},
      address: "0x90F79bf6EB2c4f870365E785982E1f101E93b906",
    });
    stubClaim();
    renderWithApp(<ClaimsPanel game={gameDetail()} viewer={testViewer()} />);
    fireEvent.click(await screen.findByTestId("claim-button"));
    const message = await screen.findByText(/^Account address verification failed\./);
    expect(message.textContent).toContain("0x90F79bf6EB2c4f870365E785982E1f101E93b906");
    expect(wallet.sendClaim).not.toHaveBeenCalled();
  });
});
