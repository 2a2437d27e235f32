import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { sessionStore } from "../../features/auth";
import { createQueryClient } from "../../shared/api/query-client";
import { i18n, initI18n } from "../../shared/i18n/i18n";
import { Providers } from "../providers";
import SideMenuDrawer from "./side-menu-drawer";
import { sideMenu } from "./side-menu-state";

const wallet = "0x15d34AAf54267DB7D7c367839AAf71A00a2C6A65";

/** The server's answer to "is this wallet an administrator?"; every other request never answers. */
function serveAdminStatus(isAdmin: boolean) {
  const asked: string[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn((input: RequestInfo | URL) => {
      const url = String(input);
      asked.push(url);
      if (!url.includes("/admin/me")) return new Promise<Response>(() => undefined);
      return Promise.resolve(
        new Response(JSON.stringify({ content: { isAdmin }, typeCode: 1, message: "success" }), {
          headers: { "content-type": "application/json" },
        }),
      );
    }),
  );
  return asked;
}

async function openMenu(locale: "en" | "cn") {
  await act(() => i18n.changeLanguage(locale));
  const router = createMemoryRouter([{ path: "*", element: <SideMenuDrawer /> }], {
    initialEntries: [locale === "cn" ? "/cn/drops" : "/drops"],
  });
  render(
    <Providers queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </Providers>,
  );
  act(() => sideMenu.open());
  await screen.findByTestId("menu-news");
}

beforeAll(async () => {
  await initI18n("en");
});

afterEach(() => {
  cleanup();
  act(() => sideMenu.close());
  sessionStore.set({ userToken: undefined, userAddress: undefined });
  vi.unstubAllGlobals();
});

describe("the side menu's administration group", () => {
  it("links an administrator to the audit trail, the badges administration and the reports inbox", async () => {
    sessionStore.set({ userToken: "t".repeat(32), userAddress: wallet });
    serveAdminStatus(true);
    await openMenu("en");
    const group = await screen.findByTestId("menu-admin", {}, { timeout: 5_000 });
    expect(group.textContent).toContain("Administration");
    fireEvent.click(group);
    await waitFor(() =>
      expect(screen.getByTestId("menu-adminAudit").getAttribute("href")).toBe("/admin/audit"),
    );
    expect(screen.getByTestId("menu-adminAudit").textContent).toBe("Audit trail");
    expect(screen.getByTestId("menu-adminBadges").getAttribute("href")).toBe("/admin/badges");
    expect(screen.getByTestId("menu-feedbackInbox").getAttribute("href")).toBe("/admin/feedback");
  });

  it("names the entries in Chinese under /cn", async () => {
    sessionStore.set({ userToken: "t".repeat(32), userAddress: wallet });
    serveAdminStatus(true);
    await openMenu("cn");
    fireEvent.click(await screen.findByTestId("menu-admin", {}, { timeout: 5_000 }));
    await waitFor(() => expect(screen.getByTestId("menu-adminAudit").textContent).toBe("操作审计"));
    expect(screen.getByTestId("menu-adminAudit").getAttribute("href")).toBe("/cn/admin/audit");
    expect(screen.getByTestId("menu-adminBadges").textContent).toBe("徽章管理");
  });

  it("is not there for a signed-in wallet the server does not call an administrator", async () => {
    sessionStore.set({ userToken: "t".repeat(32), userAddress: wallet });
    const asked = serveAdminStatus(false);
    await openMenu("en");
    await waitFor(() => expect(asked.some((url) => url.includes("/admin/me"))).toBe(true));
    // Let the answer land before looking.
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.queryByTestId("menu-admin")).toBeNull();
    expect(screen.queryByTestId("menu-adminAudit")).toBeNull();
  });

  it("is not there for a visitor, who is never asked about", async () => {
    const asked = serveAdminStatus(true);
    await openMenu("en");
    expect(screen.queryByTestId("menu-admin")).toBeNull();
    expect(asked.some((url) => url.includes("/admin/me"))).toBe(false);
  });
});
