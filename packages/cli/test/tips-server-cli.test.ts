// `dropfair verify-tips <campaignId> --server`: against a stand-in server that pages its leaderboard as the API does
// (100 lines at most a page, by rank), every page is read and every column of every line is checked.
import { recomputeTipsSnapshot, type TipsLeaderboard } from "@dropfair/core/tips";
import { typeCodes } from "@dropfair/schemas/codes";
import { describe, expect, it } from "vitest";
import { type CliEnvironment, exitCodes, main } from "../src/main.ts";
import { comparedFields } from "../src/tips-compare.ts";

/** A valid snapshot of `count` participants, each with one counted tweet of distinct metrics. */
function snapshotOf(count: number, extraViews = 0): string {
  const participants = Array.from({ length: count }, (_, index) => ({
    userId: String(100_000 + index),
    banned: false,
    tweets: [
      {
        id: String(1_860_000_000_000_000_000n + BigInt(index)),
        createdAt: "2026-03-02T10:00:00.000Z",
        text: "Fair drops with #Dropfair by @dropfair_xyz",
        views: 1_000 + index * 7 + (index === 0 ? extraViews : 0),
        likes: index % 13,
        replies: index % 5,
        retweets: index % 3,
        quotes: index % 2,
      },
    ],
  }));
  return JSON.stringify({
    algorithm: "dropfair-tips-v1",
    campaignId: "12",
    weights: { views: 1, likes: 1, replies: 2, retweets: 3, quotes: 4 },
    tweetCap: 100_000,
    dailyTweets: 3,
    totalPrize: "1000000000000000000000",
    start: "2026-03-01T00:00:00.000Z",
    end: "2026-03-08T00:00:00.000Z",
    hashtag: "#Dropfair",
    mention: "@dropfair_xyz",
    slogan: "",
    participants,
  });
}

type Row = Record<string, unknown>;

/** The lines as the API's leaderboard shows them (`TipsStanding` of @dropfair/schemas). */
function servedRows(leaderboard: TipsLeaderboard): Row[] {
  return leaderboard.standings.map((row) => ({
    rank: row.rank,
    xUserId: row.userId,
    username: `user${row.userId}`,
    name: `User ${row.userId}`,
    avatarUrl: null,
    points: row.points,
    tweets: row.tweets,
    views: row.views,
    retweets: row.retweets,
    replies: row.replies,
    likes: row.likes,
    quotes: row.quotes,
    interactions: row.interactions,
    estimatedEarned: row.estimatedEarned,
  }));
}

interface Computation {
  snapshot: string;
  rows: Row[];
  total: number;
  totalPoints: string;
  computedAt: string;
}

function computationOf(snapshot: string, computedAt = "2026-03-03T00:00:00.000Z"): Computation {
  const leaderboard = recomputeTipsSnapshot(snapshot);
  const rows = servedRows(leaderboard);
  return { snapshot, rows, total: rows.length, totalPoints: leaderboard.totalPoints, computedAt };
}

/** A stand-in server: `current()` is the computation it shows at each request; the pages it was asked for. */
function serverOf(current: (request: number) => Computation) {
  const pages: string[] = [];
  let requests = 0;
  const fetch = (async (input: string | URL | Request) => {
    const url = new URL(String(input));
    const computation = current(++requests);
    if (url.pathname === "/api/bounty/tips/campaigns/12/snapshot") return new Response(computation.snapshot);
    if (url.pathname !== "/api/bounty/tips/campaigns/12/leaderboard")
      return new Response("", { status: 404 });
    const page = Number(url.searchParams.get("page"));
    // The API's limit: pageSize from 1 to 100.
    const pageSize = Math.min(Number(url.searchParams.get("pageSize")), 100);
    pages.push(`${url.searchParams.get("sort")} ${page}×${pageSize}`);
    const content = {
      totalPrize: "1000000000000000000000",
      totalPoints: computation.totalPoints,
      computedAt: computation.computedAt,
      total: computation.total,
      page,
      pageSize,
      rows: computation.rows.slice((page - 1) * pageSize, page * pageSize),
      me: null,
    };
    return Response.json({ typeCode: typeCodes.success, message: "success", content });
  }) as typeof globalThis.fetch;
  return { fetch, pages };
}

