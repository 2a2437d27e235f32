import type { AirdropDetail } from "@dropfair/schemas/airdrop";
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { Suspense } from "react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { createQueryClient } from "../../../shared/api/query-client";
import { Providers } from "../../../testing/providers";
import type { AirdropViewer } from "../model/integrations";
import { airdropDetail, envelope, setupAirdropI18n, testViewer } from "../testing/test-utils";
import { ClaimBox } from "./claim-box";

/** A released Discord-role airdrop (id 9) that someone else created, seen by a participant. */
function detail(overrides: Partial<AirdropDetail>): AirdropDetail {
  return airdropDetail({
    id: 9,
    title: "OG role",
    creator: "0x9965507D1a55bcC2695C58ba16FB37d819B0A4dc",
    status: 2,
    idType: "discord",
    rewardType: "discord_role",
    chainId: null,
    participantCount: 2,
    startAt: "2026-01-01T00:00:00.000Z",
    endAt: "2030-01-01T00:00:00.000Z",
    totalWeight: 2,
    discordGuildId: "837840745267331272",
    discordRoleId: "837840745267331374",
    isCreator: false,
    editable: false,
    prepared: true,
    releasedAt: "2026-01-01T00:00:00.000Z",
    createdAt: "2026-01-01T00:00:00.000Z",
    updatedAt: "2026-01-01T00:00:00.000Z",
    ...overrides,
  });
}

function viewer(bound: boolean): AirdropViewer {
  return testViewer({
    socialLinks: {
      discord: { bound, id: bound ? "801420764774531174" : undefined },
      telegram: { bound: false },
    },
    bindControl: (provider) => <button type="button">bind {provider}</button>,
  });
}

function renderBox(item: AirdropDetail, who: AirdropViewer) {
  const router = createMemoryRouter(
    [
      {
        path: "/",
        element: (
          <Suspense fallback={null}>
            <ClaimBox detail={item} viewer={who} onClaimed={() => undefined} />
          </Suspense>
        ),
      },
    ],
    { initialEntries: ["/"] },
  );
  render(
    <Providers queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </Providers>,
  );
}

beforeAll(() => setupAirdropI18n());

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("the claim box for Discord and Telegram", () => {
  it("asks a Telegram participant to bind their account first", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => envelope(null)),
    );
    renderBox(detail({ idType: "telegram", rewardType: "token", chainId: 31337 }), viewer(false));
    expect((await screen.findByTestId("claim-bind")).textContent).toContain(
      "This airdrop is for Telegram accounts: bind yours to your wallet, then claim.",
    );
    expect(screen.getByText("bind telegram")).toBeTruthy();
  });

  it("has our bot grant a Discord role to a listed, bound participant", async () => {
    let claimed = false;
    const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      if (url.endsWith("/airdrop/9/discord-role") && init?.method === "POST") claimed = true;
      return envelope({
        eligible: true,
        claimState: claimed ? 1 : 0,
        index: 0,
        account: "sandbox_bob",
        amount: null,
        proof: null,
        voucher: null,
        signature: null,
      });
    });
    vi.stubGlobal("fetch", fetchMock);
    renderBox(detail({}), viewer(true));
    const button = await screen.findByRole("button", { name: "Get the role" });
    expect(screen.getByTestId("claim-amount-label").textContent).toBe("You can claim");
    fireEvent.click(button);
    await waitFor(() => expect(screen.getByRole("button", { name: "Claimed" })).toBeTruthy());
    expect(screen.getByText("The role is yours in the Discord server.")).toBeTruthy();
    expect(screen.getByTestId("claim-amount-label").textContent).toBe("You received");
    expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith("/discord-role"))).toBe(true);
  });
});
