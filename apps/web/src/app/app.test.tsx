import { act, render, screen, waitFor } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { apiEvents } from "../shared/api/api-events";
import { createQueryClient } from "../shared/api/query-client";
import { i18n, initI18n } from "../shared/i18n/i18n";
import { networkStore } from "../shared/wallet/wallet-state";
import { Providers } from "./providers";
import { routes } from "./router";

const config = {
  project: "Dropfair",
  sandbox: true,
  chains: [
    {
      id: 56,
      name: "BNB Chain",
      icon: "/chains/56.svg",
      walletChainId: "0x38",
      testnet: false,
      info: {
        chainId: "0x38",
        chainName: "BNB Smart Chain",
        rpcUrls: ["https://bsc-dataseed.bnbchain.org"],
        nativeCurrency: { name: "BNB", symbol: "BNB", decimals: 18 },
        blockExplorerUrls: ["https://bscscan.com"],
      },
    },
  ],
  defaultChainId: 56,
  dashboardUrl: "https://dashboard.example",
  supportHandle: "@dropfair",
  communityUrl: "https://t.me/dropfair",
  points: { pointName: "EP", pointsPerLevel: 100, referralReward: 50 },
};

function renderAt(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <Providers queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return router;
}

beforeAll(async () => {
  await initI18n("en");
  vi.stubGlobal(
    "fetch",
    vi.fn(
      async () =>
        new Response(JSON.stringify({ content: config, typeCode: 1, message: "" }), {
          headers: { "content-type": "application/json" },
        }),
    ),
  );
});

beforeEach(async () => {
  await act(() => i18n.changeLanguage("en"));
});

afterAll(() => {
  vi.unstubAllGlobals();
});

describe("the app's routes", () => {
  it("shows 'Page Not Found: {path}' for an unknown path", async () => {
    renderAt("/no/such/page");
    expect(await screen.findByText("Page Not Found: /no/such/page")).toBeTruthy();
  });

  it("redirects pickerpro/* to the matching picker2 path, keeping the query", async () => {
    const router = renderAt("/pickerpro/x?y=1");
    // The redirect completes once the detail page's module has loaded.
    await waitFor(() => expect(router.state.location.pathname).toBe("/picker2/x"), { timeout: 10_000 });
    expect(router.state.location.search).toBe("?y=1");
  });

  it("redirects picker under the Chinese prefix too", async () => {
    const router = renderAt("/cn/picker/create");
    await waitFor(() => expect(router.state.location.pathname).toBe("/cn/picker2/create"), {
      timeout: 10_000,
    });
  });

  it("renders Chinese under /cn", async () => {
    renderAt("/cn/chain");
    expect(await screen.findByRole("heading", { name: "链列表" })).toBeTruthy();
    expect(await screen.findByText("BNB Chain", { selector: "p" })).toBeTruthy();
  });

  it("applies the route meta network rule", async () => {
    renderAt("/achievement/earlybird");
    await waitFor(() => expect(networkStore.get().networkId).toBe(1));
  });

  it("clears the network where the meta says '' and defaults to 56 elsewhere", async () => {
    const router = renderAt("/chain");
    await screen.findByRole("heading", { name: "Chain list" });
    await waitFor(() => expect(networkStore.get().networkId).toBeUndefined());
    await act(() => router.navigate("/referral"));
    await waitFor(() => expect(networkStore.get().networkId).toBe(56));
  });

  it("shows the top bar with the sandbox badge and the connect button", async () => {
    renderAt("/");
    expect(await screen.findByTestId("sandbox-badge")).toBeTruthy();
    const login = await screen.findByTestId("login-button");
    expect(login.textContent).toContain("Connect");
  });

  it("opens the beta-access dialog on a 403 and closes it when the route path changes", async () => {
    const router = renderAt("/home");
    await screen.findAllByRole("heading", { level: 1 });
    act(() => apiEvents.emit("forbidden", { path: "/x" }));
    expect(await screen.findByText("Beta access required")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Join the community" }).getAttribute("href")).toBe(
      "https://t.me/dropfair",
    );
    await act(() => router.navigate("/chain"));
    await waitFor(() => expect(screen.queryByText("Beta access required")).toBeNull());
  });
});
