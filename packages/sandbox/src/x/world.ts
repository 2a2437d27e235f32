import { indexFromUserId, maxFamilyIndex, postFamilies, postFamilyOf, postIdFor, userIdFor } from "./ids.ts";
import { hashString, mix, Rng, streams, unit } from "./prng.ts";
import { arraySeq, concatSeq, emptySeq, functionSeq, intSeq, type Seq, toArray } from "./seq.ts";
import {
  bioPhrases,
  firstNames,
  handleWords,
  lastNames,
  locations,
  nameDecorations,
  postTexts,
  quotePhrases,
  replyPhrases,
} from "./words.ts";

const second = 1000;
const minute = 60 * second;
const hour = 60 * minute;
const day = 24 * hour;

export type VerifiedType = "blue" | "business" | "government" | "none";
export type AccountStatus = "active" | "suspended" | "deleted";
export type AccountKind = "named" | "regular" | "crowd";

export type XWorldOptions = {
  /** Same seed (and same `now`) → the same world, byte for byte. Default "dropfair". */
  seed?: string | number;
  /** The instant `created_at` values are measured back from (ms). Default: the current time. */
  now?: number;
  /** Named plus ordinary accounts, held in memory (default 5,000, at least 1,000). */
  accounts?: number;
  /** Accounts of the benchmark crowd, generated on demand (default 100,000, at most 524,287). */
  benchEntrants?: number;
};

export type UserPublicMetrics = {
  followers_count: number;
  following_count: number;
  tweet_count: number;
  listed_count: number;
  like_count: number;
};

/** An account as the world knows it: the truth, whatever fields a request asks for. */
export type SandboxUser = {
  index: number;
  id: string;
  username: string;
  name: string;
  kind: AccountKind;
  status: AccountStatus;
  createdAt: string;
  description: string;
  location: string;
  url: string;
  profileImageUrl: string;
  hasDefaultProfileImage: boolean;
  profileBannerUrl: string | null;
  verified: boolean;
  verifiedType: VerifiedType;
  protected: boolean;
  publicMetrics: UserPublicMetrics;
  mostRecentTweetId: string | null;
  mostRecentTweetAt: string | null;
};

export type TweetPublicMetrics = {
  retweet_count: number;
  reply_count: number;
  like_count: number;
  quote_count: number;
  bookmark_count: number;
  impression_count: number;
};

export type ReferencedTweet = { type: "retweeted" | "quoted" | "replied_to"; id: string };
export type Mention = { start: number; end: number; username: string; id: string };

export type SandboxTweet = {
  id: string;
  text: string;
  kind: "post" | "reply" | "quote";
  authorIndex: number;
  authorId: string;
  ageMs: number;
  createdAt: string;
  conversationId: string;
  inReplyToUserId?: string;
  referencedTweets?: ReferencedTweet[];
  mentions?: Mention[];
  publicMetrics: TweetPublicMetrics;
};

type UserBase = {
  index: number;
  id: string;
  username: string;
  name: string;
  kind: AccountKind;
  status: AccountStatus;
  ageMs: number;
  description: string;
  location: string;
  url: string;
  avatarUrl: string | null;
  bannerUrl: string | null;
  verifiedType: VerifiedType;
  protected: boolean;
  tweetCount: number;
  listedCount: number;
  likeCount: number;
  extraFollowers: number;
  extraFollowing: number;
  /** How many accounts of the world it follows (regular accounts only). */
  graphOut: number;
  popularity: number;
  latestPostAgeMs: number | null;
};

type Engagement = {
  retweeters: Seq<number>;
  likers: Seq<number>;
  quotes: Seq<SandboxTweet>;
  /** Replies of the conversation (the root excluded), newest first. */
  conversation: Seq<SandboxTweet>;
};

export const defaultProfileImageUrl =
  "https://abs.twimg.com/sticky/default_profile_images/default_profile_normal.png";

/** Slots 0–15 are reserved for the named accounts, so adding one later does not move the others. */
const namedSlots = 16;

type NamedUserSpec = {
  key: NamedUserKey;
  username: string;
  name: string;
  ageMs: number;
  verifiedType: VerifiedType;
  avatar: boolean;
  banner: boolean;
  description: string;
  location: string;
  url: string;
  status: AccountStatus;
  tweetCount: number;
  listedCount: number;
};

export type NamedUserKey =
  | "host"
  | "partner"
  | "benchHost"
  | "admin"
  | "alice"
  | "bob"
  | "carol"
  | "newbie"
  | "suspended"
  | "deleted";

export type NamedPostKey = "giveaway" | "recent" | "old" | "partner" | "bench" | "deleted";

