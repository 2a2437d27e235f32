import { act, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { createQueryClient } from "../../../shared/api/query-client";
import { i18n, initI18n } from "../../../shared/i18n/i18n";
import { pickerDetail } from "../../../shared/testing/picker-detail";
import { Providers } from "../../../testing/providers";
import type { PickerIntegrations } from "../model/integrations";
import { CreatePickerPage } from "./create-picker-page";

const giveaway = "https://x.com/dropfair_host/status/2002842258109890560";

function renderCreate(integrations: PickerIntegrations, path = "/picker2/create") {
  const router = createMemoryRouter(
    [
      { path: "/picker2/create", element: <CreatePickerPage {...integrations} /> },
      { path: "/picker2/:id", element: <p>detail page</p> },
    ],
    { initialEntries: [path] },
  );
  render(
    <Providers queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return router;
}

function respond(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
}

const fetchMock = vi.fn<typeof fetch>();

beforeAll(async () => {
  await initI18n("en");
  await act(() => i18n.loadNamespaces(["picker", "validation"]));
});

afterEach(() => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
});

describe("CreatePickerPage", () => {
  it("asks for the post URL with the catalogue's message and rejects invalid reward keystrokes", async () => {
    const signInWithX = vi.fn();
    renderCreate({ xAccount: { signedIn: false }, signInWithX });
    fireEvent.click(await screen.findByTestId("create-submit"));
    expect(await screen.findByText("Please input the post URL.")).toBeTruthy();
    expect(signInWithX).not.toHaveBeenCalled();

    const amount = screen.getByTestId("reward-amount") as HTMLInputElement;
    fireEvent.change(amount, { target: { value: "1.5" } });
    fireEvent.change(amount, { target: { value: "1.5x" } });
    expect(amount.value).toBe("1.5");
  });

  it("prompts 'Sign in with X' with the form kept when signed out", async () => {
    const signInWithX = vi.fn();
    renderCreate(
      { xAccount: { signedIn: false }, signInWithX },
      `/picker2/create?post=${encodeURIComponent(giveaway)}`,
    );
    expect(((await screen.findByTestId("post-url")) as HTMLInputElement).value).toBe(giveaway);
    fireEvent.click(screen.getByTestId("create-submit"));
    expect(signInWithX).toHaveBeenCalledOnce();
    expect(JSON.parse(sessionStorage.getItem("dropfair.picker.create-draft") ?? "{}")).toMatchObject({
      postUrl: giveaway,
    });
  });

  it("posts the body and opens the new picker; maps 177 to 'sign in with the correct account'", async () => {
    vi.stubGlobal("fetch", fetchMock);
    fetchMock.mockImplementation(async (input) => {
      const url = String(input);
      if (url.includes("/membership")) {
        return respond({
          content: {
            member: false,
            plan: null,
            expiresAt: null,
            drawsToday: 0,
            drawsPerDay: 6,
            entriesPerPost: 1000,
            payment: null,
          },
          typeCode: 1,
          message: "",
        });
      }
      return respond({ content: null, typeCode: 177, message: "not owner" }, 403);
    });
    renderCreate({ xAccount: { signedIn: true, xUserId: "1", username: "someone" }, signInWithX: vi.fn() });
    fireEvent.change(await screen.findByTestId("post-url"), { target: { value: giveaway } });
    fireEvent.click(screen.getByTestId("create-submit"));
    expect(
      await screen.findByText(
        "You are not the owner or an admin of the post's account. Please sign in with the correct account.",
      ),
    ).toBeTruthy();
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === "POST");
    expect(JSON.parse(String(post?.[1]?.body))).toMatchObject({
      postUrl: giveaway,
      winnerCount: 1,
      version: 2,
    });
    expect(screen.getByText("Sign in with another X account")).toBeTruthy();
  });

  it("navigates to the created picker", async () => {
    vi.stubGlobal("fetch", fetchMock);
    const { pickerDetailSchema } = await import("@dropfair/schemas/picker");
    const detail = pickerDetailSchema.parse(
      pickerDetail({
        seed: "abcdefghjk",
        status: 0,
        owner: { xUserId: "1", username: "dropfair_host" },
        postUrl: giveaway,
        postText: "",
        winnerCount: 1,
        entryLimit: 1000,
        entryCount: 0,
        eligibleCount: 0,
        viewer: { role: "owner", xUserId: "1", entry: null },
        createdAt: new Date(0).toISOString(),
      }),
    );
    fetchMock.mockImplementation(async (_input, init) =>
      init?.method === "POST"
        ? respond({ content: detail, typeCode: 1, message: "" })
        : respond({ content: null, typeCode: 400, message: "" }, 400),
    );
    const router = renderCreate({ xAccount: { signedIn: true, xUserId: "1" }, signInWithX: vi.fn() });
    fireEvent.change(await screen.findByTestId("post-url"), { target: { value: giveaway } });
    fireEvent.click(screen.getByTestId("create-submit"));
    await waitFor(() => expect(router.state.location.pathname).toBe("/picker2/7"));
  });
});
