// A small, fixed Discord: three guilds with roles, a dozen users, who is a member of what, and a bot that sits
// in two of the guilds. Every id is a real-looking snowflake built from a fixed date, so ids never change.
import { createHash } from "node:crypto";

/** Discord's snowflake epoch (2015-01-01T00:00:00.000Z). */
export const discordEpochMs = 1420070400000n;

/** A snowflake for `createdAt` (ISO-8601) with a worker id of 1 and `increment` in the low 12 bits. */
export function discordSnowflake(createdAt: string, increment: number): string {
  const time = BigInt(Date.parse(createdAt)) - discordEpochMs;
  return ((time << 22n) | (1n << 17n) | BigInt(increment & 0xfff)).toString();
}

export const snowflakePattern = /^[0-9]{15,21}$/;

/** Permission bits the sandbox reasons about (https://discord.com/developers/docs/topics/permissions). */
export const permissions = {
  createInstantInvite: 1n << 0n,
  kickMembers: 1n << 1n,
  banMembers: 1n << 2n,
  administrator: 1n << 3n,
  manageChannels: 1n << 4n,
  manageGuild: 1n << 5n,
  addReactions: 1n << 6n,
  viewChannel: 1n << 10n,
  sendMessages: 1n << 11n,
  manageMessages: 1n << 13n,
  readMessageHistory: 1n << 16n,
  connect: 1n << 20n,
  speak: 1n << 21n,
  changeNickname: 1n << 26n,
  manageRoles: 1n << 28n,
} as const;

const everyonePermissions =
  permissions.createInstantInvite |
  permissions.addReactions |
  permissions.viewChannel |
  permissions.sendMessages |
  permissions.readMessageHistory |
  permissions.connect |
  permissions.speak |
  permissions.changeNickname;

const allPermissions = (1n << 51n) - 1n;

export type DiscordSandboxUser = {
  id: string;
  username: string;
  global_name: string | null;
  discriminator: string;
  avatar: string | null;
  bot: boolean;
  email: string;
  verified: boolean;
  locale: string;
  mfa_enabled: boolean;
  flags: number;
  premium_type: number;
};

export type DiscordSandboxRole = {
  id: string;
  name: string;
  color: number;
  hoist: boolean;
  position: number;
  permissions: bigint;
  /** Roles owned by an integration (a bot's own role): nobody can grant them. */
  managed: boolean;
  mentionable: boolean;
  botId?: string;
};

export type DiscordSandboxMember = {
  userId: string;
  nick: string | null;
  /** Role ids, without @everyone (whose id is the guild's). */
  roles: Set<string>;
  joinedAt: string;
  premiumSince: string | null;
  /** Has not passed membership screening yet. */
  pending: boolean;
};

export type DiscordSandboxGuild = {
  id: string;
  name: string;
  icon: string | null;
  ownerId: string;
  features: string[];
  /** Position order, @everyone first. */
  roles: DiscordSandboxRole[];
  members: Map<string, DiscordSandboxMember>;
};

export type RoleChange = {
  guildId: string;
  userId: string;
  roleId: string;
  action: "add" | "remove";
  /** The X-Audit-Log-Reason header, URL-decoded. */
  reason: string | undefined;
  at: number;
};

export type DiscordUserKey =
  | "bot"
  | "host"
  | "alice"
  | "bob"
  | "carol"
  | "dave"
  | "erin"
  | "frank"
  | "grace"
  | "heidi"
  | "ivan"
  | "judy"
  | "mallory";

export type DiscordGuildKey = "sandbox" | "partner" | "elsewhere";

export type DiscordRoleKey =
  | "member"
  | "verified"
  | "airdropOg"
  | "bot"
  | "moderator"
  | "admin"
  | "partnerHolder"
  | "partnerBot"
  | "elsewhereMember";

type UserSeed = {
  key: DiscordUserKey;
  username: string;
  globalName: string | null;
  createdAt: string;
  avatar: boolean;
  verified?: boolean;
  locale?: string;
};

