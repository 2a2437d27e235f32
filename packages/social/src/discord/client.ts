// The Discord client for what the platform needs: "Sign in with Discord" (code exchange,
// refresh, revoke, the user and their guilds) and the bot's membership checks and role grants. Real HTTP; it
// knows nothing of the sandbox beyond the base URL it is given.
import { z } from "zod";
import { type Clock, systemClock } from "../shared/clock.ts";
import { DiscordApiError, discordErrorCodes } from "./errors.ts";
import {
  type DiscordAuth,
  type DiscordRetryPolicy,
  DiscordTransport,
  defaultDiscordRetryPolicy,
} from "./http.ts";
import {
  type DiscordGuildMember,
  type DiscordPartialGuild,
  type DiscordRole,
  type DiscordUser,
  discordGuildMemberSchema,
  discordPartialGuildSchema,
  discordRoleSchema,
  discordTokenResponseSchema,
  discordUserSchema,
} from "./schemas.ts";

export type DiscordClientOptions = {
  /** e.g. https://discord.com/api/v10, or a sandbox's `/api`. */
  apiBase: string;
  /** The bot's token (sent as `Authorization: Bot <token>`). */
  botToken: string;
  /** The OAuth2 application's client id (= the application id). */
  clientId: string;
  /** Leave out only for a public client using PKCE. */
  clientSecret?: string;
  fetch?: typeof fetch;
  clock?: Clock;
  retry?: Partial<DiscordRetryPolicy>;
  /** Per attempt (ms, default 15,000). */
  timeoutMs?: number;
  /** Discord asks bots for "DiscordBot ($url, $versionNumber)". */
  userAgent?: string;
};

export type DiscordTokenSet = {
  accessToken: string;
  /** Rotates: store the new one after each refresh. */
  refreshToken: string | undefined;
  tokenType: string;
  scopes: string[];
  expiresIn: number;
  /** ms since the epoch, by the client's clock. */
  expiresAt: number;
};

export type GuildListOptions = { limit?: number; before?: string; after?: string; withCounts?: boolean };

type CallOptions = { signal?: AbortSignal };

export type DiscordClient = {
  /** Trades the authorize callback's `code` for tokens (single use; `codeVerifier` when PKCE was used). */
  exchangeCode(
    input: { code: string; redirectUri: string; codeVerifier?: string } & CallOptions,
  ): Promise<DiscordTokenSet>;
  refreshToken(refreshToken: string, options?: CallOptions): Promise<DiscordTokenSet>;
  /** Revokes the whole authorization the token belongs to. */
  revokeToken(
    token: string,
    options?: { tokenTypeHint?: "access_token" | "refresh_token" } & CallOptions,
  ): Promise<void>;
  /** The signed-in user (scope identify; email and verified only with scope email). */
  getCurrentUser(accessToken: string, options?: CallOptions): Promise<DiscordUser>;
  /** The user's guilds (scope guilds), one page of up to 200. */
  getCurrentUserGuilds(
    accessToken: string,
    options?: GuildListOptions & CallOptions,
  ): Promise<DiscordPartialGuild[]>;
  /** The user's own member object in a guild (scope guilds.members.read), or null when not a member. */
  getCurrentUserGuildMember(
    accessToken: string,
    guildId: string,
    options?: CallOptions,
  ): Promise<DiscordGuildMember | null>;
  /** Any Discord user by id, by the bot; null for 10013 Unknown User. */
  getUser(userId: string, options?: CallOptions): Promise<DiscordUser | null>;
  /**
   * Guild members whose username or nickname starts with `query` (case-insensitive), by the bot; `limit` 1–1000
   * (default 1). A guild the bot cannot see throws (10004, 50001).
   */
  searchGuildMembers(
    guildId: string,
    query: string,
    options?: { limit?: number } & CallOptions,
  ): Promise<DiscordGuildMember[]>;
  /**
   * A guild member, by the bot. Null when the user is not in the guild (10007 Unknown Member) or is no Discord
   * user at all (10013 Unknown User). A guild the bot cannot see throws (10004, 50001).
   */
  getGuildMember(guildId: string, userId: string, options?: CallOptions): Promise<DiscordGuildMember | null>;
  /** Grants a role (idempotent, 204). 50013 when the role sits at or above the bot's highest role. */
  addMemberRole(
    guildId: string,
    userId: string,
    roleId: string,
    options?: { reason?: string } & CallOptions,
  ): Promise<void>;
  removeMemberRole(
    guildId: string,
    userId: string,
    roleId: string,
    options?: { reason?: string } & CallOptions,
  ): Promise<void>;
  getGuildRoles(guildId: string, options?: CallOptions): Promise<DiscordRole[]>;
};

