/**
 * `dropfair verify-tips --file <snapshot.json>`: recomputes a tips campaign's leaderboard (dropfair-tips-v1, docs/tips.md)
 * from the snapshot file its page offers for download, with the same module as the server and the browser;
 * `--compare` checks a published leaderboard against it (tips-compare.ts).
 */
import { parseArgs } from "node:util";
import {
  computeTipsLeaderboard,
  countedTweetsOf,
  InvalidTipsSnapshotError,
  parseTipsSnapshot,
  type TipsSnapshot,
  type TipsStanding,
  tipsRulesOf,
} from "@dropfair/core/tips";
import { CliError } from "./errors.ts";
import { type CliEnvironment, defaultServer } from "./io.ts";
import { leaderboardDifferences, publishedLeaderboardOf } from "./tips-compare.ts";
import { fetchServedTips } from "./tips-server.ts";

export const tipsUsage = `  dropfair verify-tips <campaignId> [--server <url>] [--json] [--user <id>]
      Fetch the campaign's snapshot file from a Dropfair server, recompute it and check
      every page of the leaderboard the server shows against it, every column of every
      line, the number ranked and the total points (exit 2 on any difference).
  dropfair verify-tips --file <snapshot.json> [--json] [--user <id>] [--compare <leaderboard.json>]
      Recompute a tips campaign's leaderboard (dropfair-tips-v1) from the snapshot file
      its page offers for download: rank, points, interactions and estimated earnings
      (token base units). --json prints {"ranking": [{"userId", "points", "interactions",
      "estimatedEarned"}, ...]} in rank order, numbers as decimal strings. --user prints
      one participant's line and the tweets that counted; --compare checks a published
      leaderboard ({"standings": [{"userId", "rank", "points", "tweets", "views",
      "retweets", "replies", "likes", "quotes", "interactions", "estimatedEarned"}, ...]},
      optionally with "total" and "totalPoints") against the recomputation, every column
      of every line (exit 2 when it differs).
`;

interface TipsIo {
  stdout(text: string): void;
  readText(path: string): Promise<string>;
  /** For --server: the fetch, and so on, of the CLI's environment. */
  environment?: CliEnvironment;
}

function parseTipsArgs(args: string[]) {
  return parseArgs({
    args,
    allowPositionals: true,
    strict: true,
    options: {
      file: { type: "string" },
      json: { type: "boolean" },
      user: { type: "string" },
      compare: { type: "string" },
      server: { type: "string" },
    },
  });
}

function tableOf(rows: TipsStanding[]): string {
  const header = ["rank", "userId", "points", "tweets", "views", "interactions", "estimatedEarned"];
  const lines = rows.map((row) => [
    String(row.rank),
    row.userId,
    row.points,
    String(row.tweets),
    row.views,
    row.interactions,
    row.estimatedEarned,
  ]);
  const widths = header.map((title, index) =>
    Math.max(title.length, ...lines.map((line) => line[index]!.length)),
  );
  const format = (cells: string[]) =>
    cells
      .map((cell, index) => cell.padEnd(widths[index]!))
      .join("  ")
      .trimEnd();
  return `${[format(header), ...lines.map(format)].join("\n")}\n`;
}

/** Runs `dropfair verify-tips`; returns the exit status (0 recomputed and matching, 2 a published line differs). */
export async function tips(args: string[], io: TipsIo): Promise<number> {
  let parsed: ReturnType<typeof parseTipsArgs>;
  try {
    parsed = parseTipsArgs(args);
  } catch (error) {
    throw new CliError(`${(error as Error).message}; see "dropfair help"`);
  }
  const { values, positionals } = parsed;
  if (positionals.length > 1)
    throw new CliError(`unexpected argument "${positionals[1]}"; see "dropfair help"`);
  const campaignId = positionals[0];
  if (campaignId !== undefined && values.file !== undefined)
    throw new CliError('give a campaign id or --file, not both; see "dropfair help"');
  if (campaignId === undefined && values.server !== undefined)
    throw new CliError("--server goes with a campaign id, not with --file");
  if (campaignId !== undefined && values.compare !== undefined)
    throw new CliError("--compare goes with --file: with a campaign id the server's leaderboard is compared");
  if (campaignId === undefined && values.file === undefined)
    throw new CliError('give a campaign id or --file <snapshot.json>; see "dropfair help"');
  let text: string;
  let served: Awaited<ReturnType<typeof fetchServedTips>> | undefined;
  const path = values.file ?? `campaign ${campaignId}`;
  if (campaignId !== undefined) {
    if (!io.environment) throw new CliError("no network here");
    served = await fetchServedTips(campaignId, values.server ?? defaultServer, io.environment);
    text = served.snapshot;
  } else {
    text = await io.readText(path);
  }
  let snapshot: TipsSnapshot;
  try {
    snapshot = parseTipsSnapshot(text);
  } catch (error) {
    if (error instanceof InvalidTipsSnapshotError) throw new CliError(`${path}: ${error.message}`);
    throw error;
  }
  const leaderboard = computeTipsLeaderboard(snapshot.participants, tipsRulesOf(snapshot));
  let rows = leaderboard.standings;
  if (values.user !== undefined) {
    rows = rows.filter((row) => row.userId === values.user);
    if (rows.length === 0) throw new CliError(`${values.user} is not a ranked participant of ${path}`);
  }
  let differences: string[] | undefined;
  if (served) differences = leaderboardDifferences(served.leaderboard, leaderboard);
  if (values.compare !== undefined) {
    let published: unknown;
    try {
      published = JSON.parse(await io.readText(values.compare));
    } catch (error) {
      if (error instanceof CliError) throw error;
      throw new CliError(`${values.compare}: is not valid JSON`);
    }
    differences = leaderboardDifferences(publishedLeaderboardOf(published), leaderboard);
  }
  if (values.json) {
    const ranking = rows.map(({ userId, points, interactions, estimatedEarned }) => ({
      userId,
      points,
      interactions,
      estimatedEarned,
    }));
    io.stdout(`${JSON.stringify({ ranking, ...(differences ? { differences } : {}) })}\n`);
  } else {
    io.stdout(`total points ${leaderboard.totalPoints}\n${tableOf(rows)}`);
    if (values.user !== undefined) {
      const person = snapshot.participants.find((candidate) => candidate.userId === values.user);
      for (const { tweet, points } of countedTweetsOf(person?.tweets ?? [], tipsRulesOf(snapshot))) {
        io.stdout(`  tweet ${tweet.id} ${tweet.createdAt} ${points} points\n`);
      }
    }
    if (differences) {
      io.stdout(
        differences.length === 0
          ? "✓ the published leaderboard matches the recomputation\n"
          : `✗ the published leaderboard differs:\n${differences.map((line) => `  ${line}\n`).join("")}`,
      );
    }
  }
  return differences && differences.length > 0 ? 2 : 0;
}
