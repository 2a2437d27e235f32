import type { PickerDetail } from "@dropfair/schemas/picker";
import { act, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { apiEvents } from "../../../shared/api/api-events";
import { createQueryClient } from "../../../shared/api/query-client";
import { i18n, initI18n } from "../../../shared/i18n/i18n";
import { pickerDetail } from "../../../shared/testing/picker-detail";
import { Providers } from "../../../testing/providers";
import { BannedUsersPage } from "./banned-users-page";

function pickerAs(role: PickerDetail["viewer"]["role"]): PickerDetail {
  return pickerDetail({ viewer: { role, xUserId: role === "visitor" ? null : "100", entry: null } });
}

const bans = [
  {
    xUserId: "201",
    username: "spam_one",
    reason: "bot",
    addedBy: "dropfair_host",
    createdAt: "2026-01-02T10:00:00.000Z",
  },
  {
    xUserId: "202",
    username: "spam_two",
    reason: "farm",
    addedBy: "helper",
    createdAt: "2026-01-05T10:00:00.000Z",
  },
];

function envelope(content: unknown, typeCode = 1, message = "", status = 200) {
  return new Response(JSON.stringify({ content, typeCode, message }), {
    status,
    headers: { "content-type": "application/json" },
  });
}

function serve(role: PickerDetail["viewer"]["role"], onBan: () => Response) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    if (url.endsWith("/api/bounty/picker/7")) return envelope(pickerAs(role));
    if (url.endsWith("/api/bounty/picker/7/bans") && (init?.method ?? "GET") === "GET") return envelope(bans);
    if (url.endsWith("/api/bounty/picker/7/bans")) return onBan();
    return envelope(null, 10, "not found", 404);
  });
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

function renderPage() {
  const router = createMemoryRouter([{ path: "/picker2/:id/banned", element: <BannedUsersPage /> }], {
    initialEntries: ["/picker2/7/banned"],
  });
  render(
    <Providers queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </Providers>,
  );
}

beforeAll(async () => {
  await initI18n("en");
  await act(() => i18n.loadNamespaces(["picker-bans", "validation"]));
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("BannedUsersPage", () => {
  it("lists the owner's bans latest first and sorts oldest first on demand", async () => {
    serve("owner", () => envelope({ xUserId: "203", username: "new_bot" }));
    renderPage();
    const table = await screen.findByTestId("ban-table");
    const names = () =>
      within(table)
        .getAllByRole("link")
        .map((link) => link.textContent);
    expect(names()).toEqual(["@spam_two", "@spam_one"]);
    expect(within(table).getByText("@helper")).toBeTruthy();
    fireEvent.click(screen.getByText("Oldest"));
    expect(names()).toEqual(["@spam_one", "@spam_two"]);
    expect(screen.getByTestId("add-ban-form")).toBeTruthy();
  });

  it("answers a 403 with 'You are not owner' and not with the beta-access dialog", async () => {
    const forbidden = vi.fn();
    const off = apiEvents.on("forbidden", forbidden);
    const fetchMock = serve("admin", () => envelope(null, 430, "You are not owner", 403));
    renderPage();
    fireEvent.change(await screen.findByLabelText(/X username/), { target: { value: "@new_bot" } });
    fireEvent.change(screen.getByLabelText(/Reason/), { target: { value: "bot farm" } });
    fireEvent.click(screen.getByTestId("ban-submit"));
    expect(await screen.findByText("You are not owner")).toBeTruthy();
    expect(forbidden).not.toHaveBeenCalled();
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === "POST");
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({ username: "new_bot", reason: "bot farm" });
    off();
  });

  it("is read-only for visitors", async () => {
    serve("visitor", () => envelope(null));
    renderPage();
    expect(await screen.findByTestId("ban-read-only")).toBeTruthy();
    expect(screen.queryByTestId("add-ban-form")).toBeNull();
    await waitFor(() => expect(screen.queryAllByTestId(/^remove-ban-/)).toHaveLength(0));
  });
});
