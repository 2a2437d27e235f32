import type { ParticipantImport, ParticipantReport } from "@dropfair/schemas/airdrop";
import { MantineProvider } from "@mantine/core";
import { QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { useState } from "react";
import { I18nextProvider } from "react-i18next";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { createQueryClient } from "../../../shared/api/query-client";
import { i18n } from "../../../shared/i18n/i18n";
import { envelope, setupAirdropI18n } from "../testing/test-utils";
import { ParticipantsStep } from "./participants-step";

beforeAll(() => setupAirdropI18n(["common"]));

afterEach(() => {
  vi.unstubAllGlobals();
});

const report: ParticipantReport = {
  accepted: 120_000,
  totalWeight: 120_004,
  wrongLines: [7],
  wrongCount: 1,
  duplicateLines: [],
  duplicateCount: 0,
  unresolvedLines: [],
  unresolvedCount: 0,
  uncheckedCount: 0,
};

/** The import at a step: lines read, or (with `phase`) requests made or rows stored of `phaseTotal`. */
function importAt(
  state: ParticipantImport["state"],
  processedLines: number,
  step: Pick<ParticipantImport, "phase" | "phaseDone" | "phaseTotal"> = {
    phase: state === "running" ? "parsing" : null,
    phaseDone: processedLines,
    phaseTotal: 120_001,
  },
): ParticipantImport {
  return {
    id: 3,
    state,
    processedLines,
    totalLines: 120_001,
    ...step,
    report: state === "done" ? report : null,
    error:
      state === "failed"
        ? { typeCode: 460, message: "Discord could not be reached, please try again later." }
        : null,
    createdAt: "2030-01-01T10:00:00.000Z",
    finishedAt: state === "done" || state === "failed" ? "2030-01-01T10:01:00.000Z" : null,
  };
}

/**
 * A fake API: GET …/participants/import answers the next of `imports` at each poll (the last one stays), the
 * PUT answers `put`; the stored list is empty until the import is done.
 */
function serveApi(imports: (ParticipantImport | null)[], put?: () => Response) {
  const calls: { method: string; url: string }[] = [];
  let next = 0;
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      const method = init?.method ?? "GET";
      calls.push({ method, url });
      if (url.endsWith("/airdrop/5/participants/import")) {
        const answer = imports[Math.min(next, imports.length - 1)] ?? null;
        if (answer !== null || next < imports.length) next++;
        return envelope(answer);
      }
      if (url.endsWith("/airdrop/5/participants") && method === "PUT" && put) return put();
      if (url.includes("/airdrop/5/participants")) return envelope({ items: [], total: 0 });
      return envelope(null);
    }),
  );
  return calls;
}

function Step() {
  const [report, setReport] = useState<ParticipantReport>();
  return (
    <ParticipantsStep
      airdropId={5}
      idType="wallet"
      participantCount={0}
      totalWeight={0}
      report={report}
      onReport={setReport}
      errors={{}}
      locked={false}
    />
  );
}

function renderStep() {
  return render(
    <MantineProvider>
      <I18nextProvider i18n={i18n}>
        <QueryClientProvider client={createQueryClient()}>
          <Step />
        </QueryClientProvider>
      </I18nextProvider>
    </MantineProvider>,
  );
}

