import { readFileSync } from "node:fs";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { serializeTipsVectors, tipsVectorsPath } from "../scripts/generate-tips-vectors.ts";
import {
  buildTipsSnapshot,
  carriesEssentialText,
  computeTipsLeaderboard,
  countedTweetsOf,
  InvalidTipsSnapshotError,
  parseTipsSnapshot,
  recomputeTipsSnapshot,
  type TipsLeaderboard,
  type TipsSnapshot,
  tipsRulesOf,
  tweetPoints,
} from "../src/tips/index.ts";

const vectors = JSON.parse(readFileSync(tipsVectorsPath, "utf8")) as {
  algorithm: string;
  cases: { name: string; snapshot: TipsSnapshot; leaderboard: TipsLeaderboard }[];
};

/**
 * An independent reading of dropfair-tips-v1 from its published definition (docs/tips.md): plain loops,
 * its own folding, day keys and orders, no code shared with the module.
 */
function independentLeaderboard(
  snapshot: TipsSnapshot,
): { userId: string; points: bigint; earned: bigint }[] {
  const fold = (value: string) =>
    [...value].map((char) => (char >= "A" && char <= "Z" ? char.toLowerCase() : char)).join("");
  const bytes = (value: string) => Buffer.from(value, "utf8");
  const required = [snapshot.hashtag, snapshot.mention, snapshot.slogan].filter((part) => part !== "");
  const w = snapshot.weights;
  const rows: { userId: string; points: bigint; first: number }[] = [];
  for (const person of snapshot.participants) {
    if (person.banned) continue;
    const days: Record<string, { points: bigint; at: number; id: string }[]> = {};
    for (const t of person.tweets) {
      const at = new Date(t.createdAt).getTime();
      if (at < new Date(snapshot.start).getTime() || at >= new Date(snapshot.end).getTime()) continue;
      if (!required.every((part) => fold(t.text).indexOf(fold(part)) >= 0)) continue;
      let raw = BigInt(Math.floor(t.views / 100)) * BigInt(w.views);
      raw += BigInt(
        t.likes * w.likes + t.replies * w.replies + t.retweets * w.retweets + t.quotes * w.quotes,
      );
      const points = raw > BigInt(snapshot.tweetCap) ? BigInt(snapshot.tweetCap) : raw;
      const day = t.createdAt.slice(0, 10);
      days[day] ??= [];
      days[day].push({ points, at, id: t.id });
    }
    let points = 0n;
    let first = Number.POSITIVE_INFINITY;
    for (const list of Object.values(days)) {
      list.sort((a, b) =>
        a.points !== b.points
          ? b.points > a.points
            ? 1
            : -1
          : a.at - b.at || Buffer.compare(bytes(a.id), bytes(b.id)),
      );
      for (const counted of list.slice(0, snapshot.dailyTweets)) {
        points += counted.points;
        first = Math.min(first, counted.at);
      }
    }
    rows.push({ userId: person.userId, points, first });
  }
  rows.sort((a, b) =>
    a.points !== b.points
      ? b.points > a.points
        ? 1
        : -1
      : a.first !== b.first
        ? a.first < b.first
          ? -1
          : 1
        : Buffer.compare(bytes(a.userId), bytes(b.userId)),
  );
  const total = rows.reduce((sum, row) => sum + row.points, 0n);
  const prize = BigInt(snapshot.totalPrize);
  return rows.map((row) => ({
    userId: row.userId,
    points: row.points,
    earned: total === 0n ? 0n : (prize * row.points) / total,
  }));
}

function summary(leaderboard: TipsLeaderboard) {
  return leaderboard.standings.map((row) => ({
    userId: row.userId,
    points: BigInt(row.points),
    earned: BigInt(row.estimatedEarned),
  }));
}

describe("published test vectors (packages/core/tips-vectors.json)", () => {
  it("are exactly what the module produces today (regenerate with generate-tips-vectors.ts)", () => {
    expect(readFileSync(tipsVectorsPath, "utf8")).toBe(serializeTipsVectors());
    expect(vectors.algorithm).toBe("dropfair-tips-v1");
    expect(vectors.cases).toHaveLength(9);
  });

  describe.each(vectors.cases.map((vector) => [vector.name, vector] as const))("case %s", (_, vector) => {
    it("recomputes to the published leaderboard", () => {
      expect(recomputeTipsSnapshot(JSON.stringify(vector.snapshot))).toEqual(vector.leaderboard);
    });
    it("agrees with an independent implementation", () => {
      expect(summary(vector.leaderboard)).toEqual(independentLeaderboard(vector.snapshot));
    });
  });

  it("hold the figures worked out by hand in docs/tips.md", () => {
    const byName = Object.fromEntries(vectors.cases.map((vector) => [vector.name, vector.leaderboard]));
    // floor(12345/100) + 40 + 5×2 + 7×3 + 2×4 = 123 + 40 + 10 + 21 + 8
    expect(byName.basic?.standings.map((row) => [row.userId, row.points, row.estimatedEarned])).toEqual([
      ["44196397", "202", "905829596"],
      ["783214", "21", "94170403"],
    ]);
    expect(byName["daily-best"]?.standings.map((row) => [row.userId, row.points, row.tweets])).toEqual([
      ["3003", "15", 3],
      ["3004", "8", 2],
    ]);
    const dailyBest = vectors.cases.find((vector) => vector.name === "daily-best")!.snapshot;
    const counted = countedTweetsOf(dailyBest.participants[1]!.tweets, tipsRulesOf(dailyBest));
    expect(counted.map(({ tweet }) => tweet.id)).toEqual(["10", "11"]);
    expect(byName["rank-ties"]?.standings.map((row) => row.userId)).toEqual(["7", "10", "9", "5", "6", "8"]);
    expect(byName["banned-and-rounding"]?.standings.map((row) => row.estimatedEarned)).toEqual([
      "3",
      "3",
      "3",
    ]);
    expect(byName["tweet-cap"]?.standings.map((row) => row.points)).toEqual(["500", "500"]);
  });
});

