import { fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { envelope, renderWithApp, setupWheelI18n, stubApi, testViewer } from "../testing/test-utils";
import { GameMissions } from "./game-missions";

const mission = {
  id: 21,
  campaignId: 5,
  position: 1,
  kind: "discord_join",
  title: "Join the Aurora Labs Discord",
  parameters: { guildId: "123456789012345678", inviteUrl: "https://discord.gg/aurora" },
  actionUrl: "https://discord.gg/aurora",
  takesTweetId: false,
  rewardEp: 0,
  rewardTickets: 2,
  state: "todo",
  completedAt: null,
};

function missionsApi() {
  return stubApi([
    {
      path: /\/missions\/campaigns\/5$/,
      answer: () =>
        envelope({
          campaign: { id: 5, kind: "wheel", referenceId: "3", title: "Spring wheel" },
          missions: [mission],
          completedCount: 0,
        }),
    },
    {
      method: "POST",
      path: /\/wheel\/games\/3\/missions$/,
      answer: () => envelope({ ...mission, id: 22, kind: "x_like", title: "", parameters: { postId: "77" } }),
    },
    { method: "DELETE", path: /\/wheel\/games\/3\/missions\/21$/, answer: () => envelope(null) },
  ]);
}

beforeAll(setupWheelI18n);
afterEach(() => vi.unstubAllGlobals());

describe("GameMissions", () => {
  it("gives the game's manager the mission editor: adds a mission with its tickets and removes one", async () => {
    const { calls } = missionsApi();
    renderWithApp(
      <GameMissions game={{ id: 3, missionCampaignId: 5, canManage: true }} viewer={testViewer()} />,
    );
    expect((await screen.findByTestId("game-mission-editor-mission-21")).textContent).toContain(
      "Join the Aurora Labs Discord",
    );
    expect(screen.queryByTestId("mission-check")).toBeNull();
    fireEvent.change(screen.getByTestId("game-mission-editor-kind"), { target: { value: "x_like" } });
    fireEvent.change(screen.getByTestId("game-mission-editor-postId"), { target: { value: "77" } });
    fireEvent.change(screen.getByTestId("game-mission-editor-reward"), { target: { value: "2" } });
    fireEvent.click(screen.getByTestId("game-mission-editor-add"));
    await waitFor(() => expect(calls.some((call) => call.method === "POST")).toBe(true));
    const added = calls.find((call) => call.method === "POST");
    expect(added?.path).toBe("/api/bounty/wheel/games/3/missions");
    expect(JSON.parse(added?.body ?? "{}")).toEqual({
      kind: "x_like",
      parameters: { postId: "77" },
      rewardEp: 0,
      rewardTickets: 2,
    });
    fireEvent.click(screen.getByTestId("game-mission-editor-remove-21"));
    await waitFor(() => expect(calls.some((call) => call.method === "DELETE")).toBe(true));
    expect(calls.find((call) => call.method === "DELETE")?.path).toBe(
      "/api/bounty/wheel/games/3/missions/21",
    );
  });

  it("lets the manager add the first mission of a game that has none yet", async () => {
    missionsApi();
    renderWithApp(
      <GameMissions game={{ id: 3, missionCampaignId: null, canManage: true }} viewer={testViewer()} />,
    );
    expect((await screen.findByTestId("game-mission-editor-empty")).textContent).toBe(
      "No missions yet. Add one below.",
    );
  });

  it("gives players the mission list with Check, and no editor", async () => {
    missionsApi();
    renderWithApp(
      <GameMissions game={{ id: 3, missionCampaignId: 5, canManage: false }} viewer={testViewer()} />,
    );
    await screen.findByTestId("mission-21");
    expect(screen.getByTestId("mission-check")).toBeTruthy();
    expect(screen.queryByTestId("game-mission-editor")).toBeNull();
  });
});
