import { pickerStatus } from "@dropfair/core/picker";
import type { PickerDetail } from "@dropfair/schemas/picker";
import { MantineProvider } from "@mantine/core";
import { Notifications } from "@mantine/notifications";
import { QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { I18nextProvider } from "react-i18next";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { apiEvents } from "../../../shared/api/api-events";
import { createQueryClient } from "../../../shared/api/query-client";
import { i18n, initI18n } from "../../../shared/i18n/i18n";
import { pickerDetail as basePickerDetail } from "../../../shared/testing/picker-detail";
import { PickerDetailPage } from "./picker-detail-page";

function pickerDetail(overrides: Partial<PickerDetail> = {}) {
  return basePickerDetail({
    seed: "abcdefghjk",
    owner: { xUserId: "1", username: "dropfair_host" },
    rewardAmount: "25.5",
    rewardText: "USDT",
    entryLimit: 1000,
    entryCount: 269,
    eligibleCount: 260,
    excludedCounts: { "not-following": 9 },
    viewer: { role: "visitor", xUserId: null, entry: null },
    createdAt: "2026-01-10T08:30:00.000Z",
    ...overrides,
  });
}

const fetchMock = vi.fn<typeof fetch>();
const respond = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

function serve(detail: Record<string, unknown>, onDraw?: () => Response) {
  fetchMock.mockImplementation(async (input, init) => {
    const url = String(input);
    if (url.endsWith("/draw") && init?.method === "POST" && onDraw) return onDraw();
    if (/\/picker\/7(\?|$)/.test(url)) return respond({ content: detail, typeCode: 1, message: "" });
    if (url.includes("/participants")) {
      return respond({ content: { total: 0, page: 1, size: 25, rows: [] }, typeCode: 1, message: "" });
    }
    if (url.includes("/history")) return respond({ content: [], typeCode: 1, message: "" });
    return respond({ content: null, typeCode: 10, message: "" }, 404);
  });
}

function renderDetail(path: string, version: 1 | 2) {
  const router = createMemoryRouter(
    [
      {
        path: "/picker2/:id",
        element: (
          <PickerDetailPage
            id="7"
            version={version}
            xAccount={{ signedIn: true, xUserId: "1" }}
            signInWithX={vi.fn()}
          />
        ),
      },
      {
        path: "/picker/:id",
        element: <PickerDetailPage id="7" version={1} xAccount={{ signedIn: false }} signInWithX={vi.fn()} />,
      },
    ],
    { initialEntries: [path] },
  );
  render(
    <MantineProvider>
      <Notifications />
      <QueryClientProvider client={createQueryClient()}>
        <I18nextProvider i18n={i18n}>
          <RouterProvider router={router} />
        </I18nextProvider>
      </QueryClientProvider>
    </MantineProvider>,
  );
  return router;
}

beforeAll(async () => {
  await initI18n("en");
  await act(() => i18n.loadNamespaces(["picker", "validation"]));
});

afterEach(() => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
});

