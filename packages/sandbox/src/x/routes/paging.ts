// Pagination shared by the X list endpoints: opaque tokens scoped to one query, cursor faults, and pages of
// users or tweets.
import type { FastifyReply, FastifyRequest } from "fastify";
import { decodeCursor, encodeCursor, type TokenStyle } from "../ids.ts";
import { hashString, mix } from "../prng.ts";
import type { Seq } from "../seq.ts";
import {
  Includes,
  InvalidRequest,
  inactiveUserProblem,
  type Problem,
  renderUser,
  type WireUser,
} from "../wire.ts";
import type { SandboxTweet, XWorld } from "../world.ts";
import { pathOf, type RequestContext, type RouteDependencies } from "./context.ts";
import { body, maxResults, type Query, single } from "./params.ts";

/** The scope a pagination token is bound to: the world's seed and what identifies the list. */
export function tokenScope(world: XWorld, parts: string[]): number {
  return mix(hashString(world.seed), hashString(parts.join("|")));
}

/** The position a pagination token points at (0 without one); 400 for a token of another list. */
export function paginationToken(
  query: Query,
  style: TokenStyle,
  scope: number,
  name = "pagination_token",
): number {
  const token = single(query, name);
  if (token === undefined) return 0;
  const position = decodeCursor(style, scope, token);
  if (position === undefined) {
    throw InvalidRequest.of(
      name,
      token,
      `The \`${name}\` query parameter value [${token}] is not a valid token`,
    );
  }
  return position;
}

/** next_token for a page, or a broken one when a cursor fault fires. */
export function nextToken(
  deps: RouteDependencies,
  request: FastifyRequest,
  cursor: { style: TokenStyle; scope: number },
  start: number,
  pageSize: number,
  next: number | undefined,
): string | undefined {
  if (next === undefined) return undefined;
  const { style, scope } = cursor;
  const path = pathOf(deps, request);
  const hadToken = start > 0;
  if (hadToken && deps.faults.take(path, ["repeat-cursor"])) return encodeCursor(style, scope, start);
  if (start >= 2 * pageSize && deps.faults.take(path, ["loop-cursor"]))
    return encodeCursor(style, scope, start - pageSize);
  return encodeCursor(style, scope, next);
}

/** Deletes up to `count` active accounts spread over the not yet served part of `seq`. */
function deleteAhead(world: XWorld, seq: Seq<number>, from: number, count: number): void {
  const remaining = seq.length - from;
  const step = Math.max(1, Math.floor(remaining / (count + 1)));
  let deleted = 0;
  for (let position = from + step; position < seq.length && deleted < count; position += step) {
    const index = seq.at(position);
    if (!world.isActive(index)) continue;
    world.deleteUser(world.user(index).id);
    deleted++;
  }
}

export type UserPageOptions = {
  scope: string[];
  style: TokenStyle;
  min: number;
  max: number;
  fallback: number;
  previousToken: boolean;
};

/** One page of a user list: active accounts in `data`, gone ones as partial errors. */
export function userPage(
  deps: RouteDependencies,
  request: FastifyRequest,
  reply: FastifyReply,
  context: RequestContext,
  seq: Seq<number>,
  options: UserPageOptions,
) {
  const { world } = deps;
  const query = request.query as Query;
  const pageSize = maxResults(query, options.min, options.max, options.fallback);
  const scope = tokenScope(world, options.scope);
  const start = paginationToken(query, options.style, scope);
  const end = Math.min(seq.length, start + pageSize);
  if (end < seq.length) {
    const fault = deps.faults.take(pathOf(deps, request), ["delete-accounts"]);
    if (fault) deleteAhead(world, seq, end, fault.spec.count ?? 3);
  }
  const data: WireUser[] = [];
  const errors: Problem[] = [];
  const includes = new Includes(world, context.render);
  for (let position = start; position < end; position++) {
    const user = world.user(seq.at(position));
    if (user.status === "active") {
      data.push(renderUser(user, context.render));
      includes.expandUser(user, context.userExpansions);
    } else {
      errors.push(inactiveUserProblem(user, user.id, "id", "id"));
    }
  }
  const meta: Record<string, unknown> = { result_count: data.length };
  const cursor = { style: options.style, scope };
  const next = nextToken(deps, request, cursor, start, pageSize, end < seq.length ? end : undefined);
  if (next) meta.next_token = next;
  if (options.previousToken && start > 0) {
    meta.previous_token = encodeCursor(options.style, scope, Math.max(0, start - pageSize));
  }
  return reply.send(body({ data, includes: includes.toJSON(), errors, meta }));
}

/** Scans a newest-first list of tweets from `start`, keeping visible ones that pass `keep`. */
export function scanTweets(
  world: XWorld,
  seq: Seq<SandboxTweet>,
  start: number,
  pageSize: number,
  keep: (tweet: SandboxTweet) => boolean | "stop",
): { tweets: SandboxTweet[]; next: number | undefined } {
  const tweets: SandboxTweet[] = [];
  const scanLimit = 10_000;
  let position = start;
  for (; position < seq.length && tweets.length < pageSize && position - start < scanLimit; position++) {
    const tweet = seq.at(position);
    const verdict = keep(tweet);
    if (verdict === "stop") return { tweets, next: undefined };
    if (verdict && world.isVisible(tweet)) tweets.push(tweet);
  }
  return { tweets, next: position < seq.length ? position : undefined };
}