const userSeeds: UserSeed[] = [
  {
    key: "host",
    username: "dropfair_host",
    globalName: "Dropfair Host",
    createdAt: "2019-04-02T10:00:00Z",
    avatar: true,
  },
  {
    key: "alice",
    username: "sandbox_alice",
    globalName: "Alice",
    createdAt: "2020-06-15T08:30:00Z",
    avatar: true,
  },
  {
    key: "bob",
    username: "sandbox_bob",
    globalName: "Bob",
    createdAt: "2021-01-20T12:00:00Z",
    avatar: false,
  },
  {
    key: "carol",
    username: "sandbox_carol",
    globalName: null,
    createdAt: "2021-09-09T09:09:00Z",
    avatar: true,
  },
  {
    key: "dave",
    username: "sandbox_dave",
    globalName: "Dave",
    createdAt: "2022-02-14T18:45:00Z",
    avatar: true,
    locale: "de",
  },
  {
    key: "erin",
    username: "sandbox_erin",
    globalName: "Erin (mod)",
    createdAt: "2022-07-01T07:00:00Z",
    avatar: true,
  },
  {
    key: "frank",
    username: "sandbox_frank",
    globalName: "Frank",
    createdAt: "2023-03-03T03:03:00Z",
    avatar: false,
    verified: false,
  },
  {
    key: "grace",
    username: "sandbox_grace",
    globalName: "Grace",
    createdAt: "2023-11-11T11:11:00Z",
    avatar: true,
    locale: "zh-CN",
  },
  {
    key: "heidi",
    username: "sandbox_heidi",
    globalName: "Heidi",
    createdAt: "2024-01-05T16:20:00Z",
    avatar: true,
  },
  {
    key: "ivan",
    username: "sandbox_ivan",
    globalName: "Ivan",
    createdAt: "2024-05-25T21:00:00Z",
    avatar: false,
  },
  {
    key: "judy",
    username: "sandbox_judy",
    globalName: "Judy",
    createdAt: "2025-02-28T14:00:00Z",
    avatar: true,
  },
  {
    key: "mallory",
    username: "sandbox_mallory",
    globalName: "Mallory",
    createdAt: "2025-10-31T23:59:00Z",
    avatar: false,
  },
];

type RoleSeed = {
  key: DiscordRoleKey;
  name: string;
  color: number;
  permissions: bigint;
  hoist?: boolean;
  managedBy?: "bot";
};

type GuildSeed = {
  key: DiscordGuildKey;
  name: string;
  createdAt: string;
  owner: DiscordUserKey;
  features: string[];
  /** Bottom to top, @everyone excluded. */
  roles: RoleSeed[];
  members: {
    user: DiscordUserKey;
    roles: DiscordRoleKey[];
    joinedAt: string;
    nick?: string;
    pending?: boolean;
  }[];
};