describe("the formula's parts", () => {
  it("folds ASCII letters only when looking for the essential text", () => {
    const rules = { hashtag: "#Dropfair", mention: "", slogan: "" };
    expect(carriesEssentialText("gm #DROPFAIR", rules)).toBe(true);
    expect(carriesEssentialText("gm #dropfaİr", { ...rules, hashtag: "#dropfair" })).toBe(false);
    expect(carriesEssentialText("gm #Dropfai", rules)).toBe(false);
    expect(carriesEssentialText("anything", { hashtag: "", mention: "", slogan: "" })).toBe(true);
  });

  it("counts whole hundreds of views and caps a tweet", () => {
    const weights = { views: 1, likes: 1, replies: 2, retweets: 3, quotes: 4 };
    const zero = { views: 0, likes: 0, replies: 0, retweets: 0, quotes: 0 };
    expect(tweetPoints({ ...zero, views: 199 }, weights, 1000)).toBe(1);
    expect(tweetPoints({ ...zero, quotes: 1000 }, weights, 1000)).toBe(1000);
    expect(tweetPoints({ ...zero, views: Number.MAX_SAFE_INTEGER }, weights, 1000)).toBe(1000);
  });
});

const isoInMarch = fc
  .integer({ min: Date.parse("2026-02-27T00:00:00Z"), max: Date.parse("2026-03-10T00:00:00Z") })
  .map((time) => new Date(time).toISOString());
const textArbitrary = fc.constantFrom("#dropfair @df", "#DropFair @DF go", "nothing", "#dropfair", "@df");
const tweetArbitrary = fc.record({
  createdAt: isoInMarch,
  text: textArbitrary,
  views: fc.integer({ min: 0, max: 1_000_000 }),
  likes: fc.integer({ min: 0, max: 500 }),
  replies: fc.integer({ min: 0, max: 50 }),
  retweets: fc.integer({ min: 0, max: 50 }),
  quotes: fc.integer({ min: 0, max: 20 }),
});
const snapshotArbitrary = fc
  .record({
    users: fc.uniqueArray(fc.stringMatching(/^[0-9]{1,4}$/), { minLength: 0, maxLength: 8 }),
    tweets: fc.array(fc.tuple(fc.nat(), tweetArbitrary), { maxLength: 40 }),
    banned: fc.array(fc.boolean(), { minLength: 8, maxLength: 8 }),
    tweetCap: fc.integer({ min: 1, max: 400 }),
    dailyTweets: fc.integer({ min: 1, max: 4 }),
    totalPrize: fc.bigInt({ min: 0n, max: 10n ** 24n }),
  })
  .map(({ users, tweets, banned, tweetCap, dailyTweets, totalPrize }): TipsSnapshot => {
    const participants = users.map((userId, index) => ({
      userId,
      banned: banned[index] ?? false,
      tweets: [] as TipsSnapshot["participants"][number]["tweets"],
    }));
    tweets.forEach(([owner, tweet], index) => {
      if (participants.length > 0)
        participants[owner % participants.length]?.tweets.push({ id: `${1000 + index}`, ...tweet });
    });
    return {
      algorithm: "dropfair-tips-v1",
      campaignId: "property",
      weights: { views: 1, likes: 1, replies: 2, retweets: 3, quotes: 4 },
      tweetCap,
      dailyTweets,
      totalPrize: totalPrize.toString(),
      start: "2026-03-01T00:00:00.000Z",
      end: "2026-03-08T00:00:00.000Z",
      hashtag: "#dropfair",
      mention: "@df",
      slogan: "",
      participants,
    };
  });

