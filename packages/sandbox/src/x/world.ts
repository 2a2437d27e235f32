// The synthetic X world: the XWorld class, its indexes and queries. Its records are in ./world/types.ts, the
// named fixtures in ./world/fixtures.ts, and the generators (accounts, campaigns, follow graph, the
// benchmark crowd) in the other ./world/ files.
import { indexFromUserId, maxFamilyIndex, postFamilies, postFamilyOf, postIdFor } from "./ids.ts";
import { hashString, mix, Rng, streams } from "./prng.ts";
import { arraySeq, concatSeq, emptySeq, intSeq, type Seq, toArray } from "./seq.ts";
import { postTexts } from "./words.ts";
import { buildGenerated, buildNamed } from "./world/accounts.ts";
import { BenchPost } from "./world/bench.ts";
import { buildCampaign, type CampaignPlan, type NewTweet } from "./world/campaign.ts";
import {
  type CampaignSpec,
  type NamedPostKey,
  type NamedUserKey,
  namedCampaigns,
  namedPosts,
  namedSlots,
  namedUsers,
} from "./world/fixtures.ts";
import { buildGraph } from "./world/graph.ts";
import { RecordedActions } from "./world/recorded.ts";
import {
  type AccountStatus,
  defaultProfileImageUrl,
  type Engagement,
  type SandboxTweet,
  type SandboxUser,
  type TweetPublicMetrics,
  type UserBase,
  type XWorldOptions,
} from "./world/types.ts";
import { binaryIncludes, day, newestFirst, second, smallMetrics, zeroMetrics } from "./world/util.ts";

