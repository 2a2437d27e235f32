// The X world's account and post records, as the routes and the generators see them.
import type { Seq } from "../seq.ts";

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

/** What generation decides about an account; statuses may be overridden later. */
export type UserBase = {
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

export type Engagement = {
  retweeters: Seq<number>;
  likers: Seq<number>;
  quotes: Seq<SandboxTweet>;
  /** Replies of the conversation (the root excluded), newest first. */
  conversation: Seq<SandboxTweet>;
};

export const defaultProfileImageUrl =
  "https://abs.twimg.com/sticky/default_profile_images/default_profile_normal.png";
