import { describe, expect, it } from "vitest";
import { defaultProfileImageUrl, XWorld } from "../src/x/index.ts";

const now = Date.UTC(2026, 5, 15, 12, 0, 0);
const day = 24 * 60 * 60 * 1000;

function snapshot(world: XWorld) {
  const sample = [
    0,
    4,
    16,
    17,
    100,
    999,
    2500,
    world.accountCount - 1,
    world.accountCount,
    world.totalAccounts - 1,
  ];
  const giveaway = world.fixtures.posts.giveaway;
  return {
    fixtures: world.fixtures,
    users: sample.map((index) => world.user(index)),
    retweeters: world.retweeterIds(giveaway),
    likers: world.likingUserIds(giveaway),
    quotes: world.quotes(giveaway),
    replies: world.replies(giveaway),
    hostFollowers: world.followerIds(world.fixtures.users.host.id),
    bench: world.retweeterIds(world.fixtures.posts.bench).slice(0, 50),
  };
}

describe("synthetic X world: determinism and named fixtures", () => {
  it("is deterministic: the same seed and now give the same data", () => {
    const a = new XWorld({ seed: "alpha", now, benchEntrants: 3000 });
    const b = new XWorld({ seed: "alpha", now, benchEntrants: 3000 });
    expect(snapshot(b)).toEqual(snapshot(a));
  });

  it("varies with the seed, while named fixtures keep their ids", () => {
    const a = new XWorld({ seed: "alpha", now, benchEntrants: 3000 });
    const b = new XWorld({ seed: "beta", now, benchEntrants: 3000 });
    expect(b.fixtures).toEqual(a.fixtures);
    expect(b.user(100).username).not.toBe(a.user(100).username);
    expect(b.retweeterIds(b.fixtures.posts.giveaway)).not.toEqual(a.retweeterIds(a.fixtures.posts.giveaway));
  });

  it("keeps ids stable when `now` moves; created_at moves with it", () => {
    const a = new XWorld({ seed: "alpha", now, benchEntrants: 3000 });
    const b = new XWorld({ seed: "alpha", now: now + 3 * day, benchEntrants: 3000 });
    expect(b.user(200).id).toBe(a.user(200).id);
    expect(Date.parse(b.user(200).createdAt) - Date.parse(a.user(200).createdAt)).toBe(3 * day);
    expect(b.fixtures).toEqual(a.fixtures);
  });

  it("has the named accounts and posts tests and e2e rely on", () => {
    const world = new XWorld({ now, benchEntrants: 3000 });
    const { users, posts } = world.fixtures;
    expect(Object.values(users).map((user) => user.username)).toEqual([
      "dropfair_host",
      "partner_labs",
      "dropfair_bench",
      "dropfair_admin",
      "sandbox_alice",
      "sandbox_bob",
      "sandbox_carol",
      "sandbox_newbie",
      "sandbox_banned",
      "sandbox_gone",
    ]);
    for (const user of Object.values(users)) expect(user.username).toMatch(/^[A-Za-z0-9_]{1,15}$/);
    // Documented in the package README and used by e2e: they must not move.
    expect(users.host.id).toBe("1187458739205046272");
    expect(posts.giveaway).toBe("2002842258109890560");
    expect(posts.bench).toBe("2006120861660610564");
    expect(world.getUser(users.suspended.id)?.status).toBe("suspended");
    expect(world.getUser(users.deleted.id)?.status).toBe("deleted");
    expect(world.getTweet(posts.deleted)).toBeUndefined();
    const giveaway = world.getTweet(posts.giveaway);
    expect(giveaway?.authorId).toBe(users.host.id);
    expect(now - Date.parse(giveaway?.createdAt ?? "")).toBeGreaterThan(10 * day);
    const entrants = world.entrantIds(posts.giveaway);
    expect(entrants.length).toBeGreaterThan(250);
    expect(entrants.length).toBeLessThan(350);
    expect(entrants).toEqual(expect.arrayContaining([users.alice.id, users.bob.id, users.newbie.id]));
    expect(world.follows(world.named("alice"), world.named("host"))).toBe(true);
    expect(world.follows(world.named("bob"), world.named("host"))).toBe(false);
  });

  it("gives the giveaway replies older than 7 days, which recent search must not return", () => {
    const world = new XWorld({ now, benchEntrants: 3000 });
    const giveaway = world.fixtures.posts.giveaway;
    const all = world.replies(giveaway);
    const recent = world.replies(giveaway, { since: now - 7 * day });
    expect(all.length - recent.length).toBeGreaterThan(10);
    expect(recent.length).toBeGreaterThan(50);
    for (const reply of all) {
      expect(reply.conversationId).toBe(giveaway);
      expect(Date.parse(reply.createdAt)).toBeGreaterThan(
        Date.parse(world.getTweet(giveaway)?.createdAt ?? ""),
      );
    }
  });
});

