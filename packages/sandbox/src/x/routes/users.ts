// User endpoints: lookup by ids, usernames and id, the signed-in user, and follower/following lists.
import type { FastifyInstance } from "fastify";
import type { EndpointKey } from "../rate-limit.ts";
import type { Seq } from "../seq.ts";
import {
  inactiveUserProblem,
  notFoundUser,
  type Problem,
  unsupportedAuthenticationProblem,
} from "../wire.ts";
import { begin, type EndpointSpec, type RouteDependencies, sendProblem } from "./context.ts";
import { userOrNotFound, usersBody } from "./lookups.ts";
import { userPage } from "./paging.ts";
import { body, checkId, checkUsername, pathId, type Query, requiredList } from "./params.ts";

const userLookup: EndpointSpec = {
  key: "users.lookup",
  scopes: ["tweet.read", "users.read"],
  expansions: "user",
};

function registerUserLists(app: FastifyInstance, deps: RouteDependencies): void {
  const { world } = deps;

  app.get("/2/users", async (request, reply) => {
    const context = begin(deps, request, reply, userLookup);
    if (!context) return reply;
    const ids = requiredList(request.query as Query, "ids", (id) => checkId(id, "ids"));
    const found: number[] = [];
    const errors: Problem[] = [];
    for (const id of ids) {
      const index = world.indexOfId(id);
      if (index !== undefined && world.isActive(index)) found.push(index);
      else
        errors.push(
          inactiveUserProblem(index === undefined ? undefined : world.user(index), id, "ids", "ids"),
        );
    }
    return reply.send(body({ ...usersBody(world, context, found), errors }));
  });

  app.get("/2/users/by", async (request, reply) => {
    const context = begin(deps, request, reply, userLookup);
    if (!context) return reply;
    const names = requiredList(request.query as Query, "usernames", (name) =>
      checkUsername(name, "usernames"),
    );
    const found: number[] = [];
    const errors: Problem[] = [];
    for (const name of names) {
      const index = world.indexOfUsername(name);
      if (index !== undefined && world.isActive(index)) found.push(index);
      else {
        const user = index === undefined ? undefined : world.user(index);
        errors.push(
          user?.status === "suspended"
            ? inactiveUserProblem(user, name, "usernames", "username")
            : notFoundUser(name, "usernames", "username"),
        );
      }
    }
    return reply.send(body({ ...usersBody(world, context, found), errors }));
  });
}

function registerSingleUsers(app: FastifyInstance, deps: RouteDependencies): void {
  const { world } = deps;

  app.get("/2/users/by/username/:username", async (request, reply) => {
    const context = begin(deps, request, reply, userLookup);
    if (!context) return reply;
    const name = checkUsername((request.params as { username: string }).username, "username");
    const index = world.indexOfUsername(name);
    if (index === undefined || !world.isActive(index)) {
      const user = index === undefined ? undefined : world.user(index);
      return reply
        .status(deps.notFoundStatus)
        .send({ errors: [inactiveUserProblem(user, name, "username", "username")] });
    }
    const { data, includes } = usersBody(world, context, [index]);
    return reply.send(body({ data: data[0], includes }));
  });

  app.get("/2/users/me", async (request, reply) => {
    const context = begin(deps, request, reply, {
      key: "users.me",
      userContextOnly: true,
      scopes: ["tweet.read", "users.read"],
      expansions: "user",
    });
    if (!context) return reply;
    if (context.principal.kind !== "user") return sendProblem(reply, 403, unsupportedAuthenticationProblem);
    const { data, includes } = usersBody(world, context, [context.principal.userIndex]);
    return reply.send(body({ data: data[0], includes }));
  });

  app.get("/2/users/:id", async (request, reply) => {
    const context = begin(deps, request, reply, userLookup);
    if (!context) return reply;
    const index = userOrNotFound(deps, reply, pathId(request.params));
    if (index === undefined) return reply;
    const { data, includes } = usersBody(world, context, [index]);
    return reply.send(body({ data: data[0], includes }));
  });
}

function registerFollowList(
  app: FastifyInstance,
  deps: RouteDependencies,
  path: string,
  key: EndpointKey,
  seqOf: (index: number) => Seq<number>,
): void {
  const spec: EndpointSpec = {
    key,
    scopes: ["tweet.read", "users.read", "follows.read"],
    expansions: "user",
  };
  app.get(path, async (request, reply) => {
    const context = begin(deps, request, reply, spec);
    if (!context) return reply;
    const id = pathId(request.params);
    const index = userOrNotFound(deps, reply, id);
    if (index === undefined) return reply;
    return userPage(deps, request, reply, context, seqOf(index), {
      scope: [key, id],
      style: "base32",
      min: 1,
      max: 1000,
      fallback: 100,
      previousToken: true,
    });
  });
}

export function registerUserRoutes(app: FastifyInstance, deps: RouteDependencies): void {
  const { world } = deps;
  registerUserLists(app, deps);
  registerSingleUsers(app, deps);
  registerFollowList(app, deps, "/2/users/:id/followers", "users.followers", (index) =>
    world.followerSeq(index),
  );
  registerFollowList(app, deps, "/2/users/:id/following", "users.following", (index) =>
    world.followingSeq(index),
  );
}
