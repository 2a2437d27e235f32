import type { Mission } from "@dropfair/schemas/missions";
import { describe, expect, it } from "vitest";
import { actionLabelKey, missionTitle, rowState } from "./mission-display";

const base: Mission = {
  id: 1,
  campaignId: 1,
  position: 1,
  kind: "x_retweet",
  title: "",
  parameters: { postId: "42" },
  actionUrl: "https://x.com/intent/retweet?tweet_id=42",
  takesTweetId: false,
  rewardEp: 30,
  rewardTickets: 0,
  state: "todo",
  completedAt: null,
};

describe("mission display", () => {
  it("titles a mission from its kind unless it has its own title", () => {
    expect(missionTitle(base)).toEqual({ key: "kinds.x_retweet", values: {} });
    expect(missionTitle({ ...base, title: "Boost our launch" })).toEqual({ text: "Boost our launch" });
    expect(
      missionTitle({
        ...base,
        kind: "x_tweet",
        parameters: { hashtag: "Dropfair", mention: "@dropfair_host" },
      }),
    ).toEqual({ key: "kinds.x_tweet", values: { pieces: "#Dropfair @dropfair_host" } });
    expect(missionTitle({ ...base, kind: "discord_role", parameters: { roleName: "Airdrop OG" } })).toEqual({
      key: "kinds.discord_role",
      values: { role: "Airdrop OG" },
    });
  });

  it("labels the action by where it goes", () => {
    expect(actionLabelKey(base)).toBe("actions.openPost");
    expect(actionLabelKey({ ...base, kind: "discord_join" })).toBe("actions.joinServer");
    expect(actionLabelKey({ ...base, kind: "telegram_join" })).toBe("actions.joinChat");
  });

  it("shows done over a running check, a running check over a failure", () => {
    expect(rowState({ ...base, state: "done" }, true, "x")).toBe("done");
    expect(rowState(base, true, "x")).toBe("checking");
    expect(rowState(base, false, "You have not retweeted the post yet.")).toBe("failed");
    expect(rowState(base, false, undefined)).toBe("todo");
  });
});
