import { MantineProvider } from "@mantine/core";
import { Notifications } from "@mantine/notifications";
import { QueryClientProvider } from "@tanstack/react-query";
import { act, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { I18nextProvider } from "react-i18next";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { createQueryClient } from "../../../shared/api/query-client";
import { i18n, initI18n } from "../../../shared/i18n/i18n";
import { HelpersCard } from "./helpers-card";

const respond = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
/** The machine may be busy: give the mocked round trips time. */
const slow = { timeout: 10_000 };
const ok = (content: unknown) => respond({ content, typeCode: 1, message: "success" });

/** A tiny helpers API: GET lists, POST adds (unknown handles answer 404), DELETE removes. */
function serveHelpers() {
  const helpers = [{ xUserId: "42", username: "helper_one", createdAt: "2026-01-10T08:30:00.000Z" }];
  const requests: { method: string; url: string; body: unknown }[] = [];
  const fetchMock = vi.fn<typeof fetch>(async (input, init) => {
    const url = String(input);
    const method = init?.method ?? "GET";
    requests.push({ method, url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
    if (method === "GET" && url.endsWith("/picker/7/admins")) return ok(helpers);
    if (method === "POST" && url.endsWith("/picker/7/admins")) {
      const { username } = JSON.parse(String(init?.body)) as { username: string };
      if (username === "nobody_here") {
        return respond(
          { content: null, typeCode: 10, message: "The X account @nobody_here was not found." },
          404,
        );
      }
      helpers.push({ xUserId: "43", username, createdAt: "2026-01-11T08:30:00.000Z" });
      return ok({ xUserId: "43", username });
    }
    const removed = url.match(/\/picker\/7\/admins\/(\d+)$/);
    if (method === "DELETE" && removed) {
      helpers.splice(
        helpers.findIndex((helper) => helper.xUserId === removed[1]),
        1,
      );
      return ok({ done: true });
    }
    return respond({ content: null, typeCode: 10, message: "not found" }, 404);
  });
  vi.stubGlobal("fetch", fetchMock);
  return requests;
}

function renderCard() {
  render(
    <MantineProvider>
      <Notifications />
      <QueryClientProvider client={createQueryClient()}>
        <I18nextProvider i18n={i18n}>
          <HelpersCard id={7} />
        </I18nextProvider>
      </QueryClientProvider>
    </MantineProvider>,
  );
}

beforeAll(async () => {
  await initI18n("en");
  await act(() => i18n.loadNamespaces(["picker", "validation"]));
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("HelpersCard", () => {
  it("lists the owner's helpers, adds one by handle and removes one", async () => {
    const requests = serveHelpers();
    renderCard();
    expect(await screen.findByText("@helper_one", {}, slow)).toBeTruthy();

    fireEvent.change(screen.getByLabelText("X handle of the new helper"), {
      target: { value: "@helper_two" },
    });
    fireEvent.click(screen.getByRole("button", { name: "Add helper" }));
    expect(await screen.findByText("@helper_two", {}, slow)).toBeTruthy();
    expect(requests.find((request) => request.method === "POST")?.body).toEqual({ username: "helper_two" });
    expect(await screen.findByText("@helper_two is now a helper.", {}, slow)).toBeTruthy();

    fireEvent.click(screen.getByRole("button", { name: "Remove @helper_one" }));
    await waitFor(() => expect(screen.queryByText("@helper_one")).toBeNull(), slow);
    expect(requests.filter((request) => request.method === "DELETE").map((request) => request.url)).toEqual([
      "/api/bounty/picker/7/admins/42",
    ]);
    expect(screen.getAllByTestId("picker-helper")).toHaveLength(1);
  });

  it("refuses a malformed handle without calling the API, and shows the server's text for an unknown one", async () => {
    const requests = serveHelpers();
    renderCard();
    await screen.findByText("@helper_one", {}, slow);
    fireEvent.change(screen.getByLabelText("X handle of the new helper"), {
      target: { value: "not a handle" },
    });
    fireEvent.click(screen.getByRole("button", { name: "Add helper" }));
    expect(screen.getByTestId("picker-helpers-error").textContent).toBe(
      "Enter an X handle: up to 15 letters, digits or underscores.",
    );
    expect(requests.some((request) => request.method === "POST")).toBe(false);

    fireEvent.change(screen.getByLabelText("X handle of the new helper"), {
      target: { value: "nobody_here" },
    });
    fireEvent.click(screen.getByRole("button", { name: "Add helper" }));
    await waitFor(
      () =>
        expect(screen.getByTestId("picker-helpers-error").textContent).toBe(
          "The X account @nobody_here was not found.",
        ),
      slow,
    );
    expect(screen.getAllByTestId("picker-helper")).toHaveLength(1);
  });
});
