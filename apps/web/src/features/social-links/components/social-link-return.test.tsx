import { MantineProvider } from "@mantine/core";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor } from "@testing-library/react";
import { StrictMode } from "react";
import { I18nextProvider } from "react-i18next";
import { createMemoryRouter, Outlet, RouterProvider } from "react-router";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { i18n, initI18n } from "../../../shared/i18n/i18n";
import { useLoginStatusDetail } from "../../auth";
import { SocialLinkReturn } from "./social-link-return";

function envelope(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
}

/** What the shell's SessionSync does on every page: watches the bound accounts of the signed-in wallet. */
function BoundDiscord() {
  const detail = useLoginStatusDetail("token-1");
  return (
    <p data-testid="bound-discord">
      {detail.data ? (detail.data.discord ? detail.data.discord.username : "unbound") : "loading"}
    </p>
  );
}

function renderReturnPage(url: string, { strict = true } = {}) {
  const router = createMemoryRouter(
    [
      {
        element: (
          <>
            <BoundDiscord />
            <Outlet />
          </>
        ),
        children: [
          { path: "/auth/discord", element: <SocialLinkReturn provider="discord" homePath="/airdrop" /> },
          {
            path: "/auth/telegram/:state",
            element: <SocialLinkReturn provider="telegram" homePath="/airdrop" />,
          },
          { path: "/airdrop", element: <p>airdrops</p> },
        ],
      },
    ],
    { initialEntries: [url] },
  );
  const app = (
    <MantineProvider>
      <QueryClientProvider client={new QueryClient()}>
        <I18nextProvider i18n={i18n}>
          <RouterProvider router={router} />
        </I18nextProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
  render(strict ? <StrictMode>{app}</StrictMode> : app);
  return router;
}

const fetchMock = vi.fn<typeof fetch>();
const linked = { provider: "discord", id: "1", username: "sandbox_bob", name: "Bob", avatar: null };
const unbound = { twitter: null, discord: null, telegram: null };

/** The API: `callback` answers the binding; the status says nothing is bound. */
function api(callback: unknown) {
  return async (input: RequestInfo | URL) =>
    envelope(200, {
      content: String(input).endsWith("/LoginStatusDetail") ? unbound : callback,
      typeCode: 1,
      message: "",
    });
}

beforeAll(async () => {
  await initI18n("en");
  await i18n.loadNamespaces(["social-links"]);
});

afterEach(() => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
});

describe("the Discord and Telegram return pages", () => {
  it("finishes a Discord binding once with the code and state, then goes back", async () => {
    vi.stubGlobal("fetch", fetchMock);
    fetchMock.mockImplementation(api(linked));
    renderReturnPage("/auth/discord?code=code-1&state=state-discord-0000001");
    expect(await screen.findByText("airdrops")).toBeTruthy();
    const callbacks = fetchMock.mock.calls.filter(([url]) => String(url).endsWith("/discord/callback"));
    expect(callbacks).toHaveLength(1);
    expect(JSON.parse(String(callbacks[0]?.[1]?.body))).toEqual({
      code: "code-1",
      state: "state-discord-0000001",
    });
  });

  it("shows the new binding after the return, even when the status was loading while the binding finished", async () => {
    // The server binds when the callback is answered; a status request that left before that is answered (late)
    // from before the binding, as it was read: the page must ask again.
    let bound = false;
    vi.stubGlobal("fetch", fetchMock);
    fetchMock.mockImplementation(async (input) => {
      if (!String(input).endsWith("/LoginStatusDetail")) {
        bound = true;
        return envelope(200, { content: linked, typeCode: 1, message: "" });
      }
      if (!bound) {
        await new Promise((resolve) => setTimeout(resolve, 300));
        return envelope(200, { content: unbound, typeCode: 1, message: "" });
      }
      const discord = { id: "1", username: "sandbox_bob", avatar: null };
      return envelope(200, { content: { ...unbound, discord }, typeCode: 1, message: "" });
    });
    // As in production: strict mode mounts twice, which would restart the first status request.
    renderReturnPage("/auth/discord?code=code-2&state=state-discord-0000003", { strict: false });
    expect(await screen.findByText("airdrops")).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId("bound-discord").textContent).toBe("sandbox_bob"));
  });

  it("sends Telegram's signed fields with the state from the path", async () => {
    vi.stubGlobal("fetch", fetchMock);
    fetchMock.mockImplementation(api({ ...linked, provider: "telegram" }));
    renderReturnPage(
      "/auth/telegram/state-telegram-000001?id=987654321&first_name=Alice&auth_date=1&hash=abc",
    );
    expect(await screen.findByText("airdrops")).toBeTruthy();
    const [url, init] =
      fetchMock.mock.calls.find(([called]) => String(called).endsWith("/telegram/callback")) ?? [];
    expect(url).toBe("/api/reg/socialmedia/telegram/callback");
    expect(JSON.parse(String(init?.body))).toEqual({
      state: "state-telegram-000001",
      fields: { id: "987654321", first_name: "Alice", auth_date: "1", hash: "abc" },
    });
  });

  it("says why when Discord was cancelled, and offers to try again", async () => {
    vi.stubGlobal("fetch", fetchMock);
    fetchMock.mockImplementation(api(linked));
    renderReturnPage("/auth/discord?error=access_denied&state=state-discord-0000002");
    expect((await screen.findByTestId("social-link-error")).textContent).toBe(
      "You cancelled the authorization.",
    );
    expect(screen.getByText("Try again")).toBeTruthy();
  });
});