const guildSeeds: GuildSeed[] = [
  {
    key: "sandbox",
    name: "Dropfair Sandbox",
    createdAt: "2021-05-01T00:00:00Z",
    owner: "host",
    features: ["COMMUNITY", "MEMBER_VERIFICATION_GATE_ENABLED"],
    roles: [
      { key: "member", name: "Member", color: 0x99aab5, permissions: 0n },
      { key: "verified", name: "Verified", color: 0x57f287, permissions: 0n },
      { key: "airdropOg", name: "Airdrop OG", color: 0xfee75c, permissions: 0n, hoist: true },
      {
        key: "bot",
        name: "Dropfair Bot",
        color: 0,
        permissions: permissions.manageRoles | permissions.viewChannel,
        managedBy: "bot",
      },
      {
        key: "moderator",
        name: "Moderator",
        color: 0x5865f2,
        permissions: permissions.kickMembers | permissions.banMembers | permissions.manageMessages,
        hoist: true,
      },
      { key: "admin", name: "Admin", color: 0xed4245, permissions: permissions.administrator, hoist: true },
    ],
    members: [
      { user: "host", roles: ["admin", "member"], joinedAt: "2021-05-01T00:00:00.000000+00:00" },
      { user: "bot", roles: ["bot"], joinedAt: "2021-05-02T10:00:00.000000+00:00" },
      {
        user: "alice",
        roles: ["member", "airdropOg"],
        joinedAt: "2022-01-10T12:34:56.789000+00:00",
        nick: "alice.eth",
      },
      { user: "bob", roles: ["member"], joinedAt: "2023-06-01T08:00:00.000000+00:00" },
      { user: "carol", roles: [], joinedAt: "2024-02-29T19:00:00.000000+00:00" },
      { user: "dave", roles: ["member", "verified"], joinedAt: "2024-08-15T15:15:15.000000+00:00" },
      { user: "erin", roles: ["moderator", "member"], joinedAt: "2022-07-02T07:00:00.000000+00:00" },
      {
        user: "frank",
        roles: [],
        joinedAt: "2025-12-30T09:00:00.000000+00:00",
        pending: true,
      },
      { user: "grace", roles: ["member"], joinedAt: "2025-12-31T23:00:00.000000+00:00" },
    ],
  },
  {
    key: "partner",
    name: "Partner Labs",
    createdAt: "2022-03-03T00:00:00Z",
    owner: "ivan",
    features: [],
    roles: [
      { key: "partnerHolder", name: "Holder", color: 0x1abc9c, permissions: 0n },
      {
        key: "partnerBot",
        name: "Dropfair Bot",
        color: 0,
        permissions: permissions.viewChannel,
        managedBy: "bot",
      },
    ],
    members: [
      { user: "ivan", roles: [], joinedAt: "2022-03-03T00:00:00.000000+00:00" },
      { user: "bot", roles: ["partnerBot"], joinedAt: "2022-03-04T00:00:00.000000+00:00" },
      { user: "heidi", roles: ["partnerHolder"], joinedAt: "2024-01-06T10:00:00.000000+00:00" },
      { user: "alice", roles: ["partnerHolder"], joinedAt: "2024-04-01T10:00:00.000000+00:00" },
    ],
  },
  {
    key: "elsewhere",
    name: "Elsewhere DAO",
    createdAt: "2023-09-09T00:00:00Z",
    owner: "mallory",
    features: [],
    roles: [{ key: "elsewhereMember", name: "Citizen", color: 0xe67e22, permissions: 0n }],
    members: [
      { user: "mallory", roles: [], joinedAt: "2023-09-09T00:00:00.000000+00:00" },
      { user: "alice", roles: ["elsewhereMember"], joinedAt: "2023-10-01T00:00:00.000000+00:00" },
      { user: "ivan", roles: ["elsewhereMember"], joinedAt: "2024-06-01T00:00:00.000000+00:00" },
    ],
  },
];

/** The application (and its bot user) the sandbox plays: its id is also the OAuth client_id. */
export const sandboxApplicationId = discordSnowflake("2021-05-02T09:00:00Z", 1);

function avatarHash(seed: string): string {
  return createHash("md5").update(`dropfair-discord:${seed}`).digest("hex");
}

export type DiscordFixtures = {
  applicationId: string;
  users: Record<DiscordUserKey, { id: string; username: string }>;
  guilds: Record<DiscordGuildKey, { id: string; name: string }>;
  roles: Record<DiscordRoleKey, { id: string; name: string; guildId: string }>;
};

export class DiscordWorld {
  readonly users = new Map<string, DiscordSandboxUser>();
  readonly guilds = new Map<string, DiscordSandboxGuild>();
  readonly fixtures: DiscordFixtures;
  readonly botUserId = sandboxApplicationId;
  /** Every role grant and removal the API made, in order (truth for tests). */
  readonly roleChanges: RoleChange[] = [];

