// What every X route does first: authentication, auth-type and scope checks, injected faults, the rate limit
// (with X's x-rate-limit-* headers) and the field/expansion parameters.
import type { FastifyReply, FastifyRequest } from "fastify";
import { pathBelow } from "../../shared/pages.ts";
import type { FaultController } from "../faults.ts";
import type { OAuthStore, Principal } from "../oauth.ts";
import type { EndpointKey, RateLimiter } from "../rate-limit.ts";
import {
  forbiddenProblem,
  type Problem,
  type RenderOptions,
  serverErrorProblem,
  tooManyRequestsProblem,
  tweetExpansionNames,
  tweetFieldNames,
  unauthorizedProblem,
  unsupportedAuthenticationProblem,
  usageCappedProblem,
  userExpansionNames,
  userFieldNames,
} from "../wire.ts";
import type { XWorld } from "../world.ts";
import { enumSet, type Query } from "./params.ts";

export type RouteDependencies = {
  world: XWorld;
  faults: FaultController;
  limiter: RateLimiter;
  oauth: OAuthStore;
  clock: () => number;
  notFoundStatus: 200 | 404;
  /** The mount prefix, stripped before fault paths are matched. */
  prefix: () => string;
};

export type RequestContext = {
  principal: Principal;
  render: RenderOptions;
  userExpansions: Set<string>;
  tweetExpansions: Set<string>;
};

export type EndpointSpec = {
  key: EndpointKey;
  /** Endpoints X refuses to serve to app-only bearer tokens (403 unsupported authentication). */
  userContextOnly?: boolean;
  /** Scopes a user token needs. */
  scopes: string[];
  /** Which expansions the endpoint accepts: those of user objects or of tweet objects. */
  expansions: "user" | "tweet";
};

const problemJson = "application/problem+json; charset=utf-8";

/** The request path below the mount prefix, as fault patterns see it. */
export function pathOf(deps: RouteDependencies, request: FastifyRequest): string {
  return pathBelow(deps.prefix(), request.url);
}

export function sendProblem(reply: FastifyReply, status: number, body: Problem | Record<string, unknown>) {
  return reply.status(status).type(problemJson).send(body);
}

function setRateLimitHeaders(reply: FastifyReply, limit: number, remaining: number, resetSeconds: number) {
  reply.header("x-rate-limit-limit", String(limit));
  reply.header("x-rate-limit-remaining", String(remaining));
  reply.header("x-rate-limit-reset", String(resetSeconds));
}

/** Rejects a principal that may not call the endpoint; true when a reply went out. */
function refused(reply: FastifyReply, principal: Principal | undefined, spec: EndpointSpec): boolean {
  if (!principal) {
    sendProblem(reply, 401, unauthorizedProblem);
    return true;
  }
  if (principal.kind === "app" && spec.userContextOnly) {
    sendProblem(reply, 403, unsupportedAuthenticationProblem);
    return true;
  }
  if (principal.kind === "user" && !spec.scopes.every((scope) => principal.scopes.has(scope))) {
    sendProblem(reply, 403, forbiddenProblem);
    return true;
  }
  return false;
}

/** Injected faults and the rate limit; true when a reply went out. */
function limited(
  deps: RouteDependencies,
  request: FastifyRequest,
  reply: FastifyReply,
  spec: EndpointSpec,
  principal: Principal,
): boolean {
  const { faults, limiter, clock } = deps;
  const fault = faults.take(pathOf(deps, request), ["429", "usage-cap", "5xx"]);
  if (fault?.spec.kind === "429" || fault?.spec.kind === "usage-cap") {
    // X answers 429 with x-rate-limit-reset in epoch seconds.
    const reset = Math.ceil((clock() + (fault.spec.resetAfterSeconds ?? 60) * 1000) / 1000);
    setRateLimitHeaders(reply, limiter.limitFor(spec.key, principal.kind), 0, reset);
    if (fault.spec.kind === "usage-cap") sendProblem(reply, 429, usageCappedProblem);
    else if (fault.spec.body === "v1")
      reply.status(429).send({ errors: [{ code: 88, message: "Rate limit exceeded" }] });
    else sendProblem(reply, 429, tooManyRequestsProblem);
    return true;
  }
  const limitState = limiter.take(spec.key, principal);
  setRateLimitHeaders(reply, limitState.limit, limitState.remaining, limitState.resetSeconds);
  if (fault?.spec.kind === "5xx") {
    const status = fault.spec.status ?? 503;
    sendProblem(reply, status, serverErrorProblem(status));
    return true;
  }
  if (!limitState.allowed) {
    sendProblem(reply, 429, tooManyRequestsProblem);
    return true;
  }
  return false;
}

/**
 * Authentication, auth-type and scope checks, injected faults and the rate limit. Returns the request
 * context, or undefined when the reply has already been sent.
 */
export function begin(
  deps: RouteDependencies,
  request: FastifyRequest,
  reply: FastifyReply,
  spec: EndpointSpec,
): RequestContext | undefined {
  const principal = deps.oauth.authenticate(request.headers.authorization);
  if (refused(reply, principal, spec) || !principal) return undefined;
  if (limited(deps, request, reply, spec, principal)) return undefined;

  const query = request.query as Query;
  const userFields = enumSet(query, "user.fields", userFieldNames);
  const tweetFields = enumSet(query, "tweet.fields", tweetFieldNames);
  const expansions = enumSet(
    query,
    "expansions",
    spec.expansions === "user" ? userExpansionNames : tweetExpansionNames,
  );
  const render: RenderOptions = { userFields, tweetFields };
  if (principal.kind === "user") render.viewerIndex = principal.userIndex;
  return {
    principal,
    render,
    userExpansions: spec.expansions === "user" ? expansions : new Set(),
    tweetExpansions: spec.expansions === "tweet" ? expansions : new Set(),
  };
}
