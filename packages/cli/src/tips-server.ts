/**
 * What `dropfair verify-tips <campaignId> --server <url>` reads from a Dropfair server: the snapshot file its
 * campaign page offers for download, and every page of the leaderboard the server shows, read so that both come
 * from the same computation (the leaderboard's `computedAt` is read before and after; a recomputation in between
 * reads everything again).
 */
import { typeCodes } from "@dropfair/schemas/codes";
import { CliError } from "./errors.ts";
import { type CliEnvironment, getJson, isRecord } from "./io.ts";

export type ServedStanding = { userId: string; rank: number; points: string; estimatedEarned: string };

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
  return content as { rows: Record<string, unknown>[]; total: number; computedAt: string | null };
}

async function servedStandings(campaignId: string, server: string, environment: CliEnvironment) {
  const standings: ServedStanding[] = [];
  let computedAt: string | null = null;
  for (let page = 1; ; page++) {
    const url = urlOf(
      server,
      `api/bounty/tips/campaigns/${encodeURIComponent(campaignId)}/leaderboard?page=${page}&pageSize=${pageSize}&sort=rank`,
    );
    const content = await leaderboardPage(url, environment, campaignId, server);
    if (page === 1) computedAt = content.computedAt;
    for (const row of content.rows) {
      standings.push({
        userId: String(row.xUserId),
        rank: Number(row.rank),
        points: String(row.points),
        estimatedEarned: String(row.estimatedEarned),
      });
    }
    if (content.rows.length < pageSize || page * pageSize >= content.total) break;
  }
  return { standings, computedAt };
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
): Promise<{ snapshot: string; standings: ServedStanding[] }> {
  if (!/^[1-9][0-9]{0,15}$/.test(campaignId)) throw new CliError(`"${campaignId}" is not a campaign id`);
  for (let attempt = 1; ; attempt++) {
    const before = await servedStandings(campaignId, server, environment);
    const snapshot = await snapshotText(campaignId, server, environment);
    const after = await servedStandings(campaignId, server, environment);
    if (before.computedAt === after.computedAt) return { snapshot, standings: after.standings };
    if (attempt >= attempts)
      throw new CliError(
        `the leaderboard of campaign ${campaignId} kept changing while it was read; try again`,
      );
  }
}