const namedUsers: NamedUserSpec[] = [
  {
    key: "host",
    username: "dropfair_host",
    name: "Dropfair",
    ageMs: 2260 * day + 4 * hour,
    verifiedType: "business",
    avatar: true,
    banner: true,
    description: "Airdrops, fair giveaways and quests for web3 teams. Draws anyone can verify.",
    location: "Singapore",
    url: "https://dropfair.example",
    status: "active",
    tweetCount: 4210,
    listedCount: 310,
  },
  {
    key: "partner",
    username: "partner_labs",
    name: "Partner Labs",
    ageMs: 1100 * day + 7 * hour,
    verifiedType: "blue",
    avatar: true,
    banner: true,
    description: "A partner project. Follow us for the next drop.",
    location: "Hong Kong",
    url: "",
    status: "active",
    tweetCount: 1530,
    listedCount: 85,
  },
  {
    key: "benchHost",
    username: "dropfair_bench",
    name: "Bench Protocol",
    ageMs: 800 * day + 2 * hour,
    verifiedType: "blue",
    avatar: true,
    banner: true,
    description: "Our giveaway drew 100,000 entrants.",
    location: "Seoul",
    url: "",
    status: "active",
    tweetCount: 620,
    listedCount: 40,
  },
  {
    key: "admin",
    username: "dropfair_admin",
    name: "Dropfair Ops",
    ageMs: 1500 * day + 9 * hour,
    verifiedType: "none",
    avatar: true,
    banner: false,
    description: "Operations at Dropfair.",
    location: "Shanghai",
    url: "",
    status: "active",
    tweetCount: 210,
    listedCount: 3,
  },
  {
    key: "alice",
    username: "sandbox_alice",
    name: "Alice",
    ageMs: 1900 * day + 5 * hour,
    verifiedType: "none",
    avatar: true,
    banner: true,
    description: "NFT collector | gm every day",
    location: "Lisbon",
    url: "",
    status: "active",
    tweetCount: 2890,
    listedCount: 12,
  },
  {
    key: "bob",
    username: "sandbox_bob",
    name: "Bob",
    ageMs: 3 * day + 2 * hour,
    verifiedType: "none",
    avatar: false,
    banner: false,
    description: "",
    location: "",
    url: "",
    status: "active",
    tweetCount: 4,
    listedCount: 0,
  },
  {
    key: "carol",
    username: "sandbox_carol",
    name: "Carol",
    ageMs: 700 * day + 13 * hour,
    verifiedType: "blue",
    avatar: true,
    banner: true,
    description: "Researcher @ a DAO",
    location: "Berlin",
    url: "",
    status: "active",
    tweetCount: 640,
    listedCount: 7,
  },
  {
    key: "newbie",
    username: "sandbox_newbie",
    name: "New Here",
    ageMs: 1 * day + 1 * hour,
    verifiedType: "none",
    avatar: false,
    banner: false,
    description: "Just joined",
    location: "",
    url: "",
    status: "active",
    tweetCount: 2,
    listedCount: 0,
  },
  {
    key: "suspended",
    username: "sandbox_banned",
    name: "Suspended Account",
    ageMs: 400 * day,
    verifiedType: "none",
    avatar: false,
    banner: false,
    description: "",
    location: "",
    url: "",
    status: "suspended",
    tweetCount: 120,
    listedCount: 0,
  },
  {
    key: "deleted",
    username: "sandbox_gone",
    name: "Deleted Account",
    ageMs: 900 * day,
    verifiedType: "none",
    avatar: true,
    banner: false,
    description: "",
    location: "",
    url: "",
    status: "deleted",
    tweetCount: 300,
    listedCount: 0,
  },
];

/** Named posts: fixed ages and fixed counters, so their ids do not depend on the seed. */
const namedPosts: { key: NamedPostKey; author: NamedUserKey; ageMs: number; text: string }[] = [
  {
    key: "giveaway",
    author: "host",
    ageMs: 10 * day + 3 * hour + 17 * minute,
    text: "GIVEAWAY 🎁 3 winners × 100 USDT. Follow @partner_labs, repost and reply with your wallet address.",
  },
  {
    key: "recent",
    author: "host",
    ageMs: 2 * day + 5 * hour + 41 * minute,
    text: "Quick drop ⚡ Repost and reply with your EVM address. Winners in 48h.",
  },
  {
    key: "old",
    author: "host",
    ageMs: 30 * day + 2 * hour + 7 * minute,
    text: "Last month's giveaway: repost and reply to enter.",
  },
  {
    key: "partner",
    author: "partner",
    ageMs: 5 * day + 11 * hour + 3 * minute,
    text: "Partner Labs x Dropfair: repost to join our allowlist raffle.",
  },
  {
    key: "bench",
    author: "benchHost",
    ageMs: 1 * day + 2 * hour + 9 * minute,
    text: "MEGA GIVEAWAY 🚀 Repost, like and reply with your wallet. 100 winners.",
  },
  {
    key: "deleted",
    author: "host",
    ageMs: 4 * day,
    text: "(deleted)",
  },
];

type CampaignPlan = {
  pool: number;
  retweetShare: number;
  likeShare: number;
  replyShare: number;
  quoteShare: number;
  /** Reply ages are drawn from [min, max] (ms, clamped under the post's age). */
  replyAges: [number, number];
  extraRetweeters: number[];
  extraLikers: number[];
  scriptedReplies: { author: number; ageMs: number; text: string }[];
  ghostRetweeters: number;
  ghostReplies: number;
  hostReplies: number;
};

function roundToSecond(ms: number): number {
  return Math.max(second, Math.round(ms / second) * second);
}

function hex(rng: Rng, length: number): string {
  let out = "";
  for (let i = 0; i < length; i++) out += "0123456789abcdef"[rng.int(0, 15)];
  return out;
}

const base58 = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz";

function walletText(rng: Rng): string {
  const roll = rng.next();
  if (roll < 0.65) return ` 0x${hex(rng, 40)}`;
  if (roll < 0.75) {
    let out = "";
    for (let i = 0; i < 44; i++) out += base58[rng.int(0, 57)];
    return ` ${out}`;
  }
  return "";
}

function lowerBound(cumulative: Float64Array, value: number): number {
  let low = 0;
  let high = cumulative.length - 1;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((cumulative[middle] as number) < value) low = middle + 1;
    else high = middle;
  }
  return low;
}

function binaryIncludes(sorted: Int32Array, value: number): boolean {
  let low = 0;
  let high = sorted.length - 1;
  while (low <= high) {
    const middle = (low + high) >>> 1;
    const item = sorted[middle] as number;
    if (item === value) return true;
    if (item < value) low = middle + 1;
    else high = middle - 1;
  }
  return false;
}

/**
 * The synthetic X world: accounts, posts, engagement and the follow graph, all derived from a seed.
 *
 * Layout of account indices: 0–15 named accounts, 16 … accounts−1 ordinary accounts (held in memory),
 * then the benchmark crowd (generated on demand from its index, never stored).
 */
export class XWorld {
  readonly seed: string;
  readonly now: number;
  readonly accountCount: number;
  readonly crowdSize: number;
  readonly fixtures: {
    users: Record<NamedUserKey, { id: string; username: string }>;
    posts: Record<NamedPostKey, string>;
  };

  private readonly seedHash: number;
  private readonly userCache: (UserBase | undefined)[];
  private readonly statusOverrides = new Map<number, AccountStatus>();
  private readonly namedIndex = new Map<NamedUserKey, number>();
  private readonly namedByUsername = new Map<string, number>();
  private readonly storedTweets = new Map<string, SandboxTweet>();
  private readonly tweetsByAuthor = new Map<number, SandboxTweet[]>();
  private readonly engagements = new Map<string, Engagement>();
  private following: Int32Array[] = [];
  private followers: Int32Array[] = [];
  private storedCounter = namedPosts.length;
  private readonly benchPostId: string;
  private readonly benchPostAgeMs: number;
  private benchLists:
    | { likers: Int32Array; repliers: Int32Array; quoters: Int32Array; followers: Int32Array }
    | undefined;
  private readonly permutationStep: number;

