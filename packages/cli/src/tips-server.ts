/**
 * What `dropfair verify-tips <campaignId> --server <url>` reads from a Dropfair server: the snapshot file its
 * campaign page offers for download, and every page of the leaderboard the server shows, read so that both come
 * from the same computation (the leaderboard's `computedAt` is read on every page, before and after the file; a
 * recomputation in between reads everything again). The server's pages hold at most 100 lines (docs/tips.md).
 */
import { typeCodes } from "@dropfair/schemas/codes";
import { CliError } from "./errors.ts";
import { type CliEnvironment, getJson, isRecord } from "./io.ts";
import { comparedFields, type PublishedLeaderboard } from "./tips-compare.ts";

/** The largest page the server's leaderboard gives. */
const pageSize = 100;
const attempts = 3;

function urlOf(server: string, path: string): string {
  try {
    return new URL(path, `${server.replace(/\/+$/, "")}/`).href;
  } catch {
    throw new CliError(`--server ${server} is not a URL`);
  }
}

async function leaderboardPage(url: string, environment: CliEnvironment, campaignId: string, server: string) {
  const envelope = await getJson(url, environment);
  if (!isRecord(envelope) || typeof envelope.typeCode !== "number" || !("content" in envelope))
    throw new CliError(`unexpected answer from ${url}: not a {content, typeCode, message} envelope`);
  if (envelope.typeCode === typeCodes.notFound)
    throw new CliError(`no tips campaign ${campaignId} on ${server}`);
  if (envelope.typeCode !== typeCodes.success)
    throw new CliError(
      `the server answered typeCode ${envelope.typeCode}: ${String(envelope.message ?? "")}`,
    );
  const content = envelope.content;
  if (!isRecord(content) || !Array.isArray(content.rows) || typeof content.total !== "number")
    throw new CliError(`unexpected answer from ${url}: not a tips leaderboard`);
  return content as { rows: unknown[]; total: number; totalPoints?: unknown; computedAt: string | null };
}

/** A served line as the comparison reads it: the user id and the compared columns, values exactly as sent. */
function servedLine(row: Record<string, unknown>): Record<string, unknown> {
  const line: Record<string, unknown> = { userId: String(row.xUserId) };
  for (const field of comparedFields) line[field] = row[field];
  return line;
}

/** Every page of the leaderboard, by rank; `computedAt` is null-or-time when every page agrees, else undefined. */
async function servedStandings(campaignId: string, server: string, environment: CliEnvironment) {
  const standings: Record<string, unknown>[] = [];
  let computedAt: string | null | undefined;
  let total: unknown;
  let totalPoints: unknown;
  for (let page = 1; ; page++) {
    const url = urlOf(
      server,
      `api/bounty/tips/campaigns/${encodeURIComponent(campaignId)}/leaderboard?page=${page}&pageSize=${pageSize}&sort=rank`,
    );
    const content = await leaderboardPage(url, environment, campaignId, server);
    if (page === 1) {
      computedAt = content.computedAt;
      total = content.total;
      totalPoints = content.totalPoints;
    } else if (content.computedAt !== computedAt) {
      // A recomputation between two pages: the lines do not come from one computation.
      computedAt = undefined;
    }
    for (const row of content.rows) standings.push(servedLine(isRecord(row) ? row : {}));
    if (content.rows.length < pageSize || page * pageSize >= content.total) break;
  }
  return { leaderboard: { standings, total, totalPoints }, computedAt };
}

async function snapshotText(campaignId: string, server: string, environment: CliEnvironment) {
  const url = urlOf(server, `api/bounty/tips/campaigns/${encodeURIComponent(campaignId)}/snapshot`);
  let response: Response;
  try {
    response = await environment.fetch(url, { signal: AbortSignal.timeout(60_000) });
  } catch (error) {
    throw new CliError(`cannot reach ${url}: ${(error as Error).message}`);
  }
  const text = await response.text();
  if (response.status === 404) throw new CliError(`campaign ${campaignId} on ${server} has no snapshot yet`);
  if (!response.ok) throw new CliError(`unexpected answer from ${url} (HTTP ${response.status})`);
  return text;
}

/** The snapshot file and the leaderboard the server shows, from one computation. */
export async function fetchServedTips(
  campaignId: string,
  server: string,
  environment: CliEnvironment,
): Promise<{ snapshot: string; leaderboard: PublishedLeaderboard }> {
  if (!/^[1-9][0-9]{0,15}$/.test(campaignId)) throw new CliError(`"${campaignId}" is not a campaign id`);
  for (let attempt = 1; ; attempt++) {
    const before = await servedStandings(campaignId, server, environment);
    const snapshot = await snapshotText(campaignId, server, environment);
    const after = await servedStandings(campaignId, server, environment);
    if (after.computedAt !== undefined && before.computedAt === after.computedAt)
      return { snapshot, leaderboard: after.leaderboard };
    if (attempt >= attempts)
      throw new CliError(
        `the leaderboard of campaign ${campaignId} kept changing while it was read; try again`,
      );
  }
}
