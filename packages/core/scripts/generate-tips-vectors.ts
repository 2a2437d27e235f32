/**
 * Builds the published test vectors of the tips formula, packages/core/tips-vectors.json, so any other
 * implementation of dropfair-tips-v1 can check itself against ours. Deterministic: same code, same file.
 *
 *   node --import tsx packages/core/scripts/generate-tips-vectors.ts          (writes the file)
 *   node --import tsx packages/core/scripts/generate-tips-vectors.ts --check  (exit 1 when it is stale)
 */
import { readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import {
  defaultTipsWeights,
  type TipsParticipant,
  type TipsTweet,
  tipsAlgorithm,
} from "../src/tips/formula.ts";
import { recomputeTipsSnapshot, type TipsSnapshot } from "../src/tips/snapshot.ts";

export const tipsVectorsPath = fileURLToPath(new URL("../tips-vectors.json", import.meta.url));

interface CaseDefinition {
  name: string;
  note: string;
  snapshot: Omit<TipsSnapshot, "algorithm" | "campaignId">;
}

let tweetSequence = 1_860_000_000_000_000_000n;

/** A tweet with X-like increasing ids; metrics default to zero. */
function tweet(createdAt: string, text: string, metrics: Partial<TipsTweet> = {}): TipsTweet {
  tweetSequence += 1_000_003n;
  return {
    id: tweetSequence.toString(),
    createdAt,
    text,
    views: 0,
    likes: 0,
    replies: 0,
    retweets: 0,
    quotes: 0,
    ...metrics,
  };
}

function participant(userId: string, tweets: TipsTweet[], banned = false): TipsParticipant {
  return { userId, banned, tweets };
}

const base = {
  weights: { ...defaultTipsWeights },
  tweetCap: 1000,
  dailyTweets: 3,
  totalPrize: "1000000000",
  start: "2026-03-01T00:00:00.000Z",
  end: "2026-03-08T00:00:00.000Z",
  hashtag: "#Dropfair",
  mention: "@dropfair_xyz",
  slogan: "",
};

const text = "Fair drops with #Dropfair by @dropfair_xyz";

const cases: CaseDefinition[] = [
  {
    name: "basic",
    note: "Two participants, one tweet each, default weights: raw = floor(views/100)*1 + likes*1 + replies*2 + retweets*3 + quotes*4.",
    snapshot: {
      ...base,
      participants: [
        participant("44196397", [
          tweet("2026-03-02T10:00:00.000Z", text, {
            views: 12_345,
            likes: 40,
            replies: 5,
            retweets: 7,
            quotes: 2,
          }),
        ]),
        participant("783214", [
          tweet("2026-03-02T11:00:00.000Z", text, {
            views: 999,
            likes: 10,
            replies: 1,
            retweets: 0,
            quotes: 0,
          }),
        ]),
      ],
    },
  },
  {
    name: "essential-text",
    note: "Hashtag, mention and slogan are substrings compared with ASCII-only case folding: '#DROPFAIR' matches, 'İ' or full-width letters do not fold; a tweet missing one required part does not count.",
    snapshot: {
      ...base,
      slogan: "Fair Drops",
      participants: [
        participant("1001", [
          tweet("2026-03-02T09:00:00.000Z", "FAIR DROPS! #DROPFAIR @DROPFAIR_XYZ", { likes: 10 }),
          tweet("2026-03-02T09:05:00.000Z", "fair drops #dropfair", { likes: 50 }),
          tweet("2026-03-02T09:10:00.000Z", "fair drops #ｄropfair @dropfair_xyz", { likes: 60 }),
          tweet("2026-03-02T09:15:00.000Z", "faİr drops #dropfair @dropfair_xyz", { likes: 70 }),
          tweet("2026-03-02T09:20:00.000Z", "unfair drops#dropfairly@dropfair_xyz2", { likes: 3 }),
        ]),
      ],
    },
  },
  {
    name: "campaign-window",
    note: "A tweet counts from start (inclusive) to end (exclusive).",
    snapshot: {
      ...base,
      participants: [
        participant("2002", [
          tweet("2026-02-28T23:59:59.999Z", text, { likes: 100 }),
          tweet("2026-03-01T00:00:00.000Z", text, { likes: 1 }),
          tweet("2026-03-07T23:59:59.999Z", text, { likes: 2 }),
          tweet("2026-03-08T00:00:00.000Z", text, { likes: 100 }),
        ]),
      ],
    },
  },
  {
    name: "daily-best",
    note: "Per UTC day only the dailyTweets (here 2) best tweets count; equal points: the earlier tweet, then the smaller id in byte order. UTC midnight starts a new day.",
    snapshot: {
      ...base,
      dailyTweets: 2,
      participants: [
        participant("3003", [
          tweet("2026-03-03T08:00:00.000Z", text, { likes: 5 }),
          tweet("2026-03-03T09:00:00.000Z", text, { likes: 9 }),
          tweet("2026-03-03T10:00:00.000Z", text, { likes: 5 }),
          tweet("2026-03-03T23:59:59.000Z", text, { likes: 1 }),
          tweet("2026-03-04T00:00:01.000Z", text, { likes: 1 }),
        ]),
        participant("3004", [
          { ...tweet("2026-03-03T12:00:00.000Z", text, { likes: 4 }), id: "9" },
          { ...tweet("2026-03-03T12:00:00.000Z", text, { likes: 4 }), id: "10" },
          { ...tweet("2026-03-03T12:00:00.000Z", text, { likes: 4 }), id: "11" },
        ]),
      ],
    },
  },
  {
    name: "tweet-cap",
    note: "A tweet's points are capped at tweetCap (here 500).",
    snapshot: {
      ...base,
      tweetCap: 500,
      participants: [
        participant("4004", [tweet("2026-03-05T00:00:00.000Z", text, { views: 10_000_000, likes: 3 })]),
        participant("4005", [tweet("2026-03-05T00:00:00.000Z", text, { views: 49_900, likes: 1 })]),
      ],
    },
  },
  {
    name: "rank-ties",
    note: "Equal points: the earlier first counted tweet ranks first; then the user id in byte order ('10' before '9'); participants with no counted tweet come last.",
    snapshot: {
      ...base,
      participants: [
        participant("9", [tweet("2026-03-02T12:00:00.000Z", text, { likes: 7 })]),
        participant("10", [tweet("2026-03-02T12:00:00.000Z", text, { likes: 7 })]),
        participant("7", [tweet("2026-03-02T11:00:00.000Z", text, { likes: 7 })]),
        participant("8", [tweet("2026-03-02T10:00:00.000Z", "no hashtag here", { likes: 70 })]),
        participant("6", []),
        participant("5", [tweet("2026-03-02T13:00:00.000Z", text)]),
      ],
    },
  },
  {
    name: "banned-and-rounding",
    note: "Banned participants are dropped before the prize is shared; estimatedEarned rounds down (10 base units over three equal scores: 3 each).",
    snapshot: {
      ...base,
      totalPrize: "10",
      participants: [
        participant("a", [tweet("2026-03-06T01:00:00.000Z", text, { likes: 3 })]),
        participant("b", [tweet("2026-03-06T02:00:00.000Z", text, { likes: 3 })]),
        participant("c", [tweet("2026-03-06T03:00:00.000Z", text, { likes: 3 })]),
        participant("d", [tweet("2026-03-06T00:00:00.000Z", text, { likes: 1000 })], true),
      ],
    },
  },
  {
    name: "no-points",
    note: "When no one has points, everyone's estimated earnings are 0.",
    snapshot: {
      ...base,
      participants: [participant("z", [tweet("2026-03-06T01:00:00.000Z", text, { views: 99 })])],
    },
  },
  {
    name: "custom-weights",
    note: "Custom integer weights (views 0, likes 2, replies 5, retweets 1, quotes 10), no mention required, big prize in 18-decimal base units.",
    snapshot: {
      ...base,
      weights: { views: 0, likes: 2, replies: 5, retweets: 1, quotes: 10 },
      mention: "",
      totalPrize: "12345678901234567890123",
      participants: [
        participant("1502345678901234567", [
          tweet("2026-03-07T20:00:00.000Z", "#dropfair", {
            views: 1_000_000,
            likes: 3,
            replies: 2,
            retweets: 9,
            quotes: 1,
          }),
        ]),
        participant("2244994945", [
          tweet("2026-03-07T21:00:00.000Z", "gm #DropFair", {
            views: 5,
            likes: 11,
            replies: 0,
            retweets: 0,
            quotes: 0,
          }),
        ]),
      ],
    },
  },
];

/** The vectors file's text, as committed. */
export function serializeTipsVectors(): string {
  const vectors = {
    algorithm: tipsAlgorithm,
    description:
      "Test vectors of the Dropfair tips leaderboard (specified in docs/tips.md). Each case's snapshot is a valid snapshot file; its leaderboard is what recomputing it must give.",
    cases: cases.map(({ name, note, snapshot }) => {
      const file: TipsSnapshot = { algorithm: tipsAlgorithm, campaignId: `vector-${name}`, ...snapshot };
      return { name, note, snapshot: file, leaderboard: recomputeTipsSnapshot(file) };
    }),
  };
  return `${JSON.stringify(vectors, null, 2)}\n`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const text = serializeTipsVectors();
  if (process.argv.includes("--check")) {
    if (readFileSync(tipsVectorsPath, "utf8") !== text) {
      console.error("tips-vectors.json is stale: run generate-tips-vectors.ts");
      process.exit(1);
    }
  } else {
    writeFileSync(tipsVectorsPath, text);
  }
}