  constructor(options: XWorldOptions = {}) {
    this.seed = String(options.seed ?? "dropfair");
    this.seedHash = hashString(this.seed);
    this.now = Math.floor((options.now ?? Date.now()) / second) * second;
    this.accountCount = options.accounts ?? 5000;
    this.crowdSize = options.benchEntrants ?? 100_000;
    if (this.accountCount < 1000) throw new Error("the world needs at least 1,000 accounts");
    if (this.crowdSize < 1 || this.crowdSize > maxFamilyIndex) {
      throw new Error(`benchEntrants must be between 1 and ${maxFamilyIndex}`);
    }
    this.userCache = new Array(this.accountCount);

    namedUsers.forEach((spec, slot) => {
      if (!/^[A-Za-z0-9_]{1,15}$/.test(spec.username)) throw new Error(`invalid username ${spec.username}`);
      this.namedIndex.set(spec.key, slot);
      this.namedByUsername.set(spec.username.toLowerCase(), slot);
    });

    const posts = {} as Record<NamedPostKey, string>;
    namedPosts.forEach((spec, counter) => {
      posts[spec.key] = postIdFor(spec.ageMs, postFamilies.stored, counter);
    });
    const users = {} as Record<NamedUserKey, { id: string; username: string }>;
    for (const spec of namedUsers) {
      const base = this.base(this.named(spec.key));
      users[spec.key] = { id: base.id, username: base.username };
    }
    this.fixtures = { users, posts };

    const benchSpec = namedPosts.find((spec) => spec.key === "bench");
    this.benchPostId = posts.bench;
    this.benchPostAgeMs = benchSpec?.ageMs ?? day;
    let step = 7919 + (this.seedHash % 1000);
    while (gcd(step, this.crowdSize) !== 1) step++;
    this.permutationStep = step;

    this.generate();
  }

  // ── accounts ──────────────────────────────────────────────────────────────

  get totalAccounts(): number {
    return this.accountCount + this.crowdSize;
  }

  /** The index of a named account. */
  named(key: NamedUserKey): number {
    const index = this.namedIndex.get(key);
    if (index === undefined) throw new Error(`no named account ${key}`);
    return index;
  }

  statusOf(index: number): AccountStatus {
    return this.statusOverrides.get(index) ?? this.base(index).status;
  }

  isActive(index: number): boolean {
    return this.statusOf(index) === "active";
  }

  /** The account with this id, whatever its status, or undefined if the id was never issued. */
  indexOfId(id: string): number | undefined {
    const index = indexFromUserId(id);
    if (index === undefined || index >= this.totalAccounts || !this.exists(index)) return undefined;
    return this.base(index).id === id ? index : undefined;
  }

  indexOfUsername(username: string): number | undefined {
    const lower = username.toLowerCase();
    const named = this.namedByUsername.get(lower);
    if (named !== undefined) return named;
    const match = /(\d+)$/.exec(lower);
    if (!match?.[1]) return undefined;
    const index = Number(match[1]);
    if (index < namedSlots || index >= this.totalAccounts) return undefined;
    return this.base(index).username.toLowerCase() === lower ? index : undefined;
  }

  getUser(id: string): SandboxUser | undefined {
    const index = this.indexOfId(id);
    return index === undefined ? undefined : this.user(index);
  }

  getUserByUsername(username: string): SandboxUser | undefined {
    const index = this.indexOfUsername(username);
    return index === undefined ? undefined : this.user(index);
  }

  /** The full truth about one account (any status). */
  user(index: number): SandboxUser {
    const base = this.base(index);
    const latest = this.latestTweetOf(index);
    const authored = this.tweetsByAuthor.get(index)?.length ?? 0;
    const avatarUrl = base.avatarUrl ?? defaultProfileImageUrl;
    return {
      index,
      id: base.id,
      username: base.username,
      name: base.name,
      kind: base.kind,
      status: this.statusOf(index),
      createdAt: new Date(this.now - base.ageMs).toISOString(),
      description: base.description,
      location: base.location,
      url: base.url,
      profileImageUrl: avatarUrl,
      hasDefaultProfileImage: base.avatarUrl === null,
      profileBannerUrl: base.bannerUrl,
      verified: base.verifiedType !== "none",
      verifiedType: base.verifiedType,
      protected: base.protected,
      publicMetrics: {
        followers_count: this.followerSeq(index).length + base.extraFollowers,
        following_count: this.followingSeq(index).length + base.extraFollowing,
        tweet_count: Math.max(base.tweetCount, authored),
        listed_count: base.listedCount,
        like_count: base.likeCount,
      },
      mostRecentTweetId: latest?.id ?? null,
      mostRecentTweetAt: latest?.createdAt ?? null,
    };
  }

  /** Accounts offered on the sandbox's "Sign in with X" page: the named ones, then a few ordinary ones. */
  signInAccounts(extra = 12): SandboxUser[] {
    const out: SandboxUser[] = [];
    for (const spec of namedUsers) {
      const index = this.named(spec.key);
      if (this.isActive(index)) out.push(this.user(index));
    }
    for (
      let index = namedSlots;
      index < this.accountCount && out.length < namedUsers.length + extra;
      index++
    ) {
      if (this.isActive(index) && !this.base(index).protected) out.push(this.user(index));
    }
    return out;
  }

  deleteUser(id: string): void {
    this.setUserStatus(id, "deleted");
  }

  suspendUser(id: string): void {
    this.setUserStatus(id, "suspended");
  }

  /** Back to the generated status. */
  restoreUser(id: string): void {
    const index = this.requireIndex(id);
    this.statusOverrides.delete(index);
  }

  /** Overrides an account's status (it shows in every list and lookup from now on). */
  setUserStatus(id: string, status: AccountStatus): void {
    this.statusOverrides.set(this.requireIndex(id), status);
  }

  private requireIndex(id: string): number {
    const index = this.indexOfId(id);
    if (index === undefined) throw new Error(`no account with id ${id}`);
    return index;
  }

  private exists(index: number): boolean {
    return index >= 0 && (index >= namedSlots || index < namedUsers.length);
  }