describe("properties", () => {
  it("agrees with the independent implementation on random campaigns", () => {
    fc.assert(
      fc.property(snapshotArbitrary, (snapshot) => {
        expect(summary(recomputeTipsSnapshot(snapshot))).toEqual(independentLeaderboard(snapshot));
      }),
      { numRuns: 300 },
    );
  });

  it("shares at most the prize, losing less than one base unit per participant to rounding", () => {
    fc.assert(
      fc.property(snapshotArbitrary, (snapshot) => {
        const { standings, totalPoints } = recomputeTipsSnapshot(snapshot);
        const shared = standings.reduce((sum, row) => sum + BigInt(row.estimatedEarned), 0n);
        const prize = BigInt(snapshot.totalPrize);
        expect(shared <= prize).toBe(true);
        if (totalPoints !== "0") expect(prize - shared < BigInt(Math.max(standings.length, 1))).toBe(true);
        else expect(shared).toBe(0n);
      }),
      { numRuns: 200 },
    );
  });

  it("banning someone changes no one else's points or order, and never shares more than the prize", () => {
    fc.assert(
      fc.property(snapshotArbitrary, fc.nat(), (snapshot, pick) => {
        const before = recomputeTipsSnapshot(snapshot);
        if (before.standings.length === 0) return;
        const target = before.standings[pick % before.standings.length]!.userId;
        const after = recomputeTipsSnapshot({
          ...snapshot,
          participants: snapshot.participants.map((person) =>
            person.userId === target ? { ...person, banned: true } : person,
          ),
        });
        const rest = before.standings.filter((row) => row.userId !== target);
        expect(after.standings.map((row) => [row.userId, row.points])).toEqual(
          rest.map((row) => [row.userId, row.points]),
        );
        const shared = after.standings.reduce((sum, row) => sum + BigInt(row.estimatedEarned), 0n);
        expect(shared <= BigInt(snapshot.totalPrize)).toBe(true);
      }),
      { numRuns: 200 },
    );
  });

  it("does not depend on the order participants and tweets are listed in", () => {
    fc.assert(
      fc.property(snapshotArbitrary, (snapshot) => {
        const reversed = {
          ...snapshot,
          participants: [...snapshot.participants]
            .reverse()
            .map((person) => ({ ...person, tweets: [...person.tweets].reverse() })),
        };
        expect(recomputeTipsSnapshot(reversed)).toEqual(recomputeTipsSnapshot(snapshot));
      }),
      { numRuns: 200 },
    );
  });

  it("counts at most dailyTweets tweets a day, each at most tweetCap, and never a banned participant", () => {
    fc.assert(
      fc.property(snapshotArbitrary, (snapshot) => {
        const { standings } = computeTipsLeaderboard(snapshot.participants, tipsRulesOf(snapshot));
        const banned = new Set(
          snapshot.participants.filter((person) => person.banned).map((person) => person.userId),
        );
        for (const row of standings) {
          expect(banned.has(row.userId)).toBe(false);
          const perDay = new Map<string, number>();
          const person = snapshot.participants.find((candidate) => candidate.userId === row.userId)!;
          const counted = countedTweetsOf(person.tweets, tipsRulesOf(snapshot));
          expect(counted).toHaveLength(row.tweets);
          for (const { tweet, points } of counted) {
            const day = tweet.createdAt.slice(0, 10);
            perDay.set(day, (perDay.get(day) ?? 0) + 1);
            expect(points).toBeLessThanOrEqual(snapshot.tweetCap);
            expect(points).toBeGreaterThanOrEqual(0);
          }
          for (const count of perDay.values()) expect(count).toBeLessThanOrEqual(snapshot.dailyTweets);
        }
      }),
      { numRuns: 200 },
    );
  });
});

describe("snapshot files", () => {
  const valid = vectors.cases[0]!.snapshot;

  it("round-trip through buildTipsSnapshot", () => {
    const built = buildTipsSnapshot(valid.campaignId, tipsRulesOf(valid), valid.participants);
    expect(recomputeTipsSnapshot(JSON.parse(JSON.stringify(built)))).toEqual(vectors.cases[0]!.leaderboard);
  });

  it.each([
    ["algorithm", { ...valid, algorithm: "dropfair-tips-v2" }],
    ["weights.quotes", { ...valid, weights: { ...valid.weights, quotes: 1.5 } }],
    ["tweetCap", { ...valid, tweetCap: 0 }],
    ["dailyTweets", { ...valid, dailyTweets: 101 }],
    ["totalPrize", { ...valid, totalPrize: "1.5" }],
    ["end", { ...valid, end: valid.start }],
    ["hashtag", { ...valid, hashtag: "dropfair" }],
    ["mention", { ...valid, mention: "dropfair" }],
    ["participants[1].userId", { ...valid, participants: [valid.participants[0], valid.participants[0]] }],
    [
      "participants[0].tweets[0].views",
      {
        ...valid,
        participants: [
          { ...valid.participants[0], tweets: [{ ...valid.participants[0]!.tweets[0], views: -1 }] },
        ],
      },
    ],
    [
      "participants[1].tweets[0].id",
      {
        ...valid,
        participants: [
          valid.participants[0],
          { ...valid.participants[1], tweets: valid.participants[0]!.tweets },
        ],
      },
    ],
  ])("refuses a bad %s", (field, file) => {
    try {
      parseTipsSnapshot(file);
      expect.unreachable("the snapshot must be refused");
    } catch (error) {
      expect(error).toBeInstanceOf(InvalidTipsSnapshotError);
      expect((error as InvalidTipsSnapshotError).field).toBe(field);
    }
  });

  it("refuses text that is not JSON", () => {
    expect(() => parseTipsSnapshot("{")).toThrow(InvalidTipsSnapshotError);
  });
});
