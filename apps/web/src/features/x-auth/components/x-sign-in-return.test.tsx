import { MantineProvider } from "@mantine/core";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor } from "@testing-library/react";
import { StrictMode } from "react";
import { I18nextProvider } from "react-i18next";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { i18n, initI18n } from "../../../shared/i18n/i18n";
import { readCookie } from "../../../shared/lib/cookies";
import { initXAuth } from "../model/x-auth";
import { xAuthStore } from "../model/x-auth-store";
import { XSignInReturn } from "./x-sign-in-return";

const expireAt = Math.floor(Date.now() / 1000) + 7 * 24 * 3600;
const signInResult = {
  project: "Dropfair",
  token: "xs_0123456789abcdefghijklmnopqrstuvwxyzABCDEFG",
  expireAt,
  account: { id: "1317903271326646276", username: "sandbox_alice", name: "Alice", avatar: "" },
  returnTo: "/cn/picker2?tab=mine",
};

function envelope(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
}

function renderReturnPage(url: string) {
  const router = createMemoryRouter(
    [
      { path: "/auth/twitter", element: <XSignInReturn homePath="/" /> },
      { path: "/cn/auth/twitter", element: <XSignInReturn homePath="/cn" /> },
      { path: "/cn/picker2", element: <p>picker list</p> },
      { path: "/", element: <p>home</p> },
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

beforeAll(async () => {
  await initI18n("en");
  initXAuth("Dropfair");
});

afterEach(() => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
  xAuthStore.set({ twitterId: undefined, twitterToken: undefined });
});

describe("the auth/twitter return page", () => {
  it("finishes the sign-in once, stores the X auth cookie and store, and returns to where it started", async () => {
    vi.stubGlobal("fetch", fetchMock);
    fetchMock.mockImplementation(async () =>
      envelope(200, { content: signInResult, typeCode: 1, message: "" }),
    );
    const router = renderReturnPage("/auth/twitter?state=state-1&code=code-1");
    expect(await screen.findByText("picker list")).toBeTruthy();
    expect(router.state.location.pathname).toBe("/cn/picker2");
    expect(router.state.location.search).toBe("?tab=mine");

    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe("/api/reg/socialmedia/twitter/callback");
    expect(JSON.parse(String(init?.body))).toEqual({ state: "state-1", code: "code-1" });

    expect(JSON.parse(readCookie("dropfairtwitter_auth") ?? "{}")).toEqual({
      project: "DROPFAIR",
      expireAt,
      account: signInResult.account.id,
      token: signInResult.token,
    });
    expect(xAuthStore.get()).toMatchObject({
      twitterId: signInResult.account.id,
      twitterToken: signInResult.token,
    });
  });

  it("moves to the locale the sign-in started in before finishing it", async () => {
    vi.stubGlobal("fetch", fetchMock);
    sessionStorage.setItem("dropfair.x-sign-in.return-to", "/cn/picker2?tab=mine");
    const message = "本次 X 登录无效、已过期或已被使用，请重新使用 X 登录。";
    fetchMock.mockImplementation(async () => envelope(400, { content: null, typeCode: 422, message }));
    const router = renderReturnPage("/auth/twitter?state=state-4&code=code-4");
    await waitFor(() => expect(router.state.location.pathname).toBe("/cn/auth/twitter"));
    expect(router.state.location.search).toBe("?state=state-4&code=code-4");
    expect((await screen.findByTestId("x-sign-in-error")).textContent).toContain(message);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it("shows the server's reason and a retry when the callback is refused", async () => {
    vi.stubGlobal("fetch", fetchMock);
    const message =
      "This X sign-in is invalid, has expired or was already used. Please sign in with X again.";
    fetchMock.mockImplementation(async () => envelope(400, { content: null, typeCode: 422, message }));
    renderReturnPage("/auth/twitter?state=state-2&code=code-2");
    expect((await screen.findByTestId("x-sign-in-error")).textContent).toContain(message);
    expect(screen.getByTestId("x-sign-in-retry")).toBeTruthy();
    expect(readCookie("dropfairtwitter_auth")).toBeFalsy();
    expect(xAuthStore.get().twitterToken).toBeUndefined();
  });

  it("says so when the user cancelled on X, without calling the API", async () => {
    vi.stubGlobal("fetch", fetchMock);
    renderReturnPage("/auth/twitter?error=access_denied&state=state-3");
    expect((await screen.findByTestId("x-sign-in-error")).textContent).toContain(
      "You cancelled signing in with X.",
    );
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("explains a visit without a sign-in to finish", async () => {
    vi.stubGlobal("fetch", fetchMock);
    renderReturnPage("/auth/twitter");
    await waitFor(() =>
      expect(screen.getByTestId("x-sign-in-error").textContent).toContain(
        "There is no sign-in with X to finish here.",
      ),
    );
  });
});