  private base(index: number): UserBase {
    if (index < this.accountCount) {
      const cached = this.userCache[index];
      if (cached) return cached;
      const built = index < namedSlots ? this.buildNamed(index) : this.buildGenerated(index, "regular");
      this.userCache[index] = built;
      return built;
    }
    return this.buildGenerated(index, "crowd");
  }

  private buildNamed(slot: number): UserBase {
    const spec = namedUsers[slot];
    if (!spec) throw new Error(`no named account in slot ${slot}`);
    const id = userIdFor(slot, spec.ageMs);
    return {
      index: slot,
      id,
      username: spec.username,
      name: spec.name,
      kind: "named",
      status: spec.status,
      ageMs: spec.ageMs,
      description: spec.description,
      location: spec.location,
      url: spec.url,
      avatarUrl: spec.avatar
        ? `https://pbs.twimg.com/profile_images/17${id.slice(-8)}0/${spec.username}_normal.jpg`
        : null,
      bannerUrl: spec.banner
        ? `https://pbs.twimg.com/profile_banners/${id}/${Math.floor((this.now - spec.ageMs / 3) / 1000)}`
        : null,
      verifiedType: spec.verifiedType,
      protected: false,
      tweetCount: spec.tweetCount,
      listedCount: spec.listedCount,
      likeCount: spec.tweetCount * 3,
      extraFollowers: 0,
      extraFollowing: 0,
      graphOut: 0,
      popularity: 0,
      latestPostAgeMs: null,
    };
  }

  private buildGenerated(index: number, kind: "regular" | "crowd"): UserBase {
    const rng = new Rng(mix(this.seedHash, streams.user, index));
    const quality = rng.next();
    const ageRoll = rng.next();
    const newShare = kind === "crowd" ? 0.15 : 0.08;
    let ageDays: number;
    if (ageRoll < newShare) ageDays = 0.2 + rng.next() * 29.8;
    else if (ageRoll < newShare + 0.15) ageDays = 30 + rng.next() * 335;
    else ageDays = 365 + rng.next() ** 1.3 * 4635;
    const ageMs = roundToSecond(ageDays * day);
    const lowEffort = rng.chance((ageDays < 30 ? 0.6 : 0.12) + (1 - quality) * 0.2);

    const first = rng.pick(firstNames);
    const name = `${first}${rng.chance(0.5) ? ` ${rng.pick(lastNames)}` : ""}${rng.pick(nameDecorations)}`;
    const digits = String(index);
    const pattern = rng.int(0, 3);
    const wordA = rng.pick(handleWords);
    const wordB = rng.pick(handleWords);
    const firstLower = first.toLowerCase().replace(/[^a-z]/g, "");
    const stem =
      pattern === 0
        ? `${wordA}${wordB}`
        : pattern === 1
          ? `${firstLower}_${wordA}`
          : pattern === 2
            ? `${wordA}_${firstLower}`
            : `${firstLower}${wordB}`;
    const letters = stem.slice(0, 15 - digits.length).replace(/_+$/, "") || "user";
    const username = `${letters}${digits}`;

    const id = userIdFor(index, ageMs);
    const avatarUrl = rng.chance(lowEffort ? 0.75 : 0.08)
      ? null
      : `https://pbs.twimg.com/profile_images/${1300000000000000000n + BigInt(rng.uint32()) * 1000n}/${hex(rng, 8)}_normal.jpg`;
    const bannerUrl = rng.chance(lowEffort ? 0.9 : 0.35)
      ? null
      : `https://pbs.twimg.com/profile_banners/${id}/${Math.floor((this.now - ageMs * rng.next()) / 1000)}`;
    let description = "";
    if (!rng.chance(lowEffort ? 0.8 : 0.12)) {
      description = rng.pick(bioPhrases);
      if (rng.chance(0.5)) description += ` | ${rng.pick(bioPhrases)}`;
      if (rng.chance(0.3)) description += ` ${rng.pick(["🚀", "🌱", "🦇", "✨", "🎮", "📈"])}`;
    }
    const location = rng.chance(lowEffort ? 0.85 : 0.4) ? "" : rng.pick(locations);
    const url = rng.chance(0.1) ? `https://t.co/${hex(rng, 10)}` : "";
    const verifiedRoll = rng.next();
    const verifiedType: VerifiedType = lowEffort
      ? verifiedRoll < 0.02
        ? "blue"
        : "none"
      : verifiedRoll < 0.07
        ? "blue"
        : verifiedRoll < 0.08
          ? "business"
          : verifiedRoll < 0.082
            ? "government"
            : "none";
    const isProtected = kind === "regular" && rng.chance(0.02);
    const tweetCount = rng.chance(lowEffort ? 0.3 : 0.06) ? 0 : Math.floor(Math.exp(rng.next() * 9.2));
    let latestPostAgeMs: number | null = null;
    if (tweetCount > 0) {
      latestPostAgeMs = roundToSecond(400 * day * rng.next() ** 2);
      if (latestPostAgeMs >= ageMs) latestPostAgeMs = roundToSecond(ageMs * rng.next());
    }
    const popularity = (0.2 + quality) * Math.exp(rng.next() * 4);
    const statusRoll = unit(this.seedHash, streams.status, index);
    return {
      index,
      id,
      username,
      name,
      kind,
      status: statusRoll < 0.01 ? "suspended" : statusRoll < 0.015 ? "deleted" : "active",
      ageMs,
      description,
      location,
      url,
      avatarUrl,
      bannerUrl,
      verifiedType,
      protected: isProtected,
      tweetCount,
      listedCount: quality > 0.5 ? Math.floor(Math.exp(rng.next() * 4)) - 1 : 0,
      likeCount: Math.floor(Math.exp(rng.next() * 9)),
      extraFollowers: lowEffort ? rng.int(0, 20) : Math.floor(Math.exp(rng.next() * 7 * (0.5 + quality))),
      extraFollowing: lowEffort ? rng.int(0, 60) : Math.floor(Math.exp(rng.next() * 6)),
      graphOut: lowEffort ? rng.int(0, 5) : Math.min(300, Math.floor(Math.exp(rng.next() * 5))),
      popularity,
      latestPostAgeMs,
    };
  }

  // ── follow graph ──────────────────────────────────────────────────────────