describe("synthetic X world: ids, accounts, follows and the benchmark crowd", () => {
  it("orders snowflake ids like created_at", () => {
    const world = new XWorld({ now, benchEntrants: 3000 });
    const replies = world.replies(world.fixtures.posts.giveaway);
    for (let i = 1; i < replies.length; i++) {
      const newer = replies[i - 1];
      const older = replies[i];
      if (!newer || !older) continue;
      expect(Date.parse(newer.createdAt)).toBeGreaterThanOrEqual(Date.parse(older.createdAt));
      expect(BigInt(newer.id) > BigInt(older.id)).toBe(true);
    }
    for (const id of [replies[0]?.id, world.fixtures.users.host.id]) expect(id).toMatch(/^[0-9]{1,19}$/);
  });

  it("has varied accounts: ages, avatars, banners, bios, locations, verification, activity", () => {
    const world = new XWorld({ now, benchEntrants: 3000 });
    const users = Array.from({ length: world.accountCount - 16 }, (_, i) => world.user(i + 16));
    const share = (test: (user: (typeof users)[number]) => boolean) =>
      users.filter(test).length / users.length;
    const ageDays = (user: (typeof users)[number]) => (now - Date.parse(user.createdAt)) / day;
    expect(share((user) => ageDays(user) < 7)).toBeGreaterThan(0.005);
    expect(share((user) => ageDays(user) < 30)).toBeGreaterThan(0.04);
    expect(share((user) => ageDays(user) > 5 * 365)).toBeGreaterThan(0.3);
    expect(share((user) => user.profileImageUrl === defaultProfileImageUrl)).toBeGreaterThan(0.1);
    expect(share((user) => user.profileImageUrl === defaultProfileImageUrl)).toBeLessThan(0.5);
    expect(share((user) => user.profileBannerUrl === null)).toBeGreaterThan(0.3);
    expect(share((user) => user.profileBannerUrl === null)).toBeLessThan(0.7);
    expect(share((user) => user.description === "")).toBeGreaterThan(0.1);
    expect(share((user) => user.location === "")).toBeGreaterThan(0.3);
    for (const type of ["blue", "business", "none"] as const) {
      expect(share((user) => user.verifiedType === type)).toBeGreaterThan(0);
    }
    expect(share((user) => user.verified !== (user.verifiedType !== "none"))).toBe(0);
    expect(share((user) => user.mostRecentTweetId === null)).toBeGreaterThan(0.03);
    const lastPostDays = users
      .filter((user) => user.mostRecentTweetAt)
      .map((user) => (now - Date.parse(user.mostRecentTweetAt ?? "")) / day);
    expect(Math.min(...lastPostDays)).toBeLessThan(1);
    expect(Math.max(...lastPostDays)).toBeGreaterThan(300);
    expect(Math.max(...lastPostDays)).toBeLessThanOrEqual(400);
    expect(share((user) => user.status === "suspended")).toBeGreaterThan(0);
    expect(share((user) => user.status === "deleted")).toBeGreaterThan(0);
  });

  it("resolves every account by id and by username, the crowd included", () => {
    const world = new XWorld({ now, benchEntrants: 3000 });
    for (const index of [0, 7, 16, 1234, world.accountCount + 5, world.totalAccounts - 1]) {
      const user = world.user(index);
      expect(world.getUser(user.id)?.index).toBe(index);
      expect(world.getUserByUsername(user.username.toUpperCase())?.index).toBe(index);
      expect(user.username).toMatch(/^[A-Za-z0-9_]{1,15}$/);
    }
    expect(world.getUser("999")).toBeUndefined();
    expect(world.getUserByUsername("nobody")).toBeUndefined();
    const latest = world.user(300).mostRecentTweetId;
    if (latest) expect(world.getTweet(latest)?.authorIndex).toBe(300);
  });

  it("keeps follow lists consistent in both directions", () => {
    const world = new XWorld({ now, benchEntrants: 3000 });
    const host = world.named("host");
    const followers = world.followerSeq(host);
    for (let i = 0; i < followers.length; i++) expect(world.follows(followers.at(i), host)).toBe(true);
    const following = world.followingSeq(1000);
    for (let i = 0; i < following.length; i++) {
      const followee = following.at(i);
      const back = world.followerSeq(followee);
      expect(Array.from({ length: back.length }, (_, j) => back.at(j))).toContain(1000);
    }
  });

  it("generates the 100,000-entrant post on demand", () => {
    const world = new XWorld({ now });
    const bench = world.fixtures.posts.bench;
    const retweeters = world.retweeterSeq(bench);
    expect(retweeters.length).toBe(100_000);
    const ids = new Set<number>();
    for (let i = 0; i < retweeters.length; i += 1) ids.add(retweeters.at(i));
    expect(ids.size).toBe(100_000);
    expect(world.getTweet(bench)?.publicMetrics.retweet_count).toBe(100_000);
    const replies = world.replies(bench, { since: now - 7 * day });
    expect(replies.length).toBeGreaterThan(20_000);
    expect(world.getTweet(replies[123]?.id ?? "")?.id).toBe(replies[123]?.id);
  });
});
