import { describe, expect, it } from "vitest";
import { asBot, call, type Json, now, setup, useDiscordSandboxCleanup } from "./discord-helpers.ts";

useDiscordSandboxCleanup();

describe("Discord sandbox bot routes: authentication and members", () => {
  it("answers 401 with code 0 without the bot token, and to a user token on a bot route", async () => {
    const app = setup();
    const { guilds, users } = app.world.fixtures;
    const url = `/api/v10/guilds/${guilds.sandbox.id}/members/${users.alice.id}`;
    const user = app.issueUserToken("sandbox_alice").access_token;
    for (const authorization of [undefined, "Bot wrong", app.botToken, `Bearer ${user}`]) {
      const { status, body } = await call(app, "GET", url, authorization);
      expect(status).toBe(401);
      expect(body).toEqual({ message: "401: Unauthorized", code: 0 });
    }
  });

  it("serves a guild member with role ids and Discord's errors for everything else", async () => {
    const app = setup();
    const { guilds, users, roles } = app.world.fixtures;
    const bot = asBot(app);
    const member = await call(
      app,
      "GET",
      `/api/v10/guilds/${guilds.sandbox.id}/members/${users.alice.id}`,
      bot,
    );
    expect(member.status).toBe(200);
    expect(member.body).toMatchObject({
      user: { id: users.alice.id, username: "sandbox_alice", global_name: "Alice", discriminator: "0" },
      nick: "alice.eth",
      roles: [roles.member.id, roles.airdropOg.id],
      joined_at: "2022-01-10T12:34:56.789000+00:00",
      pending: false,
      deaf: false,
      mute: false,
    });
    expect(member.body.user.email).toBeUndefined();

    const cases: [string, number, Json][] = [
      [
        `/api/guilds/${guilds.sandbox.id}/members/${users.heidi.id}`,
        404,
        { message: "Unknown Member", code: 10007 },
      ],
      [
        `/api/guilds/${guilds.sandbox.id}/members/1000000000000000001`,
        404,
        { message: "Unknown User", code: 10013 },
      ],
      [
        `/api/guilds/1000000000000000001/members/${users.alice.id}`,
        404,
        { message: "Unknown Guild", code: 10004 },
      ],
      [
        `/api/guilds/${guilds.elsewhere.id}/members/${users.alice.id}`,
        403,
        { message: "Missing Access", code: 50001 },
      ],
      [
        `/api/guilds/${guilds.sandbox.id}/members/alice`,
        400,
        {
          message: "Invalid Form Body",
          code: 50035,
          errors: {
            user_id: {
              _errors: [{ code: "NUMBER_TYPE_COERCE", message: 'Value "alice" is not snowflake.' }],
            },
          },
        },
      ],
    ];
    for (const [url, status, body] of cases) {
      const answer = await call(app, "GET", url, bot);
      expect([url, answer.status, answer.body]).toEqual([url, status, body]);
    }
  });

  it("searches a guild's members by username or nickname prefix, case-insensitively, up to `limit`", async () => {
    const app = setup();
    const { guilds, users } = app.world.fixtures;
    const search = (guildId: string, query: string) =>
      call(app, "GET", `/api/v10/guilds/${guildId}/members/search?${query}`, asBot(app));
    const one = await search(guilds.sandbox.id, "query=SANDBOX_BOB");
    expect(one.status).toBe(200);
    expect(one.body.map((member: Json) => member.user.id)).toEqual([users.bob.id]);
    expect(one.body[0]).toMatchObject({ roles: expect.any(Array), joined_at: expect.any(String) });
    // The default limit is 1; a prefix finds every member it starts, and nicknames count.
    expect((await search(guilds.sandbox.id, "query=sandbox_")).body).toHaveLength(1);
    const many = await search(guilds.sandbox.id, "query=sandbox_&limit=1000");
    expect(many.body.map((member: Json) => member.user.username)).toEqual([
      "sandbox_alice",
      "sandbox_bob",
      "sandbox_carol",
      "sandbox_dave",
      "sandbox_erin",
      "sandbox_frank",
      "sandbox_grace",
    ]);
    expect((await search(guilds.sandbox.id, "query=alice.e&limit=5")).body[0].user.id).toBe(users.alice.id);
    // Heidi is on Discord but not in this server.
    expect((await search(guilds.sandbox.id, "query=sandbox_heidi&limit=5")).body).toEqual([]);

    const required = await search(guilds.sandbox.id, "limit=5");
    expect([required.status, required.body]).toEqual([
      400,
      {
        message: "Invalid Form Body",
        code: 50035,
        errors: { query: { _errors: [{ code: "BASE_TYPE_REQUIRED", message: "This field is required" }] } },
      },
    ]);
    const tooMany = await search(guilds.sandbox.id, "query=a&limit=1001");
    expect([tooMany.status, tooMany.body.code, Object.keys(tooMany.body.errors)]).toEqual([
      400,
      50035,
      ["limit"],
    ]);
    expect((await search(guilds.elsewhere.id, "query=sandbox_alice")).body).toEqual({
      message: "Missing Access",
      code: 50001,
    });
    expect((await search("1000000000000000001", "query=sandbox_alice")).body.code).toBe(10004);
  });
});

