import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { drawsPageSize } from "../api/player";
import {
  envelope,
  gameDetail,
  playerAddress,
  renderWithApp,
  setupWheelI18n,
  stubApi,
  testViewer,
} from "../testing/test-utils";
import { DrawsTable } from "./draws-table";

const other = "0x90F79bf6EB2c4f870365E785982E1f101E93b906";
const total = 45;
/** Record n of the game's 45 (the player's two first, as the server orders them). */
const draw = (index: number) => ({
  time: "2026-02-01T10:00:00.000Z",
  account: index < 2 ? playerAddress : other,
  prizeId: "p1",
  nonce: String(total - index),
  position: "42",
  hash: `0x${"ab".repeat(32)}`,
  txHash: `0x${"cd".repeat(32)}`,
  mine: index < 2,
  stage: "completed",
});

beforeAll(setupWheelI18n);
afterEach(() => vi.unstubAllGlobals());

describe("DrawsTable", () => {
  it("pages through every record with the total shown, the player's own on the first page", async () => {
    const { calls } = stubApi([
      {
        path: /\/games\/3\/draws$/,
        answer: (request) => {
          const query = new URL(request.url).searchParams;
          const page = Number(query.get("page"));
          const size = Number(query.get("pageSize"));
          const start = (page - 1) * size;
          const rows = Array.from({ length: Math.max(0, Math.min(size, total - start)) }, (_, at) =>
            draw(start + at),
          );
          return envelope({ rows, total });
        },
      },
    ]);
    renderWithApp(<DrawsTable game={gameDetail()} viewer={testViewer()} />);
    expect((await screen.findByTestId("draws-total")).textContent).toBe("45 spins recorded");
    const first = await screen.findAllByTestId("draw-row");
    expect(first).toHaveLength(drawsPageSize);
    expect(first.map((row) => row.getAttribute("data-mine"))).toEqual([
      "true",
      "true",
      ...Array(drawsPageSize - 2).fill("false"),
    ]);
    expect(calls.filter((call) => call.path.includes("/draws")).map((call) => call.path)).toEqual([
      `/api/bounty/wheel/games/3/draws?page=1&pageSize=${drawsPageSize}`,
    ]);
    const pages = screen.getByTestId("draws-pages");
    fireEvent.click(within(pages).getByRole("button", { name: "3" }));
    await waitFor(() =>
      expect(screen.getAllByTestId("draw-row").map((row) => row.getAttribute("data-nonce"))).toEqual([
        "5",
        "4",
        "3",
        "2",
        "1",
      ]),
    );
    expect(calls.some((call) => call.path.endsWith(`draws?page=3&pageSize=${drawsPageSize}`))).toBe(true);
  });

  it("shows no pages and no total when there is no record", async () => {
    stubApi([{ path: /\/games\/3\/draws$/, answer: () => envelope({ rows: [], total: 0 }) }]);
    renderWithApp(<DrawsTable game={gameDetail()} viewer={testViewer()} />);
    expect((await screen.findByTestId("draws-empty")).textContent).toBe("No record.");
    expect(screen.queryByTestId("draws-total")).toBeNull();
    expect(screen.queryByTestId("draws-pages")).toBeNull();
  });
});