  /** Followers in the order the API serves them (user indices). */
  followerSeq(index: number): Seq<number> {
    if (index >= this.accountCount) return emptySeq;
    const stored = intSeq(this.followers[index] ?? new Int32Array(0));
    if (index === this.named("benchHost")) return concatSeq(intSeq(this.benchData().followers), stored);
    return stored;
  }

  followingSeq(index: number): Seq<number> {
    if (index >= this.accountCount) {
      return this.crowdFollowsBench(index - this.accountCount)
        ? arraySeq([this.named("benchHost")])
        : emptySeq;
    }
    return intSeq(this.following[index] ?? new Int32Array(0));
  }

  /** Does account `follower` follow account `followee`? */
  follows(follower: number, followee: number): boolean {
    if (follower >= this.accountCount) {
      return followee === this.named("benchHost") && this.crowdFollowsBench(follower - this.accountCount);
    }
    const list = this.following[follower];
    return list ? binaryIncludes(list, followee) : false;
  }

  private crowdFollowsBench(offset: number): boolean {
    return unit(this.seedHash, streams.benchFollow, offset) < 0.8;
  }

  // ── posts ─────────────────────────────────────────────────────────────────

  /** Any post the world ever had, including ones whose author is gone (check `isVisible`). */
  tweet(id: string): SandboxTweet | undefined {
    // The benchmark post's counts come from its lazily built lists.
    if (id === this.benchPostId) this.benchData();
    const stored = this.storedTweets.get(id);
    if (stored) return stored;
    const decoded = postFamilyOf(id);
    if (!decoded) return undefined;
    let candidate: SandboxTweet | undefined;
    if (decoded.family === postFamilies.latest) {
      if (decoded.index < this.totalAccounts && this.exists(decoded.index)) {
        candidate = this.latestGenericTweet(decoded.index);
      }
    } else if (decoded.family === postFamilies.benchReply) {
      if (decoded.index < this.crowdSize && this.isBenchReplier(decoded.index)) {
        candidate = this.benchReply(decoded.index);
      }
    } else if (decoded.family === postFamilies.benchQuote) {
      if (decoded.index < this.crowdSize && this.isBenchQuoter(decoded.index)) {
        candidate = this.benchQuote(decoded.index);
      }
    }
    return candidate?.id === id ? candidate : undefined;
  }

  /** A post as the API would serve it: it exists and its author is active. */
  getTweet(id: string): SandboxTweet | undefined {
    const found = this.tweet(id);
    return found && this.isVisible(found) ? found : undefined;
  }

  isVisible(tweet: SandboxTweet): boolean {
    return this.isActive(tweet.authorIndex);
  }

  /** Retweeters (user indices, API order), ghosts (suspended or deleted accounts) included. */
  retweeterSeq(postId: string): Seq<number> {
    return this.engagement(postId)?.retweeters ?? emptySeq;
  }

  likerSeq(postId: string): Seq<number> {
    return this.engagement(postId)?.likers ?? emptySeq;
  }

  /** Quote posts, newest first, including those of gone authors. */
  quoteSeq(postId: string): Seq<SandboxTweet> {
    return this.engagement(postId)?.quotes ?? emptySeq;
  }

  /** Every post of the conversation rooted at `conversationId`, newest first, the root last. */
  conversationSeq(conversationId: string): Seq<SandboxTweet> {
    const root = this.tweet(conversationId);
    if (!root || root.conversationId !== conversationId) return emptySeq;
    const replies = this.engagement(conversationId)?.conversation ?? emptySeq;
    return concatSeq(replies, arraySeq([root]));
  }

  /** Posts by one account, newest first. */
  authoredSeq(index: number): Seq<SandboxTweet> {
    const tweets = [...(this.tweetsByAuthor.get(index) ?? [])];
    const latest = this.latestGenericTweet(index);
    if (latest) tweets.push(latest);
    if (index >= this.accountCount) {
      const offset = index - this.accountCount;
      if (this.isBenchReplier(offset)) tweets.push(this.benchReply(offset));
      if (this.isBenchQuoter(offset)) tweets.push(this.benchQuote(offset));
    }
    tweets.sort(newestFirst);
    return arraySeq(tweets);
  }

  // ── truth helpers for tests ───────────────────────────────────────────────

  /** Ids of the active accounts that reposted the post, in API order. */
  retweeterIds(postId: string): string[] {
    return this.activeIds(this.retweeterSeq(postId));
  }

  likingUserIds(postId: string): string[] {
    return this.activeIds(this.likerSeq(postId));
  }

  followerIds(userId: string): string[] {
    const index = this.indexOfId(userId);
    return index === undefined ? [] : this.activeIds(this.followerSeq(index));
  }

  followingIds(userId: string): string[] {
    const index = this.indexOfId(userId);
    return index === undefined ? [] : this.activeIds(this.followingSeq(index));
  }

  /** Visible quote posts of the post, newest first. */
  quotes(postId: string): SandboxTweet[] {
    return toArray(this.quoteSeq(postId)).filter((tweet) => this.isVisible(tweet));
  }

  /**
   * Visible replies in the post's conversation, newest first. With `since` (ms), only those created at or
   * after it: pass `now − 7 days` to get what recent search can return.
   */
  replies(postId: string, options: { since?: number } = {}): SandboxTweet[] {
    const since = options.since ?? Number.NEGATIVE_INFINITY;
    return toArray(this.conversationSeq(postId)).filter(
      (tweet) => tweet.kind === "reply" && this.isVisible(tweet) && Date.parse(tweet.createdAt) >= since,
    );
  }

  /** Active accounts that reposted, quoted or replied (any age), as ids. */
  entrantIds(postId: string): string[] {
    const ids = new Set(this.retweeterIds(postId));
    for (const tweet of this.quotes(postId)) ids.add(tweet.authorId);
    for (const tweet of this.replies(postId)) ids.add(tweet.authorId);
    return [...ids];
  }

  private activeIds(seq: Seq<number>): string[] {
    const out: string[] = [];
    for (let i = 0; i < seq.length; i++) {
      const index = seq.at(i);
      if (this.isActive(index)) out.push(this.base(index).id);
    }
    return out;
  }

  // ── generation ────────────────────────────────────────────────────────────

