import { act, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { Suspense } from "react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { Providers } from "../../../app/providers";
import { createQueryClient } from "../../../shared/api/query-client";
import { i18n, initI18n } from "../../../shared/i18n/i18n";
import { MessageDialog } from "../../../shared/ui/message-dialog";
import type { AirdropViewer } from "../model/integrations";
import { AirdropWizardPage } from "./airdrop-wizard-page";

const creator = "0x15d34AAf54267DB7D7c367839AAf71A00a2C6A65";

const config = {
  project: "Dropfair",
  sandbox: true,
  chains: [
    {
      id: 31337,
      name: "Sandbox chain",
      icon: "/chains/31337.svg",
      walletChainId: "0x7a69",
      testnet: true,
      info: {
        chainId: "0x7a69",
        chainName: "Sandbox",
        rpcUrls: ["http://127.0.0.1:3100/api/sandbox/rpc"],
        nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
        blockExplorerUrls: [],
      },
    },
  ],
  defaultChainId: 31337,
  dashboardUrl: "https://dashboard.example",
  supportHandle: "@dropfair",
  communityUrl: "https://t.me/dropfair",
  airdrop: { distributors: [{ chainId: 31337, address: "0xCf7Ed3AccA5a467e9e704C703E8D87F634fB0Fc9" }] },
};

function detail(overrides: Record<string, unknown> = {}) {
  return {
    id: 5,
    title: "Launch drop",
    creator,
    status: 0,
    idType: "wallet",
    rewardType: "token",
    mode: "all",
    chainId: 31337,
    tokenAddress: null,
    tokenSymbol: null,
    tokenDecimals: null,
    hasLogo: false,
    totalAmount: null,
    claimableAmount: null,
    participantCount: 0,
    claimCount: 0,
    startAt: "2030-01-01T10:00:00.000Z",
    endAt: "2030-01-08T10:00:00.000Z",
    posterStyle: "classic",
    description: "",
    customToken: false,
    shares: null,
    totalWeight: 0,
    discordGuildId: null,
    discordRoleId: null,
    isCreator: true,
    editable: true,
    prepared: false,
    merkleRoot: null,
    amountPerShare: null,
    requiredDeposit: null,
    campaignParams: null,
    distributorAddress: null,
    campaignId: null,
    deposited: "0",
    claimedAmount: "0",
    refundedAmount: null,
    refundedAt: null,
    releasedAt: null,
    createdAt: "2029-12-01T00:00:00.000Z",
    updatedAt: "2029-12-01T00:00:00.000Z",
    ...overrides,
  };
}

function envelope(content: unknown, typeCode = 1, message = "", status = 200) {
  return new Response(JSON.stringify({ content, typeCode, message }), {
    status,
    headers: { "content-type": "application/json" },
  });
}

type Call = { method: string; url: string; body: unknown; contentType: string | null };

/** A fake airdrop API: one draft (id 5) that the calls change, and every call recorded. */
function serveApi() {
  const calls: Call[] = [];
  let current = detail();
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      const method = init?.method ?? "GET";
      const headers = new Headers(init?.headers);
      const body = typeof init?.body === "string" ? init.body : null;
      calls.push({ method, url, body, contentType: headers.get("content-type") });
      if (url.endsWith("/platform/config")) return envelope(config);
      if (url.endsWith("/airdrop") && method === "POST") {
        current = detail({ ...JSON.parse(body ?? "{}"), id: 5 });
        return envelope(current);
      }
      if (url.endsWith("/airdrop/5/participants") && method === "PUT") {
        current = { ...current, participantCount: 3, totalWeight: 4 };
        return envelope({
          accepted: 3,
          totalWeight: 4,
          wrongLines: [2],
          wrongCount: 1,
          duplicateLines: [4],
          duplicateCount: 1,
          unresolvedLines: [],
          unresolvedCount: 0,
        });
      }
      if (url.includes("/airdrop/5/participants")) {
        return envelope({
          items: [
            {
              index: 0,
              account: creator,
              label: creator,
              weight: 2,
              amount: null,
              claimState: 0,
              claimedBy: null,
              claimTxHash: null,
            },
          ],
          total: 3,
        });
      }
      if (/\/airdrop\/5(\?|$)/.test(url)) return envelope(current);
      return envelope(null, 10, "", 404);
    }),
  );
  return calls;
}

const viewer: AirdropViewer = {
  walletAddress: creator,
  canLogin: true,
  login: vi.fn(),
  xAccount: { signedIn: false },
  signInWithX: vi.fn(),
  socialLinks: { discord: { bound: false }, telegram: { bound: false } },
  bindControl: () => null,
};

function Page() {
  return (
    <Suspense fallback={null}>
      <AirdropWizardPage id={undefined} viewer={viewer} />
    </Suspense>
  );
}

function EditPage({ id }: { id: string }) {
  return (
    <Suspense fallback={null}>
      <AirdropWizardPage id={id} viewer={viewer} />
    </Suspense>
  );
}

