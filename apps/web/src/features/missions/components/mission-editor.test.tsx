import type { Mission } from "@dropfair/schemas/missions";
import { MantineProvider } from "@mantine/core";
import { act, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { I18nextProvider } from "react-i18next";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { i18n, initI18n } from "../../../shared/i18n/i18n";
import { MissionEditor, type MissionEditorProps } from "./mission-editor";

const follow: Mission = {
  id: 7,
  campaignId: 1,
  position: 1,
  kind: "x_follow",
  title: "",
  parameters: { userId: "42", username: "dropfair" },
  actionUrl: "https://x.com/intent/follow?user_id=42",
  takesTweetId: false,
  rewardEp: 0,
  rewardTickets: 2,
  state: "todo",
  completedAt: null,
};

function renderEditor(props: Partial<MissionEditorProps> = {}) {
  const onAdd = vi.fn(async () => undefined);
  const onRemove = vi.fn(async () => undefined);
  render(
    <MantineProvider>
      <I18nextProvider i18n={i18n}>
        <MissionEditor
          missions={[follow]}
          reward="tickets"
          pointName="EP"
          onAdd={onAdd}
          onRemove={onRemove}
          errorText={(error) => (error instanceof Error ? error.message : undefined)}
          {...props}
        />
      </I18nextProvider>
    </MantineProvider>,
  );
  return { onAdd, onRemove };
}

const type = (testId: string, value: string) =>
  fireEvent.change(screen.getByTestId(testId), { target: { value } });

beforeAll(async () => {
  await initI18n("en");
  await act(() => i18n.loadNamespaces(["missions"]));
});

describe("MissionEditor", () => {
  it("lists the missions with their tickets and removes one", async () => {
    const { onRemove } = renderEditor();
    expect(screen.getByTestId("mission-editor-mission-7").textContent).toContain("Follow @dropfair on X");
    expect(screen.getByTestId("mission-editor-mission-7").textContent).toContain("+2 wheel tickets");
    fireEvent.click(screen.getByTestId("mission-editor-remove-7"));
    await waitFor(() => expect(onRemove).toHaveBeenCalledWith(follow));
  });

  it("adds a retweet mission with its tickets as the API takes it", async () => {
    const { onAdd } = renderEditor({ missions: [] });
    expect(screen.getByTestId("mission-editor-empty").textContent).toContain(
      "No missions yet. Add one below.",
    );
    type("mission-editor-kind", "x_retweet");
    type("mission-editor-postId", "1234567890");
    type("mission-editor-reward", "3");
    fireEvent.click(screen.getByTestId("mission-editor-add"));
    await waitFor(() =>
      expect(onAdd).toHaveBeenCalledWith({
        kind: "x_retweet",
        parameters: { postId: "1234567890" },
        rewardEp: 0,
        rewardTickets: 3,
      }),
    );
    // The form is cleared for the next one, keeping the kind and the reward.
    await waitFor(() =>
      expect((screen.getByTestId("mission-editor-postId") as HTMLInputElement).value).toBe(""),
    );
    expect((screen.getByTestId("mission-editor-reward") as HTMLInputElement).value).toBe("3");
  });

  it("names each wrong field and sends nothing", async () => {
    const { onAdd } = renderEditor();
    type("mission-editor-username", "not a name!");
    type("mission-editor-reward", "0");
    fireEvent.click(screen.getByTestId("mission-editor-add"));
    await screen.findByText("An X username: letters, digits and _, up to 15.");
    screen.getByText("A numeric id of up to 19 digits.");
    screen.getByText("A whole number from 1 to 10,000.");
    expect(onAdd).not.toHaveBeenCalled();
  });

  it("asks a tweet mission for something the tweet must contain", async () => {
    const { onAdd } = renderEditor();
    type("mission-editor-kind", "x_tweet");
    type("mission-editor-minLikes", "5");
    fireEvent.click(screen.getByTestId("mission-editor-add"));
    expect((await screen.findByTestId("mission-editor-content-error")).textContent).toBe(
      "Give the text, a hashtag or a mention the tweet must contain.",
    );
    expect(onAdd).not.toHaveBeenCalled();
    type("mission-editor-hashtag", "dropfair");
    fireEvent.click(screen.getByTestId("mission-editor-add"));
    await waitFor(() =>
      expect(onAdd).toHaveBeenCalledWith({
        kind: "x_tweet",
        parameters: { hashtag: "dropfair", minLikes: 5 },
        rewardEp: 0,
        rewardTickets: 1,
      }),
    );
  });

  it("shows the feature's text when the route refuses, and asks no reward for join missions", async () => {
    renderEditor({
      reward: "none",
      onAdd: async () => {
        throw new Error("Only the campaign's creator can change its missions.");
      },
    });
    expect(screen.queryByTestId("mission-editor-reward")).toBeNull();
    expect(screen.getByTestId("mission-editor-mission-7").textContent).not.toContain("ticket");
    type("mission-editor-username", "dropfair");
    type("mission-editor-userId", "42");
    fireEvent.click(screen.getByTestId("mission-editor-add"));
    expect((await screen.findByTestId("mission-editor-failure")).textContent).toBe(
      "Only the campaign's creator can change its missions.",
    );
  });
});
