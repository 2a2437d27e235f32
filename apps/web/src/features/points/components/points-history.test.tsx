import { act, render, screen, waitFor } from "@testing-library/react";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { createQueryClient } from "../../../shared/api/query-client";
import { i18n, initI18n } from "../../../shared/i18n/i18n";
import { Providers } from "../../../testing/providers";
import { sessionStore } from "../../auth";
import { PointsHistory } from "./points-history";

const referee = "0x9965507D1a55bcC2695C58ba16FB37d819B0A4dc";
const at = "2026-11-20T10:00:00.000Z";

/** One row of each kind the page words, and one it does not know (its stored reason is shown). */
const rows = [
  {
    amount: 5,
    reason: "Join our Discord",
    sourceKind: "mission",
    sourceId: "3",
    params: { title: "加入 Discord" },
  },
  { amount: 5, reason: "mission 7", sourceKind: "mission", sourceId: "7", params: {} },
  {
    amount: 50,
    reason: "Referral reward: 0x996…A4dc",
    sourceKind: "referral",
    sourceId: "12",
    params: { address: referee },
  },
  {
    amount: 20,
    reason: "Bug report {{id}}",
    sourceKind: "admin",
    sourceId: "g1",
    params: { note: "Bug report {{id}}" },
  },
  {
    amount: -7,
    reason: "Duplicate <b>account</b>",
    sourceKind: "admin",
    sourceId: "g2",
    params: { note: "Duplicate <b>account</b>" },
  },
  { amount: 1, reason: "Early supporter", sourceKind: "badge", sourceId: "b1", params: {} },
].map((row) => ({ ...row, createdAt: at }));

function serveHistory() {
  vi.stubGlobal(
    "fetch",
    vi.fn(async () => {
      const content = { rows, total: rows.length, page: 1, pageSize: 10 };
      return new Response(JSON.stringify({ content, typeCode: 1, message: "success" }), {
        headers: { "content-type": "application/json" },
      });
    }),
  );
}

async function shownLabels() {
  serveHistory();
  render(
    <Providers queryClient={createQueryClient()}>
      <PointsHistory pointName="EP" />
    </Providers>,
  );
  await waitFor(() => expect(screen.getAllByTestId("points-history-label")).toHaveLength(rows.length), {
    timeout: 5_000,
  });
  return screen.getAllByTestId("points-history-label").map((label) => label.textContent);
}

beforeAll(async () => {
  await initI18n("en");
  await act(() => i18n.loadNamespaces(["points"]));
  sessionStore.set({ userToken: "t".repeat(32), userAddress: referee });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

afterAll(async () => {
  await act(() => i18n.changeLanguage("en"));
});

describe("the points history's wording of each ledger row", () => {
  it("words every known source kind from the English catalogue; administrators' reasons as written", async () => {
    expect(await shownLabels()).toEqual([
      "Mission: 加入 Discord",
      "Mission #7",
      "Referral reward: 0x996…A4dc",
      "Granted by the team: Bug report {{id}}",
      "Revoked by the team: Duplicate <b>account</b>",
      "Early supporter",
    ]);
    expect(screen.getAllByTestId("points-history-label")[2]!.getAttribute("title")).toBe(referee);
  });

  it("words them from the Chinese catalogue on the Chinese pages", async () => {
    await act(() => i18n.changeLanguage("cn"));
    expect(await shownLabels()).toEqual([
      "任务：加入 Discord",
      "任务 #7",
      "邀请奖励：0x996…A4dc",
      "团队发放：Bug report {{id}}",
      "团队扣除：Duplicate <b>account</b>",
      "Early supporter",
    ]);
  });
});