describe("Discord sandbox bot routes: users", () => {
  it("serves any user by id to the bot, with 10013 for an unknown one and 50035 for a bad id", async () => {
    const app = setup();
    const { users } = app.world.fixtures;
    const user = await call(app, "GET", `/api/v10/users/${users.heidi.id}`, asBot(app));
    expect(user.status).toBe(200);
    expect(user.body).toMatchObject({
      id: users.heidi.id,
      username: "sandbox_heidi",
      global_name: "Heidi",
      discriminator: "0",
    });
    expect(user.body.email).toBeUndefined();
    expect(user.headers["x-ratelimit-bucket"]).toBeTypeOf("string");
    expect((await call(app, "GET", `/api/users/${users.bot.id}`, asBot(app))).body.bot).toBe(true);
    const cases: [string, number, Json][] = [
      ["/api/users/1000000000000000001", 404, { message: "Unknown User", code: 10013 }],
      [
        "/api/users/heidi",
        400,
        {
          message: "Invalid Form Body",
          code: 50035,
          errors: {
            user_id: {
              _errors: [{ code: "NUMBER_TYPE_COERCE", message: 'Value "heidi" is not snowflake.' }],
            },
          },
        },
      ],
    ];
    for (const [url, status, body] of cases) {
      const answer = await call(app, "GET", url, asBot(app));
      expect([url, answer.status, answer.body]).toEqual([url, status, body]);
    }
    const userToken = app.issueUserToken("sandbox_alice").access_token;
    expect((await call(app, "GET", `/api/users/${users.heidi.id}`, `Bearer ${userToken}`)).status).toBe(401);
  });

  it("renames a user through the control API; lookups by id follow the new name", async () => {
    const app = setup();
    const { guilds, users } = app.world.fixtures;
    const renamed = await app.inject({
      method: "PATCH",
      url: `/_sandbox/users/${users.bob.id}`,
      payload: { username: "bob_renamed" },
    });
    expect(renamed.statusCode).toBe(204);
    expect((await call(app, "GET", `/api/users/${users.bob.id}`, asBot(app))).body.username).toBe(
      "bob_renamed",
    );
    const found = await call(
      app,
      "GET",
      `/api/guilds/${guilds.sandbox.id}/members/search?query=bob_renamed`,
      asBot(app),
    );
    expect(found.body[0].user.id).toBe(users.bob.id);
    const taken = await app.inject({
      method: "PATCH",
      url: `/_sandbox/users/${users.bob.id}`,
      payload: { username: "sandbox_alice" },
    });
    expect(taken.statusCode).toBe(409);
  });
});