const defaultUserAgent = "DiscordBot (https://github.com/dropfair/dropfair, 0.1.0)";

/** Path ids are snowflakes; checking here keeps a bad id from becoming another path. */
function snowflake(value: string, name: string): string {
  if (!/^[0-9]{1,20}$/.test(value))
    throw new TypeError(`${name} must be a snowflake (digits), got ${JSON.stringify(value)}`);
  return value;
}

function isNotFound(error: unknown, codes: number[]): boolean {
  return error instanceof DiscordApiError && error.status === 404 && codes.includes(error.code);
}

/** What every method group shares: the request core (buckets, retries, timeouts, parsing) and the credentials. */
type ClientCore = {
  transport: DiscordTransport;
  clock: Clock;
  bot: DiscordAuth;
  clientCredentials: { client_id: string; client_secret: string | undefined };
};

const bearer = (token: string): DiscordAuth => ({ scheme: "Bearer", token });

/** The request's answer, or null when Discord answers 404 with one of `codes`. */
async function orNullOn404<T>(request: () => Promise<T>, codes: number[]): Promise<T | null> {
  try {
    return await request();
  } catch (error) {
    if (isNotFound(error, codes)) return null;
    throw error;
  }
}

function createCore(options: DiscordClientOptions): ClientCore {
  const clock = options.clock ?? systemClock;
  const transport = new DiscordTransport({
    apiBase: options.apiBase,
    fetch: options.fetch ?? globalThis.fetch,
    clock,
    retry: { ...defaultDiscordRetryPolicy, ...options.retry },
    timeoutMs: options.timeoutMs ?? 15_000,
    userAgent: options.userAgent ?? defaultUserAgent,
  });
  return {
    transport,
    clock,
    bot: { scheme: "Bot", token: options.botToken },
    clientCredentials: { client_id: options.clientId, client_secret: options.clientSecret },
  };
}

type OAuthMethods = Pick<DiscordClient, "exchangeCode" | "refreshToken" | "revokeToken">;

/** The token endpoint (code and refresh grants) and revocation, authenticated as the OAuth2 application. */
function oauthMethods({ transport, clock, clientCredentials }: ClientCore): OAuthMethods {
  const tokenSet = async (form: Record<string, string | undefined>, signal: AbortSignal | undefined) => {
    const token = await transport.request({
      method: "POST",
      route: "POST /oauth2/token",
      path: "/oauth2/token",
      auth: { scheme: "none" },
      form: { ...form, ...clientCredentials },
      schema: discordTokenResponseSchema,
      repeatable: false,
      signal,
    });
    return {
      accessToken: token.access_token,
      refreshToken: token.refresh_token,
      tokenType: token.token_type,
      scopes: token.scope.split(" ").filter(Boolean),
      expiresIn: token.expires_in,
      expiresAt: clock.now() + token.expires_in * 1000,
    } satisfies DiscordTokenSet;
  };

  return {
    exchangeCode: ({ code, redirectUri, codeVerifier, signal }) =>
      tokenSet(
        { grant_type: "authorization_code", code, redirect_uri: redirectUri, code_verifier: codeVerifier },
        signal,
      ),

    refreshToken: (refreshToken, call = {}) =>
      tokenSet({ grant_type: "refresh_token", refresh_token: refreshToken }, call.signal),

    async revokeToken(token, call = {}) {
      await transport.request({
        method: "POST",
        route: "POST /oauth2/token/revoke",
        path: "/oauth2/token/revoke",
        auth: { scheme: "none" },
        form: { token, token_type_hint: call.tokenTypeHint, ...clientCredentials },
        schema: undefined,
        repeatable: true,
        signal: call.signal,
      });
    },
  };
}

type UserMethods = Pick<
  DiscordClient,
  "getCurrentUser" | "getCurrentUserGuilds" | "getCurrentUserGuildMember" | "getUser"
>;

