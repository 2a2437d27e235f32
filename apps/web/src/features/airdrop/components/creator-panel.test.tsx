import type { AirdropDetail } from "@dropfair/schemas/airdrop";
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { platformConfigQueryOptions } from "../../../shared/api/get-platform-config";
import { createQueryClient } from "../../../shared/api/query-client";
import { MessageDialog } from "../../../shared/ui/message-dialog";
import { Providers } from "../../../testing/providers";
import { envelope, nftAirdropDetail, platformConfig, setupAirdropI18n } from "../testing/test-utils";
import { CreatorPanel } from "./creator-panel";

/** The creator panel of an NFT airdrop, with the wallet module (the chain) replaced by a recorder. */
const chain = vi.hoisted(() => {
  const creator = "0x15d34AAf54267DB7D7c367839AAf71A00a2C6A65";
  const state = { sent: [] as { call: string; args: unknown[] }[], owned: new Set<bigint>() };
  const hash = () => `0x${(state.sent.length + 1).toString(16).padStart(64, "0")}`;
  return {
    creator,
    state,
    distributor: {
      connectWallet: async () => ({ engine: {}, address: creator }),
      clientOnChain: async () => ({}),
      waitForSuccess: async () => undefined,
      idsNotOwned: async (_client: unknown, _collection: string, _owner: string, tokenIds: bigint[]) =>
        tokenIds.filter((tokenId) => !state.owned.has(tokenId)),
      isCollectionApproved: async () => true,
      approveCollection: async () => hash(),
      createCampaign: async () => hash(),
      registerNft: async (_client: unknown, _target: string, campaignId: bigint, tokenIds: bigint[]) => {
        const value = hash();
        state.sent.push({ call: "registerNft", args: [campaignId, [...tokenIds]] });
        return value;
      },
      refund: async (_client: unknown, _target: string, campaignId: bigint) => {
        const value = hash();
        state.sent.push({ call: "refund", args: [campaignId] });
        return value;
      },
      readWalletNfts: async () => ({ enumerable: false }),
    },
  };
});

vi.mock("../wallet/distributor", () => chain.distributor);

/** An NFT airdrop on chain (campaign 7) that needs 3 NFTs. */
function nftAirdrop(overrides: Partial<AirdropDetail>): AirdropDetail {
  return nftAirdropDetail({
    claimableAmount: "1",
    participantCount: 3,
    totalWeight: 3,
    editable: false,
    prepared: true,
    merkleRoot: `0x${"ab".repeat(32)}`,
    requiredDeposit: "3",
    distributorAddress: "0xCf7Ed3AccA5a467e9e704C703E8D87F634fB0Fc9",
    campaignId: "7",
    deposited: "1",
    ...overrides,
  });
}

/** The API: the platform config, and each reported transaction answered with `booked`. */
function serveApi(booked: AirdropDetail) {
  const reported: string[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      if (url.endsWith("/platform/config")) return envelope(platformConfig());
      if (url.endsWith("/airdrop/5/transactions")) {
        reported.push((JSON.parse(String(init?.body)) as { txHash: string }).txHash);
        return envelope(booked);
      }
      return envelope(booked);
    }),
  );
  return reported;
}

/** Renders the panel once the platform config is known, as the app shell does before any page. */
async function renderPanel(detail: AirdropDetail) {
  const queryClient = createQueryClient();
  await queryClient.fetchQuery(platformConfigQueryOptions());
  const router = createMemoryRouter([{ path: "/airdrop/5", element: <CreatorPanel detail={detail} /> }], {
    initialEntries: ["/airdrop/5"],
  });
  render(
    <Providers queryClient={queryClient}>
      <MessageDialog />
      <RouterProvider router={router} />
    </Providers>,
  );
}

beforeAll(() => setupAirdropI18n());

beforeEach(() => {
  chain.state.sent = [];
  chain.state.owned = new Set([150n, 151n, 152n]);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("the creator panel of an NFT airdrop", () => {
  it("shows registered against needed and registers up to the missing NFTs before the end", async () => {
    const reported = serveApi(nftAirdrop({ deposited: "3" }));
    await renderPanel(nftAirdrop({}));
    expect(screen.getByTestId("creator-required").textContent).toBe("3 DFNFT");
    expect(screen.getByTestId("creator-deposited").textContent).toBe("1 DFNFT");
    const field = screen.getByTestId("nft-token-ids") as HTMLTextAreaElement;

    fireEvent.change(field, { target: { value: "150 151 152" } });
    fireEvent.click(screen.getByTestId("creator-register-nfts"));
    expect(await screen.findByText("At most 2 more NFTs are needed; 3 entered.")).toBeTruthy();
    fireEvent.change(field, { target: { value: "150, 999" } });
    fireEvent.click(screen.getByTestId("creator-register-nfts"));
    expect(await screen.findByText("Your wallet does not own these token ids: 999")).toBeTruthy();
    expect(chain.state.sent).toEqual([]);

    fireEvent.change(field, { target: { value: "150, 151" } });
    fireEvent.click(screen.getByTestId("creator-register-nfts"));
    await waitFor(() =>
      expect(chain.state.sent).toEqual([{ call: "registerNft", args: [7n, [150n, 151n]] }]),
    );
    await waitFor(() => expect(reported).toHaveLength(1));
    await waitFor(() => expect(field.value).toBe(""));
  });

  it("offers no registering once enough NFTs are in, and refunds the NFTs left after the end", async () => {
    const reported = serveApi(nftAirdrop({ status: 3, deposited: "3", refundedAmount: "2" }));
    await renderPanel(
      nftAirdrop({ status: 3, deposited: "3", claimedAmount: "1", releasedAt: "2029-12-01T00:00:00Z" }),
    );
    expect(screen.queryByTestId("nft-token-ids")).toBeNull();
    expect(screen.getByTestId("creator-remainder").textContent).toBe("2 DFNFT");
    expect(screen.getByText("2 DFNFT is left in the campaign. Refund it to your wallet.")).toBeTruthy();
    fireEvent.click(screen.getByTestId("creator-refund"));
    fireEvent.click(await screen.findByRole("button", { name: "Confirm" }));
    await waitFor(() => expect(chain.state.sent).toEqual([{ call: "refund", args: [7n] }]));
    await waitFor(() => expect(reported).toHaveLength(1));
  });

  it("offers no refund while the chain's clock is still inside the window, though the server's says ended", async () => {
    serveApi(nftAirdrop({ status: 3 }));
    await renderPanel(
      nftAirdrop({ status: 3, refundOpen: false, deposited: "3", releasedAt: "2029-12-01T00:00:00Z" }),
    );
    expect(
      screen.getByText("The chain's clock has not passed the end yet. The refund opens when it does."),
    ).toBeTruthy();
    expect((screen.getByTestId("creator-refund") as HTMLButtonElement).disabled).toBe(true);
  });
});