  private generate(): void {
    const rng = new Rng(mix(this.seedHash, streams.posts));
    const named = (key: NamedUserKey) => this.named(key);

    const eligible: number[] = [];
    const ghosts: number[] = [];
    for (let index = namedSlots; index < this.accountCount; index++) {
      const base = this.base(index);
      if (base.status !== "active") ghosts.push(index);
      else if (!base.protected) eligible.push(index);
    }
    const samplePool = (count: number): number[] => rng.shuffle([...eligible]).slice(0, count);
    const sampleGhosts = (count: number): number[] => rng.shuffle([...ghosts]).slice(0, count);

    const postOf = (key: NamedPostKey) => {
      const counter = namedPosts.findIndex((spec) => spec.key === key);
      const spec = namedPosts[counter];
      if (!spec) throw new Error(`no named post ${key}`);
      return this.storeTweet(
        { authorIndex: named(spec.author), ageMs: spec.ageMs, text: spec.text, kind: "post" },
        counter,
      );
    };

    const entrants = new Set<number>();
    const campaign = (key: NamedPostKey, plan: CampaignPlan) => {
      const root = postOf(key);
      const pool = samplePool(plan.pool);
      for (const index of pool) entrants.add(index);
      this.buildCampaign(root, rng, pool, plan, sampleGhosts);
    };

    campaign("giveaway", {
      pool: 290,
      retweetShare: 0.9,
      likeShare: 0.8,
      replyShare: 0.45,
      quoteShare: 0.1,
      replyAges: [20 * minute, 10 * day + 3 * hour],
      extraRetweeters: [named("alice"), named("bob"), named("newbie"), named("suspended"), named("deleted")],
      extraLikers: [named("alice"), named("newbie"), named("deleted")],
      scriptedReplies: [
        {
          author: named("alice"),
          ageMs: 3 * day + 4 * hour,
          text: "Done ✅ 0x4b20993bc481177ec7e8f571cecae8a9e22c02db",
        },
        {
          author: named("bob"),
          ageMs: 8 * day + 4 * hour,
          text: "in 0x71c7656ec7ab88b098defb751b7401b5f6d8976f",
        },
        { author: named("newbie"), ageMs: 1 * day, text: "first giveaway!" },
        { author: named("suspended"), ageMs: 2 * day, text: "in" },
      ],
      ghostRetweeters: 4,
      ghostReplies: 2,
      hostReplies: 10,
    });
    campaign("recent", {
      pool: 40,
      retweetShare: 0.85,
      likeShare: 0.75,
      replyShare: 0.55,
      quoteShare: 0.08,
      replyAges: [10 * minute, 2 * day + 5 * hour],
      extraRetweeters: [named("alice")],
      extraLikers: [],
      scriptedReplies: [
        {
          author: named("alice"),
          ageMs: 1 * day + 2 * hour,
          text: "0x4b20993bc481177ec7e8f571cecae8a9e22c02db",
        },
      ],
      ghostRetweeters: 1,
      ghostReplies: 0,
      hostReplies: 2,
    });
    campaign("old", {
      pool: 60,
      retweetShare: 0.85,
      likeShare: 0.7,
      replyShare: 0.45,
      quoteShare: 0.08,
      replyAges: [8 * day, 30 * day],
      extraRetweeters: [],
      extraLikers: [],
      scriptedReplies: [],
      ghostRetweeters: 1,
      ghostReplies: 0,
      hostReplies: 2,
    });
    campaign("partner", {
      pool: 80,
      retweetShare: 0.9,
      likeShare: 0.8,
      replyShare: 0.15,
      quoteShare: 0.05,
      replyAges: [1 * hour, 5 * day],
      extraRetweeters: [named("alice"), named("carol")],
      extraLikers: [named("carol")],
      scriptedReplies: [],
      ghostRetweeters: 1,
      ghostReplies: 0,
      hostReplies: 0,
    });
    const bench = postOf("bench");
    this.engagements.set(bench.id, this.benchEngagement());

    this.buildGraph(entrants);
  }

  private storeTweet(
    fields: Omit<SandboxTweet, "id" | "authorId" | "createdAt" | "conversationId" | "publicMetrics"> & {
      conversationId?: string;
      publicMetrics?: TweetPublicMetrics;
    },
    counter = this.storedCounter++,
  ): SandboxTweet {
    const id = postIdFor(fields.ageMs, postFamilies.stored, counter);
    const tweet: SandboxTweet = {
      ...fields,
      id,
      authorId: this.base(fields.authorIndex).id,
      createdAt: new Date(this.now - fields.ageMs).toISOString(),
      conversationId: fields.conversationId ?? id,
      publicMetrics: fields.publicMetrics ?? zeroMetrics(),
    };
    this.storedTweets.set(id, tweet);
    const authored = this.tweetsByAuthor.get(fields.authorIndex);
    if (authored) authored.push(tweet);
    else this.tweetsByAuthor.set(fields.authorIndex, [tweet]);
    return tweet;
  }

