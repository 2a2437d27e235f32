import { act, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { createQueryClient } from "../../../shared/api/query-client";
import { i18n, initI18n } from "../../../shared/i18n/i18n";
import { Providers } from "../../../testing/providers";
import { sessionStore } from "../../auth";
import { PointsGrantsList } from "./grants-list";

const admin = "0x15d34AAf54267DB7D7c367839AAf71A00a2C6A65";
const user = "0x9965507D1a55bcC2695C58ba16FB37d819B0A4dc";

function grant(id: number, amount: number) {
  return {
    id: String(id),
    address: user,
    amount,
    reason: `Reason ${id}`,
    actor: admin,
    createdAt: "2026-11-20T10:00:00.000Z",
  };
}

/** The grants route: 25 grants, 20 a page (ids 25…6, then 5…1); every URL asked is kept. */
function serveGrants() {
  const asked: string[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input), "http://localhost");
      asked.push(url.pathname + url.search);
      const page = Number(url.searchParams.get("page"));
      const ids =
        page === 1
          ? [25, 24, 23, 22, 21, 20, 19, 18, 17, 16, 15, 14, 13, 12, 11, 10, 9, 8, 7, 6]
          : [5, 4, 3, 2, 1];
      const content = {
        rows: ids.map((id) => grant(id, id % 2 === 0 ? 10 * id : -id)),
        total: 25,
        page,
        pageSize: 20,
      };
      return new Response(JSON.stringify({ content, typeCode: 1, message: "success" }), {
        headers: { "content-type": "application/json" },
      });
    }),
  );
  return asked;
}

function renderList(isAdmin: boolean, pointName = "EP") {
  render(
    <Providers queryClient={createQueryClient()}>
      <PointsGrantsList isAdmin={isAdmin} pointName={pointName} />
    </Providers>,
  );
}

beforeAll(async () => {
  await initI18n("en");
  await act(() => i18n.loadNamespaces(["points"]));
  sessionStore.set({ userToken: "t".repeat(32), userAddress: admin });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("the administrators' list of points granted and revoked", () => {
  it("shows who granted how much to whom and why, a page at a time", async () => {
    const asked = serveGrants();
    renderList(true, "XP");
    await waitFor(() => expect(screen.getAllByTestId("points-grant-row")).toHaveLength(20), {
      timeout: 5_000,
    });
    expect(asked[0]).toBe("/api/bounty/points/admin/grants?page=1&pageSize=20");
    expect(screen.getByText("XP granted and revoked")).toBeTruthy();
    const first = screen.getAllByTestId("points-grant-row")[0]!;
    expect(within(first).getByText("Reason 25").textContent).toBe("Reason 25");
    expect(within(first).getByText("\u221225")).toBeTruthy();
    expect(within(first).getByTitle(admin).textContent).toBe("0x15d…6A65");
    expect(within(first).getByTitle(user).textContent).toBe("0x996…A4dc");
    expect(within(screen.getAllByTestId("points-grant-row")[1]!).getByText("+240")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "2" }));
    await waitFor(() => expect(screen.getAllByTestId("points-grant-row")).toHaveLength(5));
    expect(asked.at(-1)).toBe("/api/bounty/points/admin/grants?page=2&pageSize=20");
  });

  it("asks the server nothing for a wallet that is not an administrator", () => {
    const asked = serveGrants();
    renderList(false);
    expect(screen.getByTestId("points-grants")).toBeTruthy();
    expect(asked).toEqual([]);
  });
});
