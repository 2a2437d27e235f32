import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { createQueryClient } from "../../../shared/api/query-client";
import { i18n, initI18n } from "../../../shared/i18n/i18n";
import { Providers } from "../../../testing/providers";
import { sessionStore } from "../../auth";
import { AuditTrailPage } from "./audit-trail-page";

const admin = "0x15d34AAf54267DB7D7c367839AAf71A00a2C6A65";

function row(id: number) {
  return {
    id,
    actor: admin,
    action: "points.grant",
    targetKind: "user",
    targetId: String(100 + id),
    details: { amount: id * 10 },
    createdAt: "2026-11-20T10:00:00.000Z",
  };
}

const spentThisMonth = { month: "2026-11", items: 1_234_567, requests: 15_210, cap: 3_000_000 };

/**
 * The audit route answers two pages: rows 3 and 2, then row 1; the X spending route answers `spending`. Every
 * URL asked is kept.
 */
function serveTrail(spending: unknown = spentThisMonth) {
  const asked: string[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL) => {
      const url = String(input);
      asked.push(url);
      const content = url.includes("/admin/x-spending")
        ? spending
        : url.includes("cursor=")
          ? { rows: [row(1)], next: null }
          : { rows: [row(3), row(2)], next: "1763632800000_2" };
      return new Response(JSON.stringify({ content, typeCode: 1, message: "success" }), {
        headers: { "content-type": "application/json" },
      });
    }),
  );
  return asked;
}

function renderPage(props: { signedIn: boolean; isAdmin: boolean }) {
  render(
    <Providers queryClient={createQueryClient()}>
      <AuditTrailPage {...props} />
    </Providers>,
  );
}

beforeAll(async () => {
  await initI18n("en");
  await act(() => i18n.loadNamespaces(["admin"]));
  sessionStore.set({ userToken: "t".repeat(32), userAddress: admin });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("the administrators' audit trail page", () => {
  it("lists the actions, newest first, and loads the older ones on request", async () => {
    const asked = serveTrail();
    renderPage({ signedIn: true, isAdmin: true });
    await waitFor(() => expect(screen.getAllByTestId("audit-row")).toHaveLength(2), { timeout: 5_000 });
    expect(screen.getAllByTestId("audit-row")[0]?.textContent).toContain("user #103");
    fireEvent.click(screen.getByTestId("audit-more"));
    await waitFor(() => expect(screen.getAllByTestId("audit-row")).toHaveLength(3));
    expect(asked.at(-1)).toContain("cursor=1763632800000_2");
    expect(screen.queryByTestId("audit-more")).toBeNull();
  });

  it("shows this month's X reads against the monthly cap, in English and Chinese", async () => {
    serveTrail();
    renderPage({ signedIn: true, isAdmin: true });
    expect((await screen.findByTestId("x-spending-figure")).textContent).toBe(
      "1,234,567 of 3,000,000 posts and users read (41.15%), every process together",
    );
    expect(screen.getByTestId("x-spending").textContent).toContain("2026-11 (UTC)");
    expect(screen.getByTestId("x-spending").textContent).toContain("15,210 requests sent to X");
    cleanup();
    await act(() => i18n.changeLanguage("cn"));
    try {
      renderPage({ signedIn: true, isAdmin: true });
      expect((await screen.findByTestId("x-spending-figure")).textContent).toBe(
        "已读取 1,234,567 / 3,000,000 条帖子和用户（41.15%），所有进程合计",
      );
    } finally {
      await act(() => i18n.changeLanguage("en"));
    }
  });

  it("says when no monthly cap is set", async () => {
    serveTrail({ month: "2026-11", items: 0, requests: 0, cap: null });
    renderPage({ signedIn: true, isAdmin: true });
    expect((await screen.findByTestId("x-spending-figure")).textContent).toBe(
      "No monthly cap is set (X_SPENDING_CAP), so reads from X are not counted.",
    );
  });

  it("asks the server nothing for a wallet that is not an administrator", async () => {
    const asked = serveTrail();
    renderPage({ signedIn: true, isAdmin: false });
    expect(screen.getByTestId("audit-admins-only").textContent).toBe("Administrators only.");
    expect(asked).toEqual([]);
  });
});