  constructor() {
    const userIds = {} as Record<DiscordUserKey, { id: string; username: string }>;
    const bot: DiscordSandboxUser = {
      id: sandboxApplicationId,
      username: "Dropfair Sandbox Bot",
      global_name: null,
      discriminator: "4821",
      avatar: avatarHash("bot"),
      bot: true,
      email: "",
      verified: true,
      locale: "en-US",
      mfa_enabled: true,
      flags: 0,
      premium_type: 0,
    };
    this.users.set(bot.id, bot);
    userIds.bot = { id: bot.id, username: bot.username };
    userSeeds.forEach((seed, index) => {
      const id = discordSnowflake(seed.createdAt, 100 + index);
      this.users.set(id, {
        id,
        username: seed.username,
        global_name: seed.globalName,
        discriminator: "0",
        avatar: seed.avatar ? avatarHash(seed.username) : null,
        bot: false,
        email: `${seed.username}@sandbox.dropfair.test`,
        verified: seed.verified ?? true,
        locale: seed.locale ?? "en-US",
        mfa_enabled: index % 3 === 0,
        flags: 0,
        premium_type: index % 4 === 1 ? 2 : 0,
      });
      userIds[seed.key] = { id, username: seed.username };
    });

    const guildIds = {} as DiscordFixtures["guilds"];
    const roleIds = {} as DiscordFixtures["roles"];
    guildSeeds.forEach((seed, guildIndex) => {
      const guildId = discordSnowflake(seed.createdAt, 200 + guildIndex);
      const roles: DiscordSandboxRole[] = [
        {
          id: guildId,
          name: "@everyone",
          color: 0,
          hoist: false,
          position: 0,
          permissions: everyonePermissions,
          managed: false,
          mentionable: false,
        },
      ];
      seed.roles.forEach((roleSeed, roleIndex) => {
        const role: DiscordSandboxRole = {
          id: discordSnowflake(seed.createdAt, 300 + guildIndex * 16 + roleIndex),
          name: roleSeed.name,
          color: roleSeed.color,
          hoist: roleSeed.hoist ?? false,
          position: roleIndex + 1,
          permissions: roleSeed.permissions,
          managed: roleSeed.managedBy === "bot",
          mentionable: false,
        };
        if (roleSeed.managedBy === "bot") role.botId = sandboxApplicationId;
        roles.push(role);
        roleIds[roleSeed.key] = { id: role.id, name: role.name, guildId };
      });
      const members = new Map<string, DiscordSandboxMember>();
      for (const member of seed.members) {
        const userId = userIds[member.user].id;
        members.set(userId, {
          userId,
          nick: member.nick ?? null,
          roles: new Set(member.roles.map((key) => roleIds[key].id)),
          joinedAt: member.joinedAt,
          premiumSince: null,
          pending: member.pending ?? false,
        });
      }
      this.guilds.set(guildId, {
        id: guildId,
        name: seed.name,
        icon: avatarHash(`guild:${seed.key}`),
        ownerId: userIds[seed.owner].id,
        features: seed.features,
        roles,
        members,
      });
      guildIds[seed.key] = { id: guildId, name: seed.name };
    });

    this.fixtures = { applicationId: sandboxApplicationId, users: userIds, guilds: guildIds, roles: roleIds };
  }

  user(id: string): DiscordSandboxUser | undefined {
    return this.users.get(id);
  }

  userByUsername(username: string): DiscordSandboxUser | undefined {
    const wanted = username.toLowerCase();
    for (const user of this.users.values()) if (user.username.toLowerCase() === wanted) return user;
    return undefined;
  }

  /**
   * Members of a guild whose username or nickname starts with `query` (case-insensitive), as Discord's member
   * search finds them, at most `limit`, in join order.
   */
  searchMembers(guildId: string, query: string, limit: number): DiscordSandboxMember[] {
    const wanted = query.toLowerCase();
    const found: DiscordSandboxMember[] = [];
    for (const member of this.guilds.get(guildId)?.members.values() ?? []) {
      if (found.length >= limit) break;
      const username = this.users.get(member.userId)?.username.toLowerCase() ?? "";
      if (username.startsWith(wanted) || member.nick?.toLowerCase().startsWith(wanted)) found.push(member);
    }
    return found;
  }