  private buildCampaign(
    root: SandboxTweet,
    rng: Rng,
    pool: number[],
    plan: CampaignPlan,
    sampleGhosts: (count: number) => number[],
  ): void {
    const host = this.base(root.authorIndex);
    const ghosts = sampleGhosts(plan.ghostRetweeters + plan.ghostReplies);
    const retweeters = [
      ...pool.filter(() => rng.chance(plan.retweetShare)),
      ...plan.extraRetweeters,
      ...ghosts.slice(0, plan.ghostRetweeters),
    ];
    const likers = [
      ...pool.filter(() => rng.chance(plan.likeShare)),
      ...plan.extraLikers,
      ...ghosts.slice(0, 1),
    ];
    rng.shuffle(retweeters);
    rng.shuffle(likers);

    const maxAge = root.ageMs - minute;
    const replyAge = () => {
      const [low, high] = plan.replyAges;
      return roundToSecond(Math.min(maxAge, low + rng.next() * (high - low)));
    };
    const mention = (text: string): Pick<SandboxTweet, "text" | "mentions"> => {
      const handle = `@${host.username}`;
      return {
        text: `${handle} ${text}`,
        mentions: [{ start: 0, end: handle.length, username: host.username, id: host.id }],
      };
    };
    const reply = (author: number, ageMs: number, text: string, parent: SandboxTweet = root) => {
      const parentAuthor = this.base(parent.authorIndex);
      const body =
        parent === root
          ? mention(text)
          : {
              text: `@${parentAuthor.username} ${text}`,
              mentions: [
                {
                  start: 0,
                  end: parentAuthor.username.length + 1,
                  username: parentAuthor.username,
                  id: parentAuthor.id,
                },
              ],
            };
      return this.storeTweet({
        ...body,
        kind: "reply",
        authorIndex: author,
        ageMs: Math.min(ageMs, parent.ageMs - second),
        conversationId: root.id,
        inReplyToUserId: parentAuthor.id,
        referencedTweets: [{ type: "replied_to", id: parent.id }],
        publicMetrics: smallMetrics(rng),
      });
    };

    const replies: SandboxTweet[] = [];
    for (const author of pool) {
      if (!rng.chance(plan.replyShare)) continue;
      replies.push(reply(author, replyAge(), `${rng.pick(replyPhrases)}${walletText(rng)}`));
      if (rng.chance(0.05)) replies.push(reply(author, replyAge(), rng.pick(replyPhrases)));
    }
    for (const scripted of plan.scriptedReplies) {
      replies.push(reply(scripted.author, Math.min(scripted.ageMs, maxAge), scripted.text));
    }
    for (const ghost of ghosts.slice(plan.ghostRetweeters)) {
      replies.push(reply(ghost, replyAge(), `${rng.pick(replyPhrases)}${walletText(rng)}`));
    }
    const parents = rng.shuffle([...replies]).slice(0, plan.hostReplies);
    for (const parent of parents) {
      replies.push(
        reply(
          root.authorIndex,
          roundToSecond(parent.ageMs * rng.next()),
          rng.pick(["Good luck!", "Thanks for joining 🙏", "Noted ✅"]),
          parent,
        ),
      );
    }
    replies.sort(newestFirst);

    const quotes: SandboxTweet[] = [];
    for (const author of pool) {
      if (!rng.chance(plan.quoteShare)) continue;
      quotes.push(
        this.storeTweet({
          kind: "quote",
          authorIndex: author,
          ageMs: roundToSecond(maxAge * rng.next()),
          text: `${rng.pick(quotePhrases)} https://t.co/${hex(rng, 10)}`,
          referencedTweets: [{ type: "quoted", id: root.id }],
          publicMetrics: smallMetrics(rng),
        }),
      );
    }
    quotes.sort(newestFirst);

    root.publicMetrics = {
      retweet_count: retweeters.length,
      reply_count: replies.length,
      like_count: likers.length,
      quote_count: quotes.length,
      bookmark_count: Math.floor(likers.length / 9),
      impression_count: (retweeters.length + likers.length) * 37 + 1200,
    };
    this.engagements.set(root.id, {
      retweeters: intSeq(Int32Array.from(retweeters)),
      likers: intSeq(Int32Array.from(likers)),
      quotes: arraySeq(quotes),
      conversation: arraySeq(replies),
    });
  }

  private buildGraph(entrants: Set<number>): void {
    const rng = new Rng(mix(this.seedHash, streams.graph));
    const count = this.accountCount;
    const cumulative = new Float64Array(count);
    let total = 0;
    for (let index = 0; index < count; index++) {
      total += index < namedSlots ? 0 : this.base(index).popularity;
      cumulative[index] = total;
    }
    const outgoing: Set<number>[] = [];
    for (let index = 0; index < count; index++) outgoing.push(new Set());
    const follow = (from: number, to: number) => {
      if (from !== to) outgoing[from]?.add(to);
    };

    const host = this.named("host");
    const partner = this.named("partner");
    const benchHost = this.named("benchHost");
    for (let index = namedSlots; index < count; index++) {
      const base = this.base(index);
      const wanted = Math.min(base.graphOut, count - namedSlots - 1);
      for (let attempt = 0; outgoing[index]!.size < wanted && attempt < wanted * 4; attempt++) {
        follow(index, lowerBound(cumulative, rng.next() * total));
      }
      const entrant = entrants.has(index);
      if (rng.chance(entrant ? 0.7 : 0.06)) follow(index, host);
      if (rng.chance(entrant ? 0.5 : 0.03)) follow(index, partner);
      if (unit(this.seedHash, streams.regularFollowBench, index) < 0.03) follow(index, benchHost);
    }
    const explicit: [NamedUserKey, NamedUserKey[]][] = [
      ["host", ["partner", "admin", "alice"]],
      ["partner", ["host"]],
      ["benchHost", ["host"]],
      ["admin", ["host", "partner"]],
      ["alice", ["host", "partner", "admin"]],
      ["carol", ["host"]],
      ["newbie", ["host", "partner"]],
      ["suspended", ["host", "partner"]],
      ["deleted", ["host"]],
    ];
    for (const [from, targets] of explicit) {
      for (const to of targets) follow(this.named(from), this.named(to));
    }
    for (let index = namedSlots; index < count && outgoing[host]!.size < 60; index += 37) {
      if (this.base(index).status === "active") follow(host, index);
    }

    const followerCounts = new Int32Array(count);
    this.following = outgoing.map((targets) => {
      const sorted = Int32Array.from(targets).sort();
      for (const target of sorted) followerCounts[target] = (followerCounts[target] ?? 0) + 1;
      return sorted;
    });
    this.followers = Array.from({ length: count }, (_, index) => new Int32Array(followerCounts[index] ?? 0));
    const filled = new Int32Array(count);
    // Newest accounts first: a plausible stand-in for "most recent followers first".
    for (let from = count - 1; from >= 0; from--) {
      for (const to of this.following[from] ?? []) {
        const list = this.followers[to] as Int32Array;
        list[filled[to] as number] = from;
        filled[to] = (filled[to] ?? 0) + 1;
      }
    }
  }

  // ── the benchmark post, generated on demand ──────────────────────────────

  private benchEngagement(): Engagement {
    const crowdStart = this.accountCount;
    const size = this.crowdSize;
    const step = this.permutationStep;
    return {
      // Every crowd account reposted: a fixed permutation of the crowd.
      retweeters: functionSeq(size, (position) => crowdStart + ((position * step + 11) % size)),
      ...this.lazyBenchLists(),
    };
  }

