import { buildDrawFile, drawWinners } from "@dropfair/core/fairness";
import { act, render, screen, within } from "@testing-library/react";
import { beforeAll, describe, expect, it } from "vitest";
import { createQueryClient } from "../../../shared/api/query-client";
import { i18n, initI18n } from "../../../shared/i18n/i18n";
import { Providers } from "../../../testing/providers";
import { verifyAndSimulate } from "../model/verification";
import { VerificationReport } from "./verification-report";

const postId = "1790000000000000001";
const blockHash = `0x${"c3".repeat(32)}` as const;
const userIds = Array.from({ length: 40 }, (_, index) => `${1_000_000 + index}`);
const file = buildDrawFile({ postId, blockNumber: 5, blockHash, winnerCount: 4, userIds });
const winners = drawWinners({ postId, blockHash, userIds, winnerCount: 4 }).winners.map(
  (winner) => winner.userId,
);

beforeAll(async () => {
  await initI18n("en");
  await act(() => i18n.loadNamespaces(["simulator", "validation"]));
});

describe("VerificationReport", () => {
  it("shows the checks, the user's rank, and both charts with the fair chance", () => {
    const report = verifyAndSimulate({ file, userId: winners[0], publishedWinners: winners });
    render(
      <Providers queryClient={createQueryClient()}>
        <VerificationReport report={report} subject={{ kind: "file", fileName: "draw.json" }} />
      </Providers>,
    );
    expect(screen.getByTestId("check-commitment").dataset.outcome).toBe("pass");
    expect(screen.getByTestId("check-winners").dataset.outcome).toBe("pass");
    expect(screen.getByTestId("user-rank").textContent).toContain("#1");
    expect(within(screen.getByTestId("check-user")).getByText("Winner")).toBeTruthy();
    expect(screen.getByTestId("simulation-fair-chance").textContent).toBe("10.00%");
    expect(screen.getByTestId("chart-fair-line")).toBeTruthy();
    expect(screen.getByTestId("chart-frequency-line").getAttribute("d")).toMatch(/^M/);
    const bars = screen.getByTestId("rank-distribution-chart").querySelectorAll("rect");
    expect(bars).toHaveLength(10);
    expect(screen.getByText("File draw.json")).toBeTruthy();
  });

  it("flags a broken commitment and winners that differ from the published ones", () => {
    const tampered = { ...file, entries: file.entries.slice(1) };
    const report = verifyAndSimulate({ file: tampered, publishedWinners: winners });
    render(
      <Providers queryClient={createQueryClient()}>
        <VerificationReport report={report} subject={{ kind: "file", fileName: "draw.json" }} />
      </Providers>,
    );
    expect(screen.getByTestId("check-commitment").dataset.outcome).toBe("fail");
    expect(screen.getByTestId("commitment-detail").textContent).toContain(file.commitment);
    expect(screen.getByTestId("check-user").textContent).toContain("Add an X user id");
    // An older file says no head at commit, and an uploaded file is not compared with a history.
    expect(screen.getByTestId("check-timing").dataset.outcome).toBe("neutral");
    expect(screen.getByTestId("check-history").dataset.outcome).toBe("neutral");
  });

  it("fails a target block not above the head at commit, and a file the public history did not publish", () => {
    const early = { ...file, committedAt: "2025-06-01T12:00:00.000Z", headAtCommit: "5" };
    const report = verifyAndSimulate({
      file: early,
      history: {
        count: 1,
        draw: {
          count: 1,
          kind: "draw",
          commitment: `0x${"00".repeat(32)}`,
          entryCount: 40,
          winnerCount: 4,
          targetBlock: "5",
          blockHash,
          committedAt: early.committedAt,
          headAtCommit: "5",
        },
      },
    });
    render(
      <Providers queryClient={createQueryClient()}>
        <VerificationReport report={report} subject={{ kind: "file", fileName: "draw.json" }} />
      </Providers>,
    );
    expect(screen.getByTestId("check-commitment").dataset.outcome).toBe("pass");
    expect(screen.getByTestId("check-timing").dataset.outcome).toBe("fail");
    expect(screen.getByTestId("check-timing").textContent).toContain("may already have existed");
    expect(screen.getByTestId("check-history").dataset.outcome).toBe("fail");
    expect(screen.getByTestId("check-history").textContent).toContain("commitment (");
  });
});