describe("PickerDetailPage", () => {
  it("shows a visitor the header, counts and excluded reasons, but no owner buttons", async () => {
    vi.stubGlobal("fetch", fetchMock);
    serve(pickerDetail());
    renderDetail("/picker2/7", 2);
    expect(await screen.findByText("Giveaway by @dropfair_host")).toBeTruthy();
    expect(screen.getByTestId("picker-status").textContent).toBe("Ready to pick");
    expect(screen.getByText("Not following: 9")).toBeTruthy();
    expect(screen.getByTestId("picker-reward").textContent).toBe("Reward: 25.50 USDT");
    expect(screen.queryByTestId("owner-actions")).toBeNull();
    expect(screen.queryByTestId("draw-button")).toBeNull();
  });

  it("labels the owner's first draw, and a 403 on it says 'You are not owner' without the beta dialog", async () => {
    vi.stubGlobal("fetch", fetchMock);
    const forbidden = vi.fn();
    const off = apiEvents.on("forbidden", forbidden);
    serve(pickerDetail({ viewer: { role: "owner", xUserId: "1", entry: null } }), () =>
      respond({ content: null, typeCode: 430, message: "forbidden" }, 403),
    );
    renderDetail("/picker2/7", 2);
    const draw = await screen.findByTestId("draw-button");
    expect(draw.textContent).toBe("First draw");
    fireEvent.click(draw);
    expect(await screen.findByText("You are not owner")).toBeTruthy();
    expect(forbidden).not.toHaveBeenCalled();
    off();
  });

  it("shows a collection waiting for X until the reset, in the viewer's own time, in English and Chinese", async () => {
    const zone = process.env.TZ;
    process.env.TZ = "Asia/Shanghai";
    vi.useFakeTimers({ now: new Date("2026-11-26T04:00:00.000Z"), toFake: ["Date"] });
    try {
      vi.stubGlobal("fetch", fetchMock);
      serve(
        pickerDetail({
          status: 3,
          viewer: { role: "owner", xUserId: "1", entry: null },
          progress: {
            stage: "retweets",
            pages: 12,
            fetched: 1200,
            total: 20000,
            waitingUntil: "2026-11-26T07:30:00Z",
          },
        }),
      );
      renderDetail("/picker2/7", 2);
      expect((await screen.findByTestId("pipeline-waiting")).textContent).toBe(
        "Waiting for X until 15:30: its request limit is used up for now, and the collection goes on by itself then.",
      );
      expect(screen.getByText("1.2K of 20K")).toBeTruthy();
      cleanup();
      await act(() => i18n.changeLanguage("cn"));
      renderDetail("/picker2/7", 2);
      expect((await screen.findByTestId("pipeline-waiting")).textContent).toBe(
        "等待 X 至 15:30：X 的请求额度暂时用完，届时自动继续收集。",
      );
    } finally {
      await act(() => i18n.changeLanguage("en"));
      vi.useRealTimers();
      process.env.TZ = zone;
    }
  });

  it("shows no wait once the reset has passed", async () => {
    vi.stubGlobal("fetch", fetchMock);
    serve(
      pickerDetail({
        status: 3,
        viewer: { role: "owner", xUserId: "1", entry: null },
        progress: {
          stage: "retweets",
          pages: 12,
          fetched: 1200,
          total: 20000,
          waitingUntil: "2026-01-10T07:30:00Z",
        },
      }),
    );
    renderDetail("/picker2/7", 2);
    expect(await screen.findByTestId("pipeline-progress")).toBeTruthy();
    expect(screen.queryByTestId("pipeline-waiting")).toBeNull();
  });

  it("names the next draw 'Second draw' after a failed first one", async () => {
    vi.stubGlobal("fetch", fetchMock);
    serve(
      pickerDetail({
        drawCount: 1,
        errorMessage: "picker.drawFailed",
        viewer: { role: "admin", xUserId: "2", entry: null },
      }),
    );
    renderDetail("/picker2/7", 2);
    expect((await screen.findByTestId("draw-button")).textContent).toBe("Second draw");
    expect(
      screen.getByText("The draw failed because the block source did not answer in time. Please draw again."),
    ).toBeTruthy();
  });

  it("tells the owner while the draw waits because the block sources disagree, in English and Chinese", async () => {
    vi.stubGlobal("fetch", fetchMock);
    const waiting = {
      count: 1,
      kind: "draw" as const,
      reason: null,
      commitment: `0x${"1".repeat(64)}`,
      entryCount: 260,
      winnerCount: 3,
      chainId: 1,
      targetBlock: "21000002",
      committedAt: "2026-01-10T09:00:00.000Z",
      headAtCommit: "21000000",
      blockHash: null,
      status: "waiting" as const,
      replacedXUserIds: null,
      createdAt: "2026-01-10T09:00:00.000Z",
      drawnAt: null,
    };
    serve(
      pickerDetail({
        status: pickerStatus.selecting,
        drawCount: 1,
        currentDraw: waiting,
        errorMessage: "picker.drawSourcesDisagree",
        viewer: { role: "owner", xUserId: "1", entry: null },
      }),
    );
    renderDetail("/picker2/7", 2);
    expect((await screen.findByTestId("draw-alert")).textContent).toBe(
      "The block sources disagree on the target block's hash. The draw waits until they agree.",
    );
    await act(() => i18n.changeLanguage("cn"));
    expect(screen.getByTestId("draw-alert").textContent).toBe(
      "区块来源对目标区块的哈希不一致。抽奖将等待它们一致。",
    );
    await act(() => i18n.changeLanguage("en"));
  });

  it("shows a draw that failed because the block sources disagreed", async () => {
    vi.stubGlobal("fetch", fetchMock);
    serve(
      pickerDetail({
        drawCount: 1,
        errorMessage: "picker.drawSourcesFailed",
        viewer: { role: "owner", xUserId: "1", entry: null },
      }),
    );
    renderDetail("/picker2/7", 2);
    expect((await screen.findByTestId("draw-alert")).textContent).toBe(
      "The draw failed because the block sources disagreed on the target block's hash. Please draw again.",
    );
  });

  it("shows a version-1 picker read-only with the v1 state name", async () => {
    vi.stubGlobal("fetch", fetchMock);
    serve(pickerDetail({ version: 1, status: 4, viewer: { role: "owner", xUserId: "1", entry: null } }));
    renderDetail("/picker/7", 1);
    expect((await screen.findByTestId("v1-notice")).textContent).toContain("Picker 1.0 is closed");
    expect(screen.getByTestId("picker-status").textContent).toBe("Picking winner");
    expect(screen.queryByTestId("owner-actions")).toBeNull();
  });

  it("sends a version-1 picker opened under picker2 to its picker/{id} page", async () => {
    vi.stubGlobal("fetch", fetchMock);
    serve(pickerDetail({ version: 1, status: 5 }));
    const router = renderDetail("/picker2/7", 2);
    await screen.findByTestId("v1-notice");
    expect(router.state.location.pathname).toBe("/picker/7");
  });
  it("shows the custom poster to everyone and gives the owner its control", async () => {
    vi.stubGlobal("fetch", fetchMock);
    serve(pickerDetail({ posterUrl: "/api/bounty/picker/7/poster?v=1" }));
    renderDetail("/picker2/7", 2);
    const poster = (await screen.findByTestId("picker-poster")) as HTMLImageElement;
    expect(poster.getAttribute("src")).toBe("/api/bounty/picker/7/poster?v=1");
    expect(poster.getAttribute("alt")).toBe("Giveaway poster by @dropfair_host");
    expect(screen.queryByTestId("poster-control")).toBeNull();
  });

  it("checks the poster's size before uploading, and explains the annual plan on 402", async () => {
    vi.stubGlobal("fetch", fetchMock);
    serve(pickerDetail({ viewer: { role: "owner", xUserId: "1", entry: null } }));
    const detailFetch = fetchMock.getMockImplementation()!;
    const uploads: unknown[] = [];
    fetchMock.mockImplementation(async (input, init) => {
      if (String(input).endsWith("/picker/7/poster") && init?.method === "PUT") {
        uploads.push(JSON.parse(String(init.body)));
        return respond({ content: null, typeCode: 176, message: "server text" }, 402);
      }
      return detailFetch(input, init);
    });
    renderDetail("/picker2/7", 2);
    await screen.findByTestId("poster-control");
    expect(screen.queryByTestId("poster-remove")).toBeNull();
    const input = document.querySelector<HTMLInputElement>(
      '[data-testid="poster-control"] input[type="file"]',
    )!;
    const tooLarge = new File([new Uint8Array(1024 * 1024 + 1)], "big.png", { type: "image/png" });
    fireEvent.change(input, { target: { files: [tooLarge] } });
    expect(await screen.findByText("The poster must be at most 1 MB.")).toBeTruthy();
    expect(uploads).toEqual([]);

    const small = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], "ok.png", { type: "image/png" });
    fireEvent.change(input, { target: { files: [small] } });
    expect(await screen.findByText("Custom posters come with the annual membership.")).toBeTruthy();
    expect(uploads).toEqual([{ image: "data:image/png;base64,iVBORw==" }]);
  });
});
