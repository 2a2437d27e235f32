import { MantineProvider } from "@mantine/core";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen } from "@testing-library/react";
import { StrictMode } from "react";
import { I18nextProvider } from "react-i18next";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { i18n, initI18n } from "../../../shared/i18n/i18n";
import { SocialLinkReturn } from "./social-link-return";

function envelope(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
}

function renderReturnPage(url: string) {
  const router = createMemoryRouter(
    [
      { path: "/auth/discord", element: <SocialLinkReturn provider="discord" homePath="/airdrop" /> },
      {
        path: "/auth/telegram/:state",
        element: <SocialLinkReturn provider="telegram" homePath="/airdrop" />,
      },
      { path: "/airdrop", element: <p>airdrops</p> },
    ],
    { initialEntries: [url] },
  );
  render(
    <StrictMode>
      <MantineProvider>
        <QueryClientProvider client={new QueryClient()}>
          <I18nextProvider i18n={i18n}>
            <RouterProvider router={router} />
          </I18nextProvider>
        </QueryClientProvider>
      </MantineProvider>
    </StrictMode>,
  );
  return router;
}

const fetchMock = vi.fn<typeof fetch>();
const linked = { provider: "discord", id: "1", username: "sandbox_bob", name: "Bob", avatar: null };

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
    fetchMock.mockImplementation(async () => envelope(200, { content: linked, typeCode: 1, message: "" }));
    renderReturnPage("/auth/discord?code=code-1&state=state-discord-0000001");
    expect(await screen.findByText("airdrops")).toBeTruthy();
    const callbacks = fetchMock.mock.calls.filter(([url]) => String(url).endsWith("/discord/callback"));
    expect(callbacks).toHaveLength(1);
    expect(JSON.parse(String(callbacks[0]?.[1]?.body))).toEqual({
      code: "code-1",
      state: "state-discord-0000001",
    });
  });

  it("sends Telegram's signed fields with the state from the path", async () => {
    vi.stubGlobal("fetch", fetchMock);
    fetchMock.mockImplementation(async () =>
      envelope(200, { content: { ...linked, provider: "telegram" }, typeCode: 1, message: "" }),
    );
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
    renderReturnPage("/auth/discord?error=access_denied&state=state-discord-0000002");
    expect((await screen.findByTestId("social-link-error")).textContent).toBe(
      "You cancelled the authorization.",
    );
    expect(screen.getByText("Try again")).toBeTruthy();
  });
});
