// A small, fixed Telegram: a dozen users with numeric ids, a bot, and chats whose members hold every
// ChatMember status (creator, administrator, member, restricted, left, kicked). Alice is the user of the
// Telegram login test vector (signed with the bot token below at auth_date 1700000000).

export type TelegramSandboxUser = {
  id: number;
  is_bot: boolean;
  first_name: string;
  last_name?: string;
  username?: string;
  language_code?: string;
  /** What the Login Widget sends as photo_url. */
  photo_url?: string;
};

export type TelegramChatType = "group" | "supergroup" | "channel";

export type TelegramMembership =
  | { status: "creator"; customTitle?: string }
  | { status: "administrator"; customTitle?: string }
  | { status: "member"; untilDate?: number }
  | { status: "restricted"; isMember: boolean; untilDate: number }
  | { status: "left" }
  | { status: "kicked"; untilDate: number };

export type TelegramSandboxChat = {
  id: number;
  type: TelegramChatType;
  title: string;
  username?: string;
  description?: string;
  members: Map<number, TelegramMembership>;
};

export type TelegramUserKey =
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
  | "judy";

export type TelegramChatKey = "sandbox" | "news" | "partner" | "vip" | "elsewhere";

/** The sandbox bot token, which signs the login test vector; its id (before the colon) is the bot's. */
export const defaultTelegramBotToken = "123456789:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw";

const userSeeds: Record<Exclude<TelegramUserKey, "bot">, Omit<TelegramSandboxUser, "is_bot">> = {
  host: {
    id: 610000001,
    first_name: "Dropfair",
    last_name: "Host",
    username: "dropfair_host",
    language_code: "en",
    photo_url: "https://t.me/i/userpic/320/dropfair_host.jpg",
  },
  alice: {
    id: 987654321,
    first_name: "Alice",
    last_name: "Example",
    username: "alice_ex",
    language_code: "en",
    photo_url: "https://t.me/i/userpic/320/alice_ex.jpg",
  },
  bob: { id: 700000002, first_name: "Bob" },
  carol: {
    id: 700000003,
    first_name: "Carol",
    last_name: "Admin",
    username: "carol_admin",
    language_code: "en",
    photo_url: "https://t.me/i/userpic/320/carol_admin.jpg",
  },
  dave: { id: 700000004, first_name: "Dave", username: "dave_muted", language_code: "de" },
  erin: { id: 700000005, first_name: "Erin", username: "erin_restricted_out" },
  frank: { id: 700000006, first_name: "Frank", username: "frank_left" },
  grace: { id: 700000007, first_name: "Grace", username: "grace_banned", language_code: "zh-hans" },
  heidi: { id: 700000008, first_name: "Heidi", username: "heidi_subscriber" },
  ivan: { id: 700000009, first_name: "Ivan", username: "ivan_new" },
  judy: {
    id: 7000000010,
    first_name: "Judy",
    last_name: "Ten Digits",
    username: "judy_big_id",
    photo_url: "https://t.me/i/userpic/320/judy_big_id.jpg",
  },
};

/** 2027-01-01T00:00:00Z: when Heidi's paid subscription to the news channel runs out. */
const subscriptionEnd = 1798761600;

type ChatSeed = Omit<TelegramSandboxChat, "members"> & {
  members: [TelegramUserKey, TelegramMembership][];
};

const chatSeeds: Record<TelegramChatKey, ChatSeed> = {
  sandbox: {
    id: -1002233445566,
    type: "supergroup",
    title: "Dropfair Sandbox",
    username: "dropfair_sandbox",
    description: "The sandbox community: every member status lives here.",
    members: [
      ["host", { status: "creator" }],
      ["bot", { status: "administrator" }],
      ["carol", { status: "administrator", customTitle: "Mod" }],
      ["alice", { status: "member" }],
      ["bob", { status: "member" }],
      ["judy", { status: "member" }],
      ["dave", { status: "restricted", isMember: true, untilDate: 0 }],
      ["erin", { status: "restricted", isMember: false, untilDate: 0 }],
      ["frank", { status: "left" }],
      ["grace", { status: "kicked", untilDate: 0 }],
    ],
  },
  news: {
    id: -1002233445577,
    type: "channel",
    title: "Dropfair News",
    username: "dropfair_news",
    members: [
      ["host", { status: "creator" }],
      ["bot", { status: "administrator" }],
      ["alice", { status: "member" }],
      ["heidi", { status: "member", untilDate: subscriptionEnd }],
      ["bob", { status: "left" }],
    ],
  },
  partner: {
    id: -1002233445588,
    type: "channel",
    title: "Partner Labs",
    username: "partner_labs_channel",
    // The bot is a plain subscriber: the member list is inaccessible to it.
    members: [
      ["bot", { status: "member" }],
      ["alice", { status: "member" }],
    ],
  },
  vip: {
    id: -1002233445599,
    type: "supergroup",
    title: "Dropfair VIP",
    members: [
      ["host", { status: "creator" }],
      ["bot", { status: "administrator" }],
      ["alice", { status: "member" }],
    ],
  },
  elsewhere: {
    id: -1002233445600,
    type: "supergroup",
    title: "Elsewhere Chat",
    username: "elsewhere_chat",
    // The bot is not in it.
    members: [["ivan", { status: "creator" }]],
  },
};

