import type { DropItem } from "@dropfair/schemas/news";
import { act, cleanup, render, screen, within } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { createQueryClient } from "../../../shared/api/query-client";
import { i18n, initI18n } from "../../../shared/i18n/i18n";
import { Providers } from "../../../testing/providers";
import { DropCard } from "./drop-card";

function campaign(kind: DropItem["kind"], id: number, title: string): DropItem {
  return {
    kind,
    id,
    onDropfair: true,
    project: "TIP",
    logoUrl: null,
    title,
    summary: "",
    category: null,
    status: 1,
    chainIds: [56],
    startAt: "2026-11-25T12:00:00.000Z",
    endAt: "2026-11-28T12:00:00.000Z",
    listedAt: "2026-11-24T12:00:00.000Z",
    links: [],
    requirements: [],
    estimatedCost: null,
    estimatedReward: null,
    sourceName: null,
    sourceUrl: null,
    verifiedLinks: true,
    featured: false,
    isSample: false,
  };
}

/** The platform config is not what these tests look at: it never answers. */
function serveConfig() {
  vi.stubGlobal(
    "fetch",
    vi.fn(() => new Promise<Response>(() => undefined)),
  );
}

async function renderCards(locale: "en" | "cn", items: DropItem[]) {
  await act(() => i18n.changeLanguage(locale));
  await act(() => i18n.loadNamespaces(["news"]));
  const element = (
    <>
      {items.map((item) => (
        <DropCard key={`${item.kind}-${item.id}`} item={item} />
      ))}
    </>
  );
  const router = createMemoryRouter([{ path: "*", element }], { initialEntries: [`/${locale}/drops`] });
  render(
    <Providers queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </Providers>,
  );
}

beforeAll(() => initI18n("en"));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("DropCard for Dropfair's own campaigns", () => {
  it("marks a tips campaign and a wheel game as on Dropfair, names their kind and links to their page", async () => {
    serveConfig();
    await renderCards("en", [campaign("tips", 7, "Tips for threads"), campaign("wheel", 9, "Lucky week")]);
    const [tips, wheel] = screen.getAllByTestId("drop-card");
    expect(within(tips!).getByTestId("drop-on-dropfair").textContent).toBe("On Dropfair");
    expect(within(tips!).getByTestId("drop-kind").textContent).toBe("Tips campaign");
    expect(within(tips!).getByTestId("drop-open").getAttribute("href")).toBe("/tips/7");
    expect(within(wheel!).getByTestId("drop-kind").textContent).toBe("Lucky wheel");
    expect(within(wheel!).getByTestId("drop-open").getAttribute("href")).toBe("/game/9");
  });

  it("speaks Chinese and keeps the cn links", async () => {
    serveConfig();
    await renderCards("cn", [campaign("tips", 7, "Tips for threads"), campaign("wheel", 9, "Lucky week")]);
    const [tips, wheel] = screen.getAllByTestId("drop-card");
    expect(within(tips!).getByTestId("drop-on-dropfair").textContent).toBe("Dropfair 活动");
    expect(within(tips!).getByTestId("drop-kind").textContent).toBe("打赏排行榜");
    expect(within(wheel!).getByTestId("drop-kind").textContent).toBe("幸运转盘");
    expect(within(wheel!).getByTestId("drop-open").getAttribute("href")).toBe("/cn/game/9");
    expect(within(wheel!).getByTestId("drop-open").textContent).toBe("在 Dropfair 打开");
  });

  it("gives a curated entry no kind badge and no Dropfair link", async () => {
    serveConfig();
    await renderCards("en", [{ ...campaign("news", 3, "Curated"), onDropfair: false }]);
    const card = screen.getByTestId("drop-card");
    expect(within(card).queryByTestId("drop-kind")).toBeNull();
    expect(within(card).queryByTestId("drop-open")).toBeNull();
  });
});
