import { describe, expect, it } from "vitest";
import {
  missionActionUrl,
  requiredPieces,
  tweetIdFrom,
  tweetMeetsContent,
  tweetMetricsFailure,
} from "../src/missions.ts";

describe("tweet content rule", () => {
  const rule = { text: "Dropfair season", hashtag: "Dropfair", mention: "@dropfair_host" };

  it("needs every given piece, hashtag with # and mention with @", () => {
    expect(requiredPieces(rule)).toEqual(["Dropfair season", "#Dropfair", "@dropfair_host"]);
    expect(tweetMeetsContent("Loving DROPFAIR SEASON #dropfair with @Dropfair_Host", rule)).toBe(true);
    expect(tweetMeetsContent("Loving Dropfair season #dropfair", rule)).toBe(false);
    expect(tweetMeetsContent("Dropfair season Dropfair @dropfair_host", rule)).toBe(false);
  });

  it("folds only ASCII letters", () => {
    expect(tweetMeetsContent("ÉTÉ", { text: "été" })).toBe(false);
    expect(tweetMeetsContent("été", { text: "été" })).toBe(true);
  });
});

describe("tweet metrics rule", () => {
  const rule = { minViews: 100, minLikes: 5, minRetweets: 2 };

  it("reports views first (1), then likes or retweets (2)", () => {
    expect(tweetMetricsFailure({ views: 99, likes: 0, retweets: 0 }, rule)).toBe("views");
    expect(tweetMetricsFailure({ views: 100, likes: 4, retweets: 9 }, rule)).toBe("engagement");
    expect(tweetMetricsFailure({ views: 100, likes: 5, retweets: 1 }, rule)).toBe("engagement");
    expect(tweetMetricsFailure({ views: 100, likes: 5, retweets: 2 }, rule)).toBeNull();
    expect(tweetMetricsFailure({ views: 0, likes: 0, retweets: 0 }, {})).toBeNull();
  });
});

describe("tweet references", () => {
  it("reads ids and post URLs, nothing else", () => {
    expect(tweetIdFrom(" 2002842258109890560 ")).toBe("2002842258109890560");
    expect(tweetIdFrom("https://x.com/dropfair_host/status/2002842258109890560?s=20")).toBe(
      "2002842258109890560",
    );
    expect(tweetIdFrom("https://twitter.com/i/web/status/123")).toBe("123");
    expect(tweetIdFrom("https://evil.example/x.com/a/status/123")).toBeNull();
    expect(tweetIdFrom("12345678901234567890")).toBeNull();
    expect(tweetIdFrom("")).toBeNull();
  });
});

describe("action links", () => {
  it("points at the post, the account, the server or the chat", () => {
    expect(missionActionUrl({ kind: "x_retweet", parameters: { postId: "42" } })).toBe(
      "https://x.com/intent/retweet?tweet_id=42",
    );
    expect(
      missionActionUrl({ kind: "x_follow", parameters: { userId: "1", username: "dropfair_host" } }),
    ).toBe("https://x.com/dropfair_host");
    expect(missionActionUrl({ kind: "x_tweet", parameters: { hashtag: "Dropfair" } })).toBe(
      "https://x.com/intent/tweet?text=%23Dropfair",
    );
    expect(
      missionActionUrl({
        kind: "telegram_join",
        parameters: { chatId: "@dropfair_sandbox", url: "https://t.me/x" },
      }),
    ).toBe("https://t.me/x");
  });
});
