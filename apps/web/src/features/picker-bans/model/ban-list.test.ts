import { describe, expect, it } from "vitest";
import { normalizeHandle, sortBans, validateBanForm } from "./ban-list";

const bans = [
  { username: "bob", createdAt: "2026-01-02T10:00:00.000Z" },
  { username: "alice", createdAt: "2026-01-03T09:00:00.000Z" },
  { username: "carol", createdAt: "2026-01-01T08:00:00.000Z" },
  { username: "aaron", createdAt: "2026-01-02T10:00:00.000Z" },
];

describe("sortBans", () => {
  it("sorts latest or oldest first, ties by handle, without changing the input", () => {
    expect(sortBans(bans, "latest").map((ban) => ban.username)).toEqual(["alice", "aaron", "bob", "carol"]);
    expect(sortBans(bans, "oldest").map((ban) => ban.username)).toEqual(["carol", "aaron", "bob", "alice"]);
    expect(bans[0]!.username).toBe("bob");
  });
});

describe("the add-ban form", () => {
  it("needs an X handle and a reason", () => {
    expect(validateBanForm({ username: "", reason: " " })).toEqual({
      username: "required",
      reason: "required",
    });
    expect(validateBanForm({ username: "@not a handle", reason: "spam" })).toEqual({ username: "invalid" });
    expect(validateBanForm({ username: "@spam_bot", reason: "x".repeat(201) })).toEqual({
      reason: "tooLong",
    });
    expect(validateBanForm({ username: "https://x.com/spam_bot", reason: "bot farm" })).toEqual({});
  });

  it("reads handles as pasted", () => {
    expect(normalizeHandle(" @@spam_bot ")).toBe("spam_bot");
    expect(normalizeHandle("https://twitter.com/Spam_Bot/status/1")).toBe("Spam_Bot");
  });
});
