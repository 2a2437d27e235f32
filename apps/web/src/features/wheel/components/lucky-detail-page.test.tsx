import type { WheelGameSummary } from "@dropfair/schemas/wheel";
import { screen } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import {
  envelope,
  gameDetail,
  renderWithApp,
  setupWheelI18n,
  stubApi,
  testViewer,
} from "../testing/test-utils";
import { currentGame, LuckyDetailPage } from "./lucky-detail-page";

const aurora = {
  kind: "partner" as const,
  slug: "aurora",
  name: "Aurora Labs",
  identifyCode: "AURX01",
  logo: "/partners/aurora.svg",
};

function summary(id: number, status: number): WheelGameSummary {
  const game = gameDetail();
  return {
    id,
    title: game.title,
    status,
    chainId: game.chainId,
    startAt: game.startAt,
    endAt: game.endAt,
    creator: game.creator,
    partnerSlug: "aurora",
    prizeCount: game.prizeCount,
    spinCount: game.spinCount,
  };
}

beforeAll(setupWheelI18n);
afterEach(() => vi.unstubAllGlobals());

describe("currentGame", () => {
  it("offers a running game first, then one about to start, then the newest", () => {
    expect(currentGame([summary(9, 9), summary(8, 4), summary(7, 1)])?.id).toBe(7);
    expect(currentGame([summary(9, 9), summary(8, 4)])?.id).toBe(8);
    expect(currentGame([summary(9, 9), summary(8, 2)])?.id).toBe(9);
    expect(currentGame([])).toBeUndefined();
  });
});

describe("LuckyDetailPage", () => {
  it("shows the partner, its identify code and its running game's wheel, asking for that partner's games", async () => {
    const { calls } = stubApi([
      {
        path: /\/wheel\/games$/,
        answer: () => envelope({ rows: [summary(4, 9), summary(3, 1)], total: 2, page: 1, pageSize: 50 }),
      },
      { path: /\/games\/3$/, answer: () => envelope(gameDetail({ partnerSlug: "aurora" })) },
      { path: /\/games\/3\/draws$/, answer: () => envelope({ rows: [], total: 0 }) },
    ]);
    renderWithApp(
      <LuckyDetailPage activity={aurora} viewer={testViewer({ walletAddress: undefined })} />,
      "/aurora",
    );
    expect((await screen.findByTestId("lucky-title")).textContent).toBe("Aurora Labs × Dropfair");
    expect(screen.getByTestId("lucky-code").textContent).toBe("Activity code AURX01");
    expect(screen.queryByTestId("lucky-achievement-badges")).toBeNull();
    expect((await screen.findByTestId("lucky-game")).getAttribute("data-game-id")).toBe("3");
    expect(await screen.findByTestId("wheel-graphic")).toBeTruthy();
    expect(
      calls.some((call) => call.path.includes("/wheel/games?") && call.path.includes("partner=aurora")),
    ).toBe(true);
  });

  it("says so when the activity has no wheel yet", async () => {
    stubApi([
      { path: /\/wheel\/games$/, answer: () => envelope({ rows: [], total: 0, page: 1, pageSize: 50 }) },
    ]);
    renderWithApp(
      <LuckyDetailPage activity={{ kind: "achievement", slug: "achievement" }} viewer={testViewer()} />,
      "/achievement/detail-with-lucky",
    );
    expect((await screen.findByTestId("lucky-no-game")).textContent).toBe(
      "There is no wheel for this activity yet.",
    );
    expect(screen.getByTestId("lucky-title").textContent).toBe("Achievement lucky draw");
    // The achievement lucky draw links to the programme's badges (achievement/detail), which links back.
    const badges = screen.getByTestId("lucky-achievement-badges");
    expect(badges.textContent).toBe("See the achievement badges");
    expect(badges.getAttribute("href")).toMatch(/\/achievement\/detail$/);
    expect(screen.queryByTestId("lucky-code")).toBeNull();
  });
});