  /** People who can sign in on the consent page (bots cannot). */
  signInUsers(): DiscordSandboxUser[] {
    return [...this.users.values()].filter((user) => !user.bot);
  }

  guild(id: string): DiscordSandboxGuild | undefined {
    return this.guilds.get(id);
  }

  member(guildId: string, userId: string): DiscordSandboxMember | undefined {
    return this.guilds.get(guildId)?.members.get(userId);
  }

  role(guildId: string, roleId: string): DiscordSandboxRole | undefined {
    return this.guilds.get(guildId)?.roles.find((role) => role.id === roleId);
  }

  /** Guilds `userId` is in, by id ascending (the order of GET /users/@me/guilds). */
  guildsOf(userId: string): DiscordSandboxGuild[] {
    return [...this.guilds.values()]
      .filter((guild) => guild.members.has(userId))
      .sort((a, b) => (BigInt(a.id) < BigInt(b.id) ? -1 : 1));
  }

  /** A member's permissions: @everyone's and its roles' together; owners and administrators have them all. */
  permissionsOf(guildId: string, userId: string): bigint {
    const guild = this.guilds.get(guildId);
    const member = guild?.members.get(userId);
    if (!guild || !member) return 0n;
    if (guild.ownerId === userId) return allPermissions;
    let bits = 0n;
    for (const role of guild.roles) {
      if (role.id === guild.id || member.roles.has(role.id)) bits |= role.permissions;
    }
    return bits & permissions.administrator ? allPermissions : bits;
  }

  /** The position of a member's highest role (0 for @everyone only). */
  highestRolePosition(guildId: string, userId: string): number {
    const guild = this.guilds.get(guildId);
    const member = guild?.members.get(userId);
    if (!guild || !member) return -1;
    let highest = 0;
    for (const role of guild.roles) {
      if (member.roles.has(role.id)) highest = Math.max(highest, role.position);
    }
    return highest;
  }

  /**
   * Whether the bot may grant or remove `roleId` in `guildId`: it needs Manage Roles and the role must sit
   * strictly below its own highest role (Discord's hierarchy rule); managed roles and @everyone never.
   */
  botCanManageRole(guildId: string, roleId: string): boolean {
    const guild = this.guilds.get(guildId);
    const role = this.role(guildId, roleId);
    if (!guild || !role || role.managed || role.id === guild.id) return false;
    if (guild.ownerId === this.botUserId) return true;
    if (!(this.permissionsOf(guildId, this.botUserId) & permissions.manageRoles)) return false;
    return role.position < this.highestRolePosition(guildId, this.botUserId);
  }

  // ── mutations (the API's own, and tests') ──────────────────────────────────

  addRole(guildId: string, userId: string, roleId: string): void {
    this.member(guildId, userId)?.roles.add(roleId);
  }

  removeRole(guildId: string, userId: string, roleId: string): void {
    this.member(guildId, userId)?.roles.delete(roleId);
  }

  /** Makes `userId` join `guildId` (no-op when already in). */
  join(guildId: string, userId: string, options: { roles?: string[]; joinedAt?: string } = {}): void {
    const guild = this.guilds.get(guildId);
    if (!guild || !this.users.has(userId) || guild.members.has(userId)) return;
    guild.members.set(userId, {
      userId,
      nick: null,
      roles: new Set(options.roles ?? []),
      joinedAt: options.joinedAt ?? "2026-01-01T00:00:00.000000+00:00",
      premiumSince: null,
      pending: false,
    });
  }

  /** A user picks a new username (Discord usernames are unique, case-insensitively). */
  rename(userId: string, username: string): void {
    const user = this.users.get(userId);
    const taken = this.userByUsername(username);
    if (!user || (taken && taken.id !== userId)) throw new Error(`cannot rename ${userId} to ${username}`);
    user.username = username;
  }

  leave(guildId: string, userId: string): void {
    this.guilds.get(guildId)?.members.delete(userId);
  }
}
