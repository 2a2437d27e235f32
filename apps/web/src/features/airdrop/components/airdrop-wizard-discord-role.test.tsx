import { fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import {
  airdropDetail,
  envelope,
  platformConfig,
  renderWizardAt,
  setupAirdropI18n,
} from "../testing/test-utils";

// The wizard's Discord-role path: no wallet step, the list is frozen (prepare) and the airdrop released.

/** No chain and no distributor: a Discord role needs neither. */
const config = platformConfig({ chains: [], airdrop: { distributors: [] } });

/** A saved Discord-role draft for a Discord list, its list uploaded, not prepared yet. */
function roleDraft() {
  return airdropDetail({
    title: "Early member role",
    idType: "discord",
    rewardType: "discord_role",
    chainId: null,
    participantCount: 2,
    totalWeight: 2,
    discordGuildId: "1100000000000000001",
    discordRoleId: "1200000000000000002",
  });
}

/** A fake airdrop API: release is refused until the list is prepared, as the real one does. */
function serveApi() {
  const calls: string[] = [];
  let current = roleDraft();
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      const method = init?.method ?? "GET";
      if (url.endsWith("/platform/config")) return envelope(config);
      const path = new URL(url, "http://localhost").pathname.replace("/api/bounty/airdrop", "");
      if (method !== "GET") calls.push(`${method} ${path}`);
      if (path === "/5/prepare" && method === "POST") {
        current = { ...current, prepared: true };
        return envelope(current);
      }
      if (path === "/5/release" && method === "POST") {
        if (!current.prepared)
          return envelope(null, {
            typeCode: 2006,
            message: "Please finish the reward settings first.",
            status: 409,
          });
        current = { ...current, status: 1, releasedAt: "2029-12-01T00:00:00.000Z" };
        return envelope(current);
      }
      if (path.startsWith("/5/participants")) return envelope({ items: [], total: 2 });
      if (path === "/5") return envelope(current);
      return envelope(null, { typeCode: 10, status: 404 });
    }),
  );
  return calls;
}

beforeAll(() => setupAirdropI18n());

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("the wizard's Discord-role reward", () => {
  it("freezes the list, then releases on Finish, with no wallet step", async () => {
    const calls = serveApi();
    const router = renderWizardAt("/airdrop/create/5", { state: { step: 2 } });
    await screen.findByTestId("wizard-reward");
    fireEvent.click(screen.getByTestId("wizard-finish"));
    await waitFor(() => expect(router.state.location.pathname).toBe("/airdrop/5"));
    expect(calls.filter((call) => !call.startsWith("PUT /5"))).toEqual([
      "POST /5/prepare",
      "POST /5/release",
    ]);
  });
});