describe("the participants step with a long list", () => {
  it("shows an import under way when the creator comes back, polls its progress, then the report", async () => {
    const calls = serveApi([
      importAt("running", 50_000),
      importAt("running", 120_001, { phase: "checking", phaseDone: 300, phaseTotal: 1200 }),
      importAt("running", 120_001, { phase: "storing", phaseDone: 40_000, phaseTotal: 120_000 }),
      importAt("done", 120_001),
    ]);
    renderStep();
    expect(await screen.findByText("Reading the list: 50000 of 120001 lines")).toBeTruthy();
    const bar = () => screen.getByRole("progressbar", { name: "Import progress" });
    expect(Number(bar().getAttribute("aria-valuenow"))).toBeCloseTo(41.67, 1);
    expect((screen.getByTestId("participants-upload") as HTMLButtonElement).disabled).toBe(true);
    // The slow steps have their own progress: the upstream lookups, then the rows stored.
    expect(
      await screen.findByText("Checking the accounts: 300 of 1200 lookups", {}, { timeout: 6_000 }),
    ).toBeTruthy();
    expect(Number(bar().getAttribute("aria-valuenow"))).toBeCloseTo(25, 1);
    expect(
      await screen.findByText("Storing the participants: 40000 of 120000", {}, { timeout: 6_000 }),
    ).toBeTruthy();
    expect(Number(bar().getAttribute("aria-valuenow"))).toBeCloseTo(33.33, 1);
    await waitFor(() => expect(screen.queryByTestId("participants-import")).toBeNull(), { timeout: 6_000 });
    // The report comes with the refreshed airdrop after the import ends: it may take one more render.
    expect(await screen.findByText("120000 accepted", {}, { timeout: 6_000 })).toBeTruthy();
    const polls = calls.filter((call) => call.url.endsWith("/participants/import"));
    expect(polls.length).toBeGreaterThanOrEqual(3);
  }, 30_000);

  it("after an upload answered 202, shows the queued import, its progress and the error it ends with", async () => {
    serveApi([null, importAt("running", 50_000), importAt("failed", 50_000)], () =>
      envelope(importAt("queued", 0), { status: 202 }),
    );
    renderStep();
    fireEvent.change(await screen.findByTestId("participants-paste"), {
      target: { value: "0x52908400098527886E0F7030069857D2E4169EE7" },
    });
    fireEvent.click(screen.getByTestId("participants-upload"));
    expect(await screen.findByTestId("participants-import")).toBeTruthy();
    expect(
      await screen.findByText("Reading the list: 50000 of 120001 lines", {}, { timeout: 6_000 }),
    ).toBeTruthy();
    expect((await screen.findByTestId("participants-error", {}, { timeout: 6_000 })).textContent).toBe(
      "Discord could not be reached, please try again later.",
    );
    expect(screen.queryByTestId("participants-import")).toBeNull();
    expect(screen.queryByText(/accepted/)).toBeNull();
  }, 30_000);

  it("shows nothing of an import that ended before this visit", async () => {
    serveApi([importAt("failed", 50_000)]);
    renderStep();
    await waitFor(() => expect(vi.mocked(fetch)).toHaveBeenCalled());
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByTestId("participants-import")).toBeNull();
    expect(screen.queryByTestId("participants-error")).toBeNull();
  });
});

describe("the participants step with a CSV file", () => {
  it("takes a file dropped on the file area, shows its name and uploads its text", async () => {
    serveApi([null], () => envelope(report));
    const api = vi.mocked(fetch);
    const bodies: unknown[] = [];
    vi.stubGlobal(
      "fetch",
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        if (init?.method === "PUT") bodies.push(init.body);
        return api(input, init);
      }),
    );
    renderStep();
    fireEvent.click(await screen.findByText("CSV file"));
    const csv = "0x52908400098527886E0F7030069857D2E4169EE7,2\n0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed\n";
    const area = screen.getByTestId("participants-drop");
    fireEvent.dragOver(area);
    expect(area.hasAttribute("data-dragging")).toBe(true);
    fireEvent.drop(area, { dataTransfer: { files: [new File([csv], "holders.csv", { type: "text/csv" })] } });
    expect(area.hasAttribute("data-dragging")).toBe(false);
    expect(screen.getByTestId("participants-file-name").textContent).toBe("holders.csv (1 KB)");
    fireEvent.click(screen.getByTestId("participants-upload"));
    expect(await screen.findByText("120000 accepted")).toBeTruthy();
    expect(bodies).toEqual([csv]);
  });
});
