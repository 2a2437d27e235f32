import { act, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import {
  airdropDetail,
  creatorAddress,
  envelope,
  platformConfig,
  renderWizardAt,
  setupAirdropI18n,
} from "../testing/test-utils";

type Call = { method: string; url: string; body: unknown; contentType: string | null };

/** A fake airdrop API: one draft (id 5) that the calls change, and every call recorded. */
function serveApi() {
  const calls: Call[] = [];
  let current = airdropDetail();
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      const method = init?.method ?? "GET";
      const headers = new Headers(init?.headers);
      const body = typeof init?.body === "string" ? init.body : null;
      calls.push({ method, url, body, contentType: headers.get("content-type") });
      if (url.endsWith("/platform/config")) return envelope(platformConfig());
      if (url.endsWith("/airdrop") && method === "POST") {
        current = airdropDetail({ ...JSON.parse(body ?? "{}"), id: 5 });
        return envelope(current);
      }
      if (url.endsWith("/airdrop/5/participants") && method === "PUT") {
        current = { ...current, participantCount: 3, totalWeight: 4 };
        return envelope({
          accepted: 3,
          totalWeight: 4,
          wrongLines: [2],
          wrongCount: 1,
          duplicateLines: [4],
          duplicateCount: 1,
          unresolvedLines: [],
          unresolvedCount: 0,
          uncheckedCount: 0,
        });
      }
      if (url.includes("/airdrop/5/participants")) {
        return envelope({
          items: [
            {
              index: 0,
              account: creatorAddress,
              label: creatorAddress,
              weight: 2,
              amount: null,
              claimState: 0,
              claimedBy: null,
              claimTxHash: null,
            },
          ],
          total: 3,
        });
      }
      if (/\/airdrop\/5(\?|$)/.test(url)) return envelope(current);
      return envelope(null, { typeCode: 10, status: 404 });
    }),
  );
  return calls;
}

function input(testId: string) {
  return screen.getByTestId(testId) as HTMLInputElement;
}

beforeAll(() => setupAirdropI18n());

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("AirdropWizardPage", () => {
  it("checks step 1 with the validation catalogue's messages before saving anything", async () => {
    const calls = serveApi();
    renderWizardAt("/airdrop/create");
    await screen.findByTestId("wizard-settings");
    fireEvent.click(screen.getByTestId("wizard-next"));
    expect(await screen.findByText("Please input title")).toBeTruthy();

    fireEvent.change(input("airdrop-title"), { target: { value: "x".repeat(61) } });
    expect(screen.getByTestId("title-counter").textContent).toBe("61/60");
    fireEvent.click(screen.getByTestId("wizard-next"));
    expect(await screen.findByText("The title can be up to 60 characters.")).toBeTruthy();

    fireEvent.change(input("airdrop-title"), { target: { value: "Launch drop" } });
    fireEvent.change(input("airdrop-start"), { target: { value: "2030-01-08T10:01" } });
    fireEvent.change(input("airdrop-end"), { target: { value: "2030-01-08T10:00" } });
    fireEvent.click(screen.getByTestId("wizard-next"));
    expect(await screen.findByText("The start time cannot be later than the end time")).toBeTruthy();
    expect(calls.filter((call) => call.url.includes("/airdrop") && call.method !== "GET")).toEqual([]);
  });

  it("saves the draft, moves to its URL, uploads the list as text and reports wrong and duplicate lines", async () => {
    const calls = serveApi();
    const router = renderWizardAt("/airdrop/create");
    await screen.findByTestId("wizard-settings");
    fireEvent.change(input("airdrop-title"), { target: { value: "Launch drop" } });
    fireEvent.change(input("airdrop-start"), { target: { value: "2030-01-01T10:00" } });
    fireEvent.change(input("airdrop-end"), { target: { value: "2030-01-08T10:00" } });
    await waitFor(() => expect(input("airdrop-chain").value).toBe("Sandbox chain"));
    fireEvent.click(screen.getByTestId("wizard-next"));

    await screen.findByTestId("wizard-participants");
    expect(router.state.location.pathname).toBe("/airdrop/create/5");
    const created = calls.find((call) => call.method === "POST");
    expect(JSON.parse(String(created?.body))).toMatchObject({
      title: "Launch drop",
      startAt: "2030-01-01T10:00:00.000Z",
      endAt: "2030-01-08T10:00:00.000Z",
      chainId: 31337,
      idType: "wallet",
    });

    fireEvent.click(screen.getByTestId("wizard-next"));
    expect(await screen.findByText("Need upload participants.")).toBeTruthy();

    const list = `${creatorAddress},2\nnot-an-address\n0x976EA74026E726554dB657fA54763abd0C3a0aa9\n${creatorAddress}`;
    fireEvent.change(screen.getByTestId("participants-paste"), { target: { value: list } });
    fireEvent.click(screen.getByTestId("participants-upload"));
    expect((await screen.findByTestId("report-wrong")).textContent).toBe("Wrong lines: 2");
    expect(screen.getByTestId("report-duplicate").textContent).toBe("Duplicate lines: 4");
    expect(screen.queryByText("Need upload participants.")).toBeNull();
    const upload = calls.find((call) => call.method === "PUT");
    expect(upload?.body).toBe(list);
    expect(upload?.contentType).toContain("text/plain");
    await waitFor(() =>
      expect(screen.getByTestId("participant-count").textContent).toBe("3 participants, total weight 4"),
    );
  });

  it("asks before leaving with unsaved changes", async () => {
    serveApi();
    const router = renderWizardAt("/airdrop/create");
    await screen.findByTestId("wizard-settings");
    fireEvent.change(input("airdrop-title"), { target: { value: "Half done" } });
    await act(() => router.navigate("/airdrop"));
    expect(await screen.findByText("You have unsaved changes. Leave anyway?")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/airdrop/create"));
    await act(() => router.navigate("/airdrop"));
    fireEvent.click(await screen.findByRole("button", { name: "Confirm" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/airdrop"));
  });
});
