import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import {
  campaignDetail,
  envelope,
  renderWithApp,
  setupTipsI18n,
  stubApi,
  testViewer,
} from "../testing/test-utils";
import { BanListPage } from "./ban-list-page";

beforeAll(setupTipsI18n);
afterEach(() => vi.unstubAllGlobals());

const ban = (xUserId: string, time: string) => ({
  user: { xUserId, username: `user${xUserId}`, name: `User ${xUserId}`, avatarUrl: null },
  adder: "0x70997970C51812dc3A010C7d01b50e0d17dc79C8",
  reason: "bought views",
  time,
});

describe("BanListPage", () => {
  it("lists a campaign's bans latest first, switches to oldest, and hides organizer tools from others", async () => {
    const { calls } = stubApi([
      { path: /\/tips\/campaigns\/4$/, answer: () => envelope(campaignDetail()) },
      {
        path: /\/tips\/campaigns\/4\/bans$/,
        answer: (request) => {
          const rows = [ban("1", "2026-01-03T00:00:00.000Z"), ban("2", "2026-01-02T00:00:00.000Z")];
          const oldest = new URL(request.url).searchParams.get("order") === "oldest";
          return envelope({ rows: oldest ? rows.reverse() : rows, total: 2, page: 1, pageSize: 50 });
        },
      },
    ]);
    renderWithApp(<BanListPage campaignId={4} viewer={testViewer()} />, "/tips/banned?campaign=4");
    let rows = await screen.findAllByTestId("tips-ban-row");
    expect(rows.map((row) => row.getAttribute("data-user"))).toEqual(["1", "2"]);
    expect(within(rows[0]!).getByText("bought views")).toBeTruthy();
    expect(screen.queryByTestId("tips-lift-ban")).toBeNull();
    expect(screen.queryByTestId("tips-reports")).toBeNull();
    fireEvent.click(within(screen.getByTestId("tips-ban-order")).getByText("Oldest"));
    await waitFor(async () => {
      rows = screen.getAllByTestId("tips-ban-row");
      expect(rows.map((row) => row.getAttribute("data-user"))).toEqual(["2", "1"]);
    });
    expect(calls.some((call) => call.path.includes("/bans?order=oldest"))).toBe(true);
    expect(calls.some((call) => call.path.endsWith("/reports"))).toBe(false);
  });

  it("lets an organizer who is not the creator (a helper, an administrator) lift a ban and read the abuse reports", async () => {
    const { calls } = stubApi([
      { path: /\/tips\/campaigns\/4$/, answer: () => envelope(campaignDetail({ canModerate: true })) },
      {
        path: /\/tips\/campaigns\/4\/bans$/,
        answer: () =>
          envelope({ rows: [ban("1", "2026-01-03T00:00:00.000Z")], total: 1, page: 1, pageSize: 50 }),
      },
      {
        method: "DELETE",
        path: /\/tips\/campaigns\/4\/bans\/1$/,
        answer: () => envelope({ rows: [], total: 0, page: 1, pageSize: 50 }),
      },
      {
        path: /\/tips\/campaigns\/4\/reports$/,
        answer: () =>
          envelope({
            rows: [
              {
                id: 9,
                user: ban("3", "").user,
                reporter: "0xabc",
                reason: "spam",
                time: "2026-01-04T00:00:00.000Z",
              },
            ],
          }),
      },
    ]);
    renderWithApp(<BanListPage campaignId={4} viewer={testViewer()} />, "/tips/banned?campaign=4");
    const reports = await screen.findByTestId("tips-reports");
    expect(within(await within(reports).findByTestId("tips-report-row")).getByText("spam")).toBeTruthy();
    const row = await screen.findByTestId("tips-ban-row");
    fireEvent.click(within(row).getByTestId("tips-lift-ban"));
    await waitFor(() =>
      expect(calls.some((call) => call.method === "DELETE" && call.path.endsWith("/bans/1"))).toBe(true),
    );
    expect(await screen.findByTestId("tips-report-row")).toBeTruthy();
  });

  it("on a narrow screen shows each ban and report as a card: the reason, a short address and the time", async () => {
    stubApi([
      { path: /\/tips\/campaigns\/4$/, answer: () => envelope(campaignDetail({ canModerate: true })) },
      {
        path: /\/tips\/campaigns\/4\/bans$/,
        answer: () =>
          envelope({ rows: [ban("1", "2026-01-03T00:00:00.000Z")], total: 1, page: 1, pageSize: 50 }),
      },
      {
        path: /\/tips\/campaigns\/4\/reports$/,
        answer: () =>
          envelope({
            rows: [
              {
                id: 9,
                user: ban("3", "").user,
                reporter: "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC",
                reason: "spam",
                time: "2026-01-04T00:00:00.000Z",
              },
            ],
          }),
      },
    ]);
    renderWithApp(<BanListPage campaignId={4} viewer={testViewer()} />, "/tips/banned?campaign=4");
    const card = await screen.findByTestId("tips-ban-card");
    expect(within(card).getByText("bought views")).toBeTruthy();
    const adder = within(card).getByTitle("0x70997970C51812dc3A010C7d01b50e0d17dc79C8");
    expect(adder.textContent).toBe("0x709…79C8");
    expect(within(card).getByTestId("tips-lift-ban")).toBeTruthy();
    const report = await screen.findByTestId("tips-report-card");
    expect(within(report).getByText("spam")).toBeTruthy();
    expect(within(report).getByTitle("0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC").textContent).toBe(
      "0x3C4…93BC",
    );
  });
});
