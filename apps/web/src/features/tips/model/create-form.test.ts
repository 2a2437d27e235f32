import { describe, expect, it } from "vitest";
import { bodyOf, editBodyOf, emptyTipsDraft, validateDraft } from "./create-form";

const now = new Date("2026-03-01T10:17:00Z");
const filled = () => ({
  ...emptyTipsDraft(now, 31337),
  title: "Spread the word",
  hashtag: "Dropfair",
  token: "0xe7f1725e7734ce288f8367e1bb143e90bb3f0512",
  totalPrize: "1000.5",
});

describe("the tips create form", () => {
  it("starts with the published formula defaults and a week from the next hours", () => {
    const draft = emptyTipsDraft(now, 31337);
    expect(draft).toMatchObject({
      startAt: "2026-03-01T12:00",
      endAt: "2026-03-08T12:00",
      chainId: "31337",
      views: "1",
      likes: "1",
      replies: "2",
      retweets: "3",
      quotes: "4",
      tweetCap: "1000",
      dailyTweets: "3",
    });
  });

  it("sends a valid draft as the API's body", () => {
    const result = validateDraft(filled());
    expect(result.ok).toBe(true);
    expect(bodyOf(filled())).toMatchObject({
      startAt: "2026-03-01T12:00:00.000Z",
      chainId: 31337,
      weights: { views: 1, likes: 1, replies: 2, retweets: 3, quotes: 4 },
      tweetCap: 1000,
    });
  });

  it("names each wrong field with the catalogue's message", () => {
    const result = validateDraft({
      ...filled(),
      title: "",
      hashtag: "",
      totalPrize: "1.23456",
      endAt: "2026-03-01T11:00",
      quotes: "-1",
      startAt: "",
    });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors).toEqual({
      title: "validation:validation.airdrop.titleRequired",
      totalPrize: "validation:validation.airdrop.amountTooManyDecimals",
      quotes: "validation:validation.request.fieldInvalid",
      startAt: "tips:errors.timeRequired",
    });
    const order = validateDraft({ ...filled(), endAt: "2026-03-01T11:00" });
    expect(order.ok ? {} : order.errors).toEqual({ endAt: "validation:validation.airdrop.timeOrder" });
    const none = validateDraft({ ...filled(), hashtag: "" });
    expect(none.ok ? {} : none.errors).toEqual({
      hashtag: "validation:validation.tips.essentialTextRequired",
    });
  });

  it("leaves the token, the prize and the times out of a funded campaign's edit", () => {
    const body = bodyOf(filled());
    expect(Object.keys(editBodyOf(body, true)).sort()).toEqual(
      ["dailyTweets", "description", "hashtag", "mention", "slogan", "title", "tweetCap", "weights"].sort(),
    );
    expect(editBodyOf(body, false)).toEqual(body);
  });
});