export type TelegramFixtures = {
  botToken: string;
  users: Record<TelegramUserKey, { id: number; username?: string; first_name: string }>;
  chats: Record<TelegramChatKey, { id: number; username?: string; title: string; type: TelegramChatType }>;
};

export class TelegramWorld {
  readonly users = new Map<number, TelegramSandboxUser>();
  readonly chats = new Map<number, TelegramSandboxChat>();
  readonly bot: TelegramSandboxUser;
  readonly fixtures: TelegramFixtures;

  constructor(options: { botToken?: string; botUsername?: string } = {}) {
    const botToken = options.botToken ?? defaultTelegramBotToken;
    const botId = Number(botToken.split(":")[0]);
    if (!Number.isSafeInteger(botId) || botId <= 0) throw new Error("a bot token starts with the bot's id");
    this.bot = {
      id: botId,
      is_bot: true,
      first_name: "Dropfair Sandbox Bot",
      username: options.botUsername ?? "dropfair_sandbox_bot",
    };
    this.users.set(botId, this.bot);
    const users = {
      bot: { id: botId, first_name: this.bot.first_name, username: this.bot.username },
    } as TelegramFixtures["users"];
    for (const [key, seed] of Object.entries(userSeeds) as [
      Exclude<TelegramUserKey, "bot">,
      Omit<TelegramSandboxUser, "is_bot">,
    ][]) {
      this.users.set(seed.id, { is_bot: false, ...seed });
      users[key] = {
        id: seed.id,
        first_name: seed.first_name,
        ...(seed.username ? { username: seed.username } : {}),
      };
    }
    const chats = {} as TelegramFixtures["chats"];
    for (const [key, seed] of Object.entries(chatSeeds) as [TelegramChatKey, ChatSeed][]) {
      const members = new Map<number, TelegramMembership>();
      for (const [userKey, membership] of seed.members) members.set(users[userKey].id, { ...membership });
      this.chats.set(seed.id, { ...seed, members });
      chats[key] = {
        id: seed.id,
        title: seed.title,
        type: seed.type,
        ...(seed.username ? { username: seed.username } : {}),
      };
    }
    this.fixtures = { botToken, users, chats };
  }

  user(id: number): TelegramSandboxUser | undefined {
    return this.users.get(id);
  }

  /** People who can log in on the widget page (bots cannot). */
  loginUsers(): TelegramSandboxUser[] {
    return [...this.users.values()].filter((user) => !user.is_bot);
  }

  /** A chat by numeric id or by "@username" (case-insensitive). */
  chat(idOrUsername: number | string): TelegramSandboxChat | undefined {
    if (typeof idOrUsername === "number") return this.chats.get(idOrUsername);
    const wanted = idOrUsername.replace(/^@/, "").toLowerCase();
    for (const chat of this.chats.values()) if (chat.username?.toLowerCase() === wanted) return chat;
    return undefined;
  }

  /** Where `userId` stands in `chatId`: users the chat never saw have left it. */
  membership(chatId: number, userId: number): TelegramMembership {
    return this.chats.get(chatId)?.members.get(userId) ?? { status: "left" };
  }

  /** Sets a user's status in a chat (tests, the control API). */
  setMembership(chatId: number, userId: number, membership: TelegramMembership): void {
    this.chats.get(chatId)?.members.set(userId, membership);
  }
}