export type { NamedPostKey, NamedUserKey } from "./world/fixtures.ts";
export type {
  AccountKind,
  AccountStatus,
  Mention,
  ReferencedTweet,
  SandboxTweet,
  SandboxUser,
  TweetPublicMetrics,
  UserPublicMetrics,
  VerifiedType,
  XWorldOptions,
} from "./world/types.ts";
export { defaultProfileImageUrl } from "./world/types.ts";

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
  private readonly recorded = new RecordedActions();
  private following: Int32Array[] = [];
  private followers: Int32Array[] = [];
  private storedCounter = namedPosts.length;
  private readonly benchPostId: string;
  private readonly bench: BenchPost;

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
    this.bench = new BenchPost({
      seedHash: this.seedHash,
      now: this.now,
      accountCount: this.accountCount,
      crowdSize: this.crowdSize,
      postId: posts.bench,
      postAgeMs: benchSpec?.ageMs ?? day,
      hostIndex: this.named("benchHost"),
      base: (index) => this.base(index),
      root: () => this.storedTweets.get(posts.bench),
    });

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
      const built =
        index < namedSlots
          ? buildNamed(index, this.now)
          : buildGenerated(this.seedHash, this.now, index, "regular");
      this.userCache[index] = built;
      return built;
    }
    return buildGenerated(this.seedHash, this.now, index, "crowd");
  }

  // ── follow graph ──────────────────────────────────────────────────────────

  /** Followers in the order the API serves them (user indices). */
  followerSeq(index: number): Seq<number> {
    if (index >= this.accountCount) return emptySeq;
    const stored = this.recorded.followersBefore(index, intSeq(this.followers[index] ?? new Int32Array(0)));
    if (index === this.named("benchHost")) return concatSeq(intSeq(this.bench.data().followers), stored);
    return stored;
  }

  followingSeq(index: number): Seq<number> {
    if (index >= this.accountCount) {
      return this.bench.followsHost(index - this.accountCount)
        ? arraySeq([this.named("benchHost")])
        : emptySeq;
    }
    return this.recorded.followingBefore(index, intSeq(this.following[index] ?? new Int32Array(0)));
  }

  /** Does account `follower` follow account `followee`? */
  follows(follower: number, followee: number): boolean {
    if (this.recorded.follows(follower, followee)) return true;
    if (follower >= this.accountCount) {
      return followee === this.named("benchHost") && this.bench.followsHost(follower - this.accountCount);
    }
    const list = this.following[follower];
    return list ? binaryIncludes(list, followee) : false;
  }

  // ── posts ─────────────────────────────────────────────────────────────────

  /** Any post the world ever had, including ones whose author is gone (check `isVisible`). */
  tweet(id: string): SandboxTweet | undefined {
    if (this.recorded.isDeleted(id)) return undefined;
    // The benchmark post's counts come from its lazily built lists.
    if (id === this.benchPostId) this.bench.data();
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
      if (decoded.index < this.crowdSize && this.bench.isReplier(decoded.index)) {
        candidate = this.bench.reply(decoded.index);
      }
    } else if (decoded.family === postFamilies.benchQuote) {
      if (decoded.index < this.crowdSize && this.bench.isQuoter(decoded.index)) {
        candidate = this.bench.quote(decoded.index);
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
    return this.recorded.retweetersBefore(postId, this.engagement(postId)?.retweeters ?? emptySeq);
  }

  likerSeq(postId: string): Seq<number> {
    return this.recorded.likersBefore(postId, this.engagement(postId)?.likers ?? emptySeq);
  }

  /** Quote posts, newest first, including those of gone authors. */
  quoteSeq(postId: string): Seq<SandboxTweet> {
    return this.recorded.quotesBefore(postId, this.engagement(postId)?.quotes ?? emptySeq);
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
      if (this.bench.isReplier(offset)) tweets.push(this.bench.reply(offset));
      if (this.bench.isQuoter(offset)) tweets.push(this.bench.quote(offset));
    }
    tweets.sort(newestFirst);
    return arraySeq(tweets);
  }

  // ── recorded engagement (tests and the e2e act as users) ──────────────────

  /** `userId` reposts the post; false when it already had. */
  recordRetweet(postId: string, userId: string): boolean {
    const user = this.requireIndex(userId);
    return !seqIncludes(this.retweeterSeq(postId), user) && this.recorded.retweet(postId, user);
  }

  recordLike(postId: string, userId: string): boolean {
    const user = this.requireIndex(userId);
    return !seqIncludes(this.likerSeq(postId), user) && this.recorded.like(postId, user);
  }

  recordFollow(followerId: string, followeeId: string): boolean {
    const follower = this.requireIndex(followerId);
    const followee = this.requireIndex(followeeId);
    return !this.follows(follower, followee) && this.recorded.follow(follower, followee);
  }

  /** A new post by `authorId`, created now (or at `createdAt`); with `quoteOf` it quotes that post. */
  publishPost(input: {
    authorId: string;
    text: string;
    quoteOf?: string;
    publicMetrics?: Partial<TweetPublicMetrics>;
    createdAt?: string;
  }): SandboxTweet {
    const quoted = input.quoteOf === undefined ? undefined : this.getTweet(input.quoteOf);
    if (input.quoteOf !== undefined && !quoted) throw new Error(`no post with id ${input.quoteOf}`);
    const tweet = this.storeTweet({
      authorIndex: this.requireIndex(input.authorId),
      ageMs: input.createdAt === undefined ? 0 : this.now - Date.parse(input.createdAt),
      text: input.text,
      kind: quoted ? "quote" : "post",
      publicMetrics: { ...zeroMetrics(), ...input.publicMetrics },
      ...(quoted ? { referencedTweets: [{ type: "quoted" as const, id: quoted.id }] } : {}),
    });
    if (quoted) this.recorded.quote(quoted.id, tweet);
    return tweet;
  }

  /** The author deletes the post: X no longer returns it anywhere. */
  deletePost(postId: string): void {
    this.recorded.deletePost(postId);
  }

  /** Every stored post (named ones, their replies and quotes, published ones), newest first. */
  storedPostSeq(): Seq<SandboxTweet> {
    return arraySeq([...this.storedTweets.values()].sort(newestFirst));
  }

  /** Changes a post's public metrics (views, likes…) as X would report them from now on. */
  setPostMetrics(postId: string, metrics: Partial<TweetPublicMetrics>): void {
    const tweet = this.storedTweets.get(postId);
    if (!tweet) throw new Error(`no stored post with id ${postId}`);
    Object.assign(tweet.publicMetrics, metrics);
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
      const world = {
        base: (index: number) => this.base(index),
        storeTweet: (fields: NewTweet) => this.storeTweet(fields),
      };
      this.engagements.set(root.id, buildCampaign(world, root, rng, pool, plan, sampleGhosts));
    };

    for (const { key, spec } of namedCampaigns) campaign(key, resolvePlan(spec, named));
    const bench = postOf("bench");
    this.engagements.set(bench.id, this.bench.engagement());

    const graph = buildGraph(
      {
        seedHash: this.seedHash,
        accountCount: this.accountCount,
        base: (index) => this.base(index),
        named: (key) => this.named(key),
      },
      entrants,
    );
    this.following = graph.following;
    this.followers = graph.followers;
  }

  private storeTweet(fields: NewTweet, counter = this.storedCounter++): SandboxTweet {
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

function seqIncludes(seq: Seq<number>, value: number): boolean {
  for (let i = 0; i < seq.length; i++) if (seq.at(i) === value) return true;
  return false;
}

/** A campaign's accounts, from fixture keys to indices. */
function resolvePlan(spec: CampaignSpec, named: (key: NamedUserKey) => number): CampaignPlan {
  return {
    ...spec,
    extraRetweeters: spec.extraRetweeters.map(named),
    extraLikers: spec.extraLikers.map(named),
    scriptedReplies: spec.scriptedReplies.map((reply) => ({ ...reply, author: named(reply.author) })),
  };
}