  private lazyBenchLists(): Pick<Engagement, "likers" | "quotes" | "conversation"> {
    const world = this;
    return {
      likers: {
        get length() {
          return world.benchData().likers.length;
        },
        at: (position) => world.benchData().likers[position] as number,
      },
      quotes: {
        get length() {
          return world.benchData().quoters.length;
        },
        at: (position) => world.benchQuote(world.benchData().quoters[position] as number),
      },
      conversation: {
        get length() {
          return world.benchData().repliers.length;
        },
        at: (position) => world.benchReply(world.benchData().repliers[position] as number),
      },
    };
  }

  private benchData(): {
    likers: Int32Array;
    repliers: Int32Array;
    quoters: Int32Array;
    followers: Int32Array;
  } {
    if (this.benchLists) return this.benchLists;
    const likers: number[] = [];
    const repliers: number[] = [];
    const quoters: number[] = [];
    const followers: number[] = [];
    for (let offset = 0; offset < this.crowdSize; offset++) {
      const index = this.accountCount + offset;
      if (unit(this.seedHash, streams.benchLike, offset) < 0.55) likers.push(index);
      if (this.isBenchReplier(offset)) repliers.push(offset);
      if (this.isBenchQuoter(offset)) quoters.push(offset);
      if (this.crowdFollowsBench(offset)) followers.push(index);
    }
    const byAge = (stream: number) => (a: number, b: number) =>
      this.benchAgeMs(stream, a) - this.benchAgeMs(stream, b) || b - a;
    repliers.sort(byAge(streams.benchReplyAge));
    quoters.sort(byAge(streams.benchQuoteAge));
    followers.reverse();
    this.benchLists = {
      likers: Int32Array.from(likers),
      repliers: Int32Array.from(repliers),
      quoters: Int32Array.from(quoters),
      followers: Int32Array.from(followers),
    };
    const root = this.storedTweets.get(this.benchPostId);
    if (root) {
      root.publicMetrics = {
        retweet_count: this.crowdSize,
        reply_count: repliers.length,
        like_count: likers.length,
        quote_count: quoters.length,
        bookmark_count: Math.floor(likers.length / 20),
        impression_count: this.crowdSize * 41,
      };
    }
    return this.benchLists;
  }

  private isBenchReplier(offset: number): boolean {
    return unit(this.seedHash, streams.benchReply, offset) < 0.3;
  }

  private isBenchQuoter(offset: number): boolean {
    return unit(this.seedHash, streams.benchQuote, offset) < 0.05;
  }

  private benchAgeMs(stream: number, offset: number): number {
    return roundToSecond(30 * second + unit(this.seedHash, stream, offset) * (this.benchPostAgeMs - minute));
  }

  private benchReply(offset: number): SandboxTweet {
    const rng = new Rng(mix(this.seedHash, streams.benchReply, offset, 1));
    const host = this.base(this.named("benchHost"));
    const ageMs = this.benchAgeMs(streams.benchReplyAge, offset);
    const handle = `@${host.username}`;
    return {
      id: postIdFor(ageMs, postFamilies.benchReply, offset),
      text: `${handle} ${rng.pick(replyPhrases)}${walletText(rng)}`,
      kind: "reply",
      authorIndex: this.accountCount + offset,
      authorId: this.base(this.accountCount + offset).id,
      ageMs,
      createdAt: new Date(this.now - ageMs).toISOString(),
      conversationId: this.benchPostId,
      inReplyToUserId: host.id,
      referencedTweets: [{ type: "replied_to", id: this.benchPostId }],
      mentions: [{ start: 0, end: handle.length, username: host.username, id: host.id }],
      publicMetrics: smallMetrics(rng),
    };
  }

  private benchQuote(offset: number): SandboxTweet {
    const rng = new Rng(mix(this.seedHash, streams.benchQuote, offset, 1));
    const ageMs = this.benchAgeMs(streams.benchQuoteAge, offset);
    const id = postIdFor(ageMs, postFamilies.benchQuote, offset);
    return {
      id,
      text: `${rng.pick(quotePhrases)} https://t.co/${hex(rng, 10)}`,
      kind: "quote",
      authorIndex: this.accountCount + offset,
      authorId: this.base(this.accountCount + offset).id,
      ageMs,
      createdAt: new Date(this.now - ageMs).toISOString(),
      conversationId: id,
      referencedTweets: [{ type: "quoted", id: this.benchPostId }],
      publicMetrics: smallMetrics(rng),
    };
  }

  // ── latest posts ──────────────────────────────────────────────────────────

  private latestGenericTweet(index: number): SandboxTweet | undefined {
    const base = this.base(index);
    if (base.latestPostAgeMs === null) return undefined;
    const rng = new Rng(mix(this.seedHash, streams.posts, index, 7));
    const id = postIdFor(base.latestPostAgeMs, postFamilies.latest, index);
    return {
      id,
      text: rng.pick(postTexts),
      kind: "post",
      authorIndex: index,
      authorId: base.id,
      ageMs: base.latestPostAgeMs,
      createdAt: new Date(this.now - base.latestPostAgeMs).toISOString(),
      conversationId: id,
      publicMetrics: smallMetrics(rng),
    };
  }

  private latestTweetOf(index: number): SandboxTweet | undefined {
    const seq = this.authoredSeq(index);
    return seq.length > 0 ? seq.at(0) : undefined;
  }

  private engagement(postId: string): Engagement | undefined {
    return this.engagements.get(postId);
  }
}

/** Newest first; equal times by id, so list order always matches id order. */
function newestFirst(a: SandboxTweet, b: SandboxTweet): number {
  return a.ageMs - b.ageMs || (BigInt(b.id) > BigInt(a.id) ? 1 : -1);
}

function gcd(a: number, b: number): number {
  let x = a;
  let y = b;
  while (y !== 0) [x, y] = [y, x % y];
  return x;
}

function zeroMetrics(): TweetPublicMetrics {
  return {
    retweet_count: 0,
    reply_count: 0,
    like_count: 0,
    quote_count: 0,
    bookmark_count: 0,
    impression_count: 0,
  };
}

function smallMetrics(rng: Rng): TweetPublicMetrics {
  const likes = Math.floor(Math.exp(rng.next() * 3)) - 1;
  return {
    retweet_count: Math.floor(likes / 4),
    reply_count: rng.int(0, 2),
    like_count: likes,
    quote_count: 0,
    bookmark_count: 0,
    impression_count: likes * 20 + rng.int(5, 80),
  };
}