function renderWizard() {
  const router = createMemoryRouter(
    [
      { path: "/airdrop/create", element: <Page /> },
      { path: "/airdrop/create/:id", element: <EditPage id="5" /> },
      { path: "/airdrop", element: <p>list</p> },
    ],
    { initialEntries: ["/airdrop/create"] },
  );
  render(
    <Providers queryClient={createQueryClient()}>
      <MessageDialog />
      <RouterProvider router={router} />
    </Providers>,
  );
  return router;
}

function input(testId: string) {
  return screen.getByTestId(testId) as HTMLInputElement;
}

beforeAll(async () => {
  // happy-dom has no FontFaceSet; Mantine's autosizing textarea listens on it.
  if (!("fonts" in document)) {
    Object.defineProperty(document, "fonts", {
      configurable: true,
      value: { addEventListener() {}, removeEventListener() {} },
    });
  }
  await initI18n("en");
  await act(() => i18n.loadNamespaces(["airdrop", "validation"]));
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("AirdropWizardPage", () => {
  it("checks step 1 with the SPEC messages before saving anything", async () => {
    const calls = serveApi();
    renderWizard();
    await screen.findByTestId("wizard-settings");
    fireEvent.click(screen.getByTestId("wizard-next"));
    expect(await screen.findByText("Please input title")).toBeTruthy();

    fireEvent.change(input("airdrop-title"), { target: { value: "x".repeat(61) } });
    expect(screen.getByTestId("title-counter").textContent).toBe("61/60");
    fireEvent.click(screen.getByTestId("wizard-next"));
    expect(await screen.findByText("The title can be up to 60 characters.")).toBeTruthy();

    fireEvent.change(input("airdrop-title"), { target: { value: "Launch drop" } });
    fireEvent.change(input("airdrop-start"), { target: { value: "2030-01-08T10:01" } });
    fireEvent.change(input("airdrop-end"), { target: { value: "2030-01-08T10:00" } });
    fireEvent.click(screen.getByTestId("wizard-next"));
    expect(await screen.findByText("The start time cannot be later than the end time")).toBeTruthy();
    expect(calls.filter((call) => call.url.includes("/airdrop") && call.method !== "GET")).toEqual([]);
  });

  it("saves the draft, moves to its URL, uploads the list as text and reports wrong and duplicate lines", async () => {
    const calls = serveApi();
    const router = renderWizard();
    await screen.findByTestId("wizard-settings");
    fireEvent.change(input("airdrop-title"), { target: { value: "Launch drop" } });
    fireEvent.change(input("airdrop-start"), { target: { value: "2030-01-01T10:00" } });
    fireEvent.change(input("airdrop-end"), { target: { value: "2030-01-08T10:00" } });
    await waitFor(() => expect(input("airdrop-chain").value).toBe("Sandbox chain"));
    fireEvent.click(screen.getByTestId("wizard-next"));

    await screen.findByTestId("wizard-participants");
    expect(router.state.location.pathname).toBe("/airdrop/create/5");
    const created = calls.find((call) => call.method === "POST");
    expect(JSON.parse(String(created?.body))).toMatchObject({
      title: "Launch drop",
      startAt: "2030-01-01T10:00:00.000Z",
      endAt: "2030-01-08T10:00:00.000Z",
      chainId: 31337,
      idType: "wallet",
    });

    fireEvent.click(screen.getByTestId("wizard-next"));
    expect(await screen.findByText("Need upload participants.")).toBeTruthy();

    const list = `${creator},2\nnot-an-address\n0x976EA74026E726554dB657fA54763abd0C3a0aa9\n${creator}`;
    fireEvent.change(screen.getByTestId("participants-paste"), { target: { value: list } });
    fireEvent.click(screen.getByTestId("participants-upload"));
    expect((await screen.findByTestId("report-wrong")).textContent).toBe("Wrong lines: 2");
    expect(screen.getByTestId("report-duplicate").textContent).toBe("Duplicate lines: 4");
    expect(screen.queryByText("Need upload participants.")).toBeNull();
    const upload = calls.find((call) => call.method === "PUT");
    expect(upload?.body).toBe(list);
    expect(upload?.contentType).toContain("text/plain");
    await waitFor(() =>
      expect(screen.getByTestId("participant-count").textContent).toBe("3 participants, total weight 4"),
    );
  });

  it("asks before leaving with unsaved changes", async () => {
    serveApi();
    const router = renderWizard();
    await screen.findByTestId("wizard-settings");
    fireEvent.change(input("airdrop-title"), { target: { value: "Half done" } });
    await act(() => router.navigate("/airdrop"));
    expect(await screen.findByText("You have unsaved changes. Leave anyway?")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/airdrop/create"));
    await act(() => router.navigate("/airdrop"));
    fireEvent.click(await screen.findByRole("button", { name: "Confirm" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/airdrop"));
  });
});