async function verify(fetch: typeof globalThis.fetch) {
  const out: string[] = [];
  const environment: CliEnvironment = {
    stdout: (text) => void out.push(text),
    stderr: (text) => void out.push(text),
    readFile: async () => {
      throw new Error("no files here");
    },
    fetch,
  };
  const status = await main(["verify-tips", "12", "--server", "http://dropfair.test", "--json"], environment);
  return { status, differences: (JSON.parse(out.join("")) as { differences: string[] }).differences };
}

const honest = computationOf(snapshotOf(250));

/** The honest computation with `change` made to a copy of its rows and head. */
function tampered(change: (computation: Computation) => void): Computation {
  const copy = structuredClone(honest);
  change(copy);
  return copy;
}

describe("dropfair verify-tips <campaignId> --server", () => {
  it("reads every page of the leaderboard and accepts one that matches", async () => {
    const server = serverOf(() => honest);
    expect(await verify(server.fetch)).toEqual({ status: 0, differences: [] });
    // Read before and after the snapshot file, three pages of 100 each time.
    expect(server.pages).toEqual([
      "rank 1×100",
      "rank 2×100",
      "rank 3×100",
      "rank 1×100",
      "rank 2×100",
      "rank 3×100",
    ]);
  });

  it.each(comparedFields)(
    "exits 2 when a line's %s on the last page differs, and names it",
    async (field) => {
      const line = honest.rows[240]!;
      const wrong =
        typeof line[field] === "number"
          ? (line[field] as number) + 1
          : String(BigInt(String(line[field])) + 1n);
      const server = serverOf(() => tampered((copy) => Object.assign(copy.rows[240]!, { [field]: wrong })));
      expect(await verify(server.fetch)).toEqual({
        status: exitCodes.mismatch,
        differences: [
          `${String(line.xUserId)}: ${field} published ${String(wrong)}, recomputed ${String(line[field])}`,
        ],
      });
    },
  );

  it("exits 2 on a line left out or added, a wrong count or wrong total points", async () => {
    const left = honest.rows[150]!;
    const withoutLine = serverOf(() => tampered((copy) => copy.rows.splice(150, 1)));
    expect(await verify(withoutLine.fetch)).toEqual({
      status: exitCodes.mismatch,
      differences: [`${String(left.xUserId)}: recomputed but missing from the published leaderboard`],
    });
    const added = serverOf(() =>
      tampered((copy) => {
        copy.rows.push({ ...copy.rows[249]!, xUserId: "999", rank: 251 });
        copy.total = 251;
      }),
    );
    expect(await verify(added.fetch)).toEqual({
      status: exitCodes.mismatch,
      differences: [
        "leaderboard: total published 251, recomputed 250",
        "999: published but not in the recomputed leaderboard",
      ],
    });
    const miscounted = serverOf(() =>
      tampered((copy) => {
        copy.total = 249;
      }),
    );
    const { differences } = await verify(miscounted.fetch);
    expect(differences).toEqual(["leaderboard: total published 249, recomputed 250"]);
    const inflated = serverOf(() =>
      tampered((copy) => {
        copy.totalPoints = `${copy.totalPoints}1`;
      }),
    );
    expect((await verify(inflated.fetch)).differences).toEqual([
      `leaderboard: totalPoints published ${honest.totalPoints}1, recomputed ${honest.totalPoints}`,
    ]);
  });

  it("reads everything again when the leaderboard is recomputed between two of its pages", async () => {
    // The server recomputes (one participant's views grew) while the pages after the snapshot file are read.
    const later = computationOf(snapshotOf(250, 50_000), "2026-03-03T00:10:00.000Z");
    const server = serverOf((request) => (request <= 5 ? honest : later));
    expect(await verify(server.fetch)).toEqual({ status: 0, differences: [] });
    expect(server.pages.filter((page) => page === "rank 1×100")).toHaveLength(4);
  });
});