describe("Discord sandbox bot routes: roles", () => {
  it("grants a role below the bot's (204, idempotent, audited) and refuses one above with 50013", async () => {
    const app = setup();
    const { guilds, users, roles } = app.world.fixtures;
    const url = `/api/v10/guilds/${guilds.sandbox.id}/members/${users.bob.id}/roles/${roles.airdropOg.id}`;
    for (let i = 0; i < 2; i++) {
      const response = await app.inject({
        method: "PUT",
        url,
        headers: { authorization: asBot(app), "x-audit-log-reason": encodeURIComponent("Won giveaway #42") },
      });
      expect(response.statusCode).toBe(204);
      expect(response.body).toBe("");
    }
    expect(app.world.member(guilds.sandbox.id, users.bob.id)?.roles.has(roles.airdropOg.id)).toBe(true);
    expect(app.world.roleChanges[0]).toMatchObject({
      guildId: guilds.sandbox.id,
      userId: users.bob.id,
      roleId: roles.airdropOg.id,
      action: "add",
      reason: "Won giveaway #42",
      at: now,
    });

    const refused: [string, number, Json][] = [
      [roles.moderator.id, 403, { message: "Missing Permissions", code: 50013 }],
      [roles.admin.id, 403, { message: "Missing Permissions", code: 50013 }],
      [roles.bot.id, 403, { message: "Missing Permissions", code: 50013 }],
      [guilds.sandbox.id, 403, { message: "Missing Permissions", code: 50013 }],
      [roles.partnerHolder.id, 404, { message: "Unknown Role", code: 10011 }],
      ["1000000000000000001", 404, { message: "Unknown Role", code: 10011 }],
    ];
    for (const [roleId, status, body] of refused) {
      const answer = await call(
        app,
        "PUT",
        `/api/guilds/${guilds.sandbox.id}/members/${users.bob.id}/roles/${roleId}`,
        asBot(app),
      );
      expect([roleId, answer.status, answer.body]).toEqual([roleId, status, body]);
    }
    // In Partner Labs the bot has no Manage Roles at all.
    const partner = await call(
      app,
      "PUT",
      `/api/guilds/${guilds.partner.id}/members/${users.heidi.id}/roles/${roles.partnerHolder.id}`,
      asBot(app),
    );
    expect(partner.body).toEqual({ message: "Missing Permissions", code: 50013 });
    const notMember = await call(
      app,
      "PUT",
      `/api/guilds/${guilds.sandbox.id}/members/${users.judy.id}/roles/${roles.airdropOg.id}`,
      asBot(app),
    );
    expect(notMember.body).toEqual({ message: "Unknown Member", code: 10007 });

    const removed = await call(app, "DELETE", url, asBot(app));
    expect(removed.status).toBe(204);
    expect(app.world.member(guilds.sandbox.id, users.bob.id)?.roles.has(roles.airdropOg.id)).toBe(false);
  });

  it("lists a guild's roles in position order with permissions as strings", async () => {
    const app = setup();
    const { guilds, roles } = app.world.fixtures;
    const { status, body } = await call(app, "GET", `/api/guilds/${guilds.sandbox.id}/roles`, asBot(app));
    expect(status).toBe(200);
    expect(body.map((role: Json) => [role.name, role.position])).toEqual([
      ["@everyone", 0],
      ["Member", 1],
      ["Verified", 2],
      ["Airdrop OG", 3],
      ["Dropfair Bot", 4],
      ["Moderator", 5],
      ["Admin", 6],
    ]);
    const botRole = body.find((role: Json) => role.id === roles.bot.id);
    expect(botRole).toMatchObject({ managed: true, tags: { bot_id: app.world.botUserId } });
    expect(BigInt(botRole.permissions) & (1n << 28n)).toBe(1n << 28n);
    expect((await call(app, "GET", `/api/guilds/${guilds.elsewhere.id}/roles`, asBot(app))).body.code).toBe(
      50001,
    );
  });
});