/** The signed-in user's own data (bearer token), and any user by id (bot). */
function userMethods({ transport, bot }: ClientCore): UserMethods {
  return {
    getCurrentUser: (accessToken, call = {}) =>
      transport.request({
        method: "GET",
        route: "GET /users/@me",
        path: "/users/@me",
        auth: bearer(accessToken),
        schema: discordUserSchema,
        repeatable: true,
        signal: call.signal,
      }),

    getCurrentUserGuilds: (accessToken, call = {}) =>
      transport.request({
        method: "GET",
        route: "GET /users/@me/guilds",
        path: "/users/@me/guilds",
        query: {
          limit: call.limit === undefined ? undefined : String(call.limit),
          before: call.before,
          after: call.after,
          with_counts: call.withCounts ? "true" : undefined,
        },
        auth: bearer(accessToken),
        schema: z.array(discordPartialGuildSchema),
        repeatable: true,
        signal: call.signal,
      }),

    getCurrentUserGuildMember: (accessToken, guildId, call = {}) =>
      // Discord answers Unknown Guild, not Unknown Member, when the user is not in the guild.
      orNullOn404(
        () =>
          transport.request({
            method: "GET",
            route: "GET /users/@me/guilds/:guild/member",
            majorId: guildId,
            path: `/users/@me/guilds/${snowflake(guildId, "guildId")}/member`,
            auth: bearer(accessToken),
            schema: discordGuildMemberSchema,
            repeatable: true,
            signal: call.signal,
          }),
        [discordErrorCodes.unknownGuild, discordErrorCodes.unknownMember],
      ),

    getUser: (userId, call = {}) =>
      orNullOn404(
        () =>
          transport.request({
            method: "GET",
            route: "GET /users/:user",
            path: `/users/${snowflake(userId, "userId")}`,
            auth: bot,
            schema: discordUserSchema,
            repeatable: true,
            signal: call.signal,
          }),
        [discordErrorCodes.unknownUser],
      ),
  };
}

type MemberMethods = Pick<DiscordClient, "searchGuildMembers" | "getGuildMember">;

/** Guild members, as the bot sees them. */
function memberMethods({ transport, bot }: ClientCore): MemberMethods {
  return {
    searchGuildMembers: (guildId, query, call = {}) =>
      transport.request({
        method: "GET",
        route: "GET /guilds/:guild/members/search",
        majorId: guildId,
        path: `/guilds/${snowflake(guildId, "guildId")}/members/search`,
        query: { query, limit: call.limit === undefined ? undefined : String(call.limit) },
        auth: bot,
        schema: z.array(discordGuildMemberSchema),
        repeatable: true,
        signal: call.signal,
      }),

    getGuildMember: (guildId, userId, call = {}) =>
      orNullOn404(
        () =>
          transport.request({
            method: "GET",
            route: "GET /guilds/:guild/members/:user",
            majorId: guildId,
            path: `/guilds/${snowflake(guildId, "guildId")}/members/${snowflake(userId, "userId")}`,
            auth: bot,
            schema: discordGuildMemberSchema,
            repeatable: true,
            signal: call.signal,
          }),
        [discordErrorCodes.unknownMember, discordErrorCodes.unknownUser],
      ),
  };
}

type RoleMethods = Pick<DiscordClient, "addMemberRole" | "removeMemberRole" | "getGuildRoles">;

/** A guild's roles and role grants, by the bot. */
function roleMethods({ transport, bot }: ClientCore): RoleMethods {
  const changeRole =
    (method: "PUT" | "DELETE") =>
    async (guildId: string, userId: string, roleId: string, call: { reason?: string } & CallOptions = {}) => {
      await transport.request({
        method,
        route: `${method} /guilds/:guild/members/:user/roles/:role`,
        majorId: guildId,
        path: `/guilds/${snowflake(guildId, "guildId")}/members/${snowflake(userId, "userId")}/roles/${snowflake(roleId, "roleId")}`,
        auth: bot,
        ...(call.reason ? { headers: { "x-audit-log-reason": encodeURIComponent(call.reason) } } : {}),
        schema: undefined,
        repeatable: true,
        signal: call.signal,
      });
    };

  return {
    addMemberRole: changeRole("PUT"),
    removeMemberRole: changeRole("DELETE"),

    getGuildRoles: (guildId, call = {}) =>
      transport.request({
        method: "GET",
        route: "GET /guilds/:guild/roles",
        majorId: guildId,
        path: `/guilds/${snowflake(guildId, "guildId")}/roles`,
        auth: bot,
        schema: z.array(discordRoleSchema),
        repeatable: true,
        signal: call.signal,
      }),
  };
}

export function createDiscordClient(options: DiscordClientOptions): DiscordClient {
  const core = createCore(options);
  return { ...oauthMethods(core), ...userMethods(core), ...memberMethods(core), ...roleMethods(core) };
}

/** Whether `error` is Discord refusing a role change for hierarchy or permissions (50013 Missing Permissions). */
export function isMissingPermissions(error: unknown): boolean {
  return error instanceof DiscordApiError && error.code === discordErrorCodes.missingPermissions;
}
