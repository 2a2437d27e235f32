// The X API v2 wire shapes: which fields exist, and how a world object is rendered for a request.
import type { SandboxTweet, SandboxUser, XWorld } from "./world.ts";

export const problemBase = "https://api.twitter.com/2/problems/";

export const userFieldNames = [
  "affiliation",
  "confirmed_email",
  "connection_status",
  "created_at",
  "description",
  "entities",
  "id",
  "is_identity_verified",
  "location",
  "most_recent_tweet_id",
  "name",
  "parody",
  "pinned_tweet_id",
  "profile_banner_url",
  "profile_image_url",
  "protected",
  "public_metrics",
  "receives_your_dm",
  "subscription",
  "subscription_type",
  "url",
  "username",
  "verified",
  "verified_followers_count",
  "verified_type",
  "withheld",
] as const;

export const tweetFieldNames = [
  "article",
  "attachments",
  "author_id",
  "card_uri",
  "community_id",
  "context_annotations",
  "conversation_id",
  "created_at",
  "display_text_range",
  "edit_controls",
  "edit_history_tweet_ids",
  "entities",
  "geo",
  "id",
  "in_reply_to_user_id",
  "lang",
  "media_metadata",
  "non_public_metrics",
  "note_tweet",
  "organic_metrics",
  "possibly_sensitive",
  "promoted_metrics",
  "public_metrics",
  "referenced_tweets",
  "reply_settings",
  "scopes",
  "source",
  "suggested_source_links",
  "suggested_source_links_with_counts",
  "text",
  "withheld",
] as const;

export const tweetExpansionNames = [
  "article.cover_media",
  "article.media_entities",
  "attachments.media_keys",
  "attachments.media_source_tweet",
  "attachments.poll_ids",
  "author_id",
  "edit_history_tweet_ids",
  "entities.mentions.username",
  "geo.place_id",
  "in_reply_to_user_id",
  "entities.note.mentions.username",
  "referenced_tweets.id",
  "referenced_tweets.id.attachments.media_keys",
  "referenced_tweets.id.author_id",
] as const;

export const userExpansionNames = ["affiliation.user_id", "most_recent_tweet_id", "pinned_tweet_id"] as const;

export type RenderOptions = {
  userFields: ReadonlySet<string>;
  tweetFields: ReadonlySet<string>;
  /** The authenticated account, for `subscription_type`. */
  viewerIndex?: number;
};

export type WireUser = Record<string, unknown> & { id: string; name: string; username: string };
export type WireTweet = Record<string, unknown> & {
  id: string;
  text: string;
  edit_history_tweet_ids: string[];
};

export function renderUser(user: SandboxUser, options: RenderOptions): WireUser {
  const fields = options.userFields;
  const out: WireUser = { id: user.id, name: user.name, username: user.username };
  if (fields.has("created_at")) out.created_at = user.createdAt;
  if (fields.has("description")) out.description = user.description;
  if (fields.has("location") && user.location) out.location = user.location;
  if (fields.has("url")) out.url = user.url;
  if (fields.has("profile_image_url")) out.profile_image_url = user.profileImageUrl;
  if (fields.has("profile_banner_url") && user.profileBannerUrl)
    out.profile_banner_url = user.profileBannerUrl;
  if (fields.has("protected")) out.protected = user.protected;
  if (fields.has("verified")) out.verified = user.verified;
  if (fields.has("verified_type")) out.verified_type = user.verifiedType;
  if (fields.has("public_metrics")) out.public_metrics = { ...user.publicMetrics };
  if (fields.has("most_recent_tweet_id") && user.mostRecentTweetId)
    out.most_recent_tweet_id = user.mostRecentTweetId;
  if (fields.has("parody")) out.parody = false;
  if (fields.has("is_identity_verified")) out.is_identity_verified = user.verifiedType === "business";
  if (fields.has("verified_followers_count")) {
    out.verified_followers_count = Math.floor(user.publicMetrics.followers_count / 25);
  }
  if (fields.has("subscription_type")) {
    out.subscription_type =
      options.viewerIndex === user.index && user.verifiedType === "blue" ? "Premium" : "None";
  }
  return out;
}

export function renderTweet(tweet: SandboxTweet, options: RenderOptions): WireTweet {
  const fields = options.tweetFields;
  const out: WireTweet = { id: tweet.id, text: tweet.text, edit_history_tweet_ids: [tweet.id] };
  if (fields.has("author_id")) out.author_id = tweet.authorId;
  if (fields.has("conversation_id")) out.conversation_id = tweet.conversationId;
  if (fields.has("created_at")) out.created_at = tweet.createdAt;
  if (fields.has("in_reply_to_user_id") && tweet.inReplyToUserId)
    out.in_reply_to_user_id = tweet.inReplyToUserId;
  if (fields.has("referenced_tweets") && tweet.referencedTweets?.length) {
    out.referenced_tweets = tweet.referencedTweets.map((reference) => ({ ...reference }));
  }
  if (fields.has("public_metrics")) out.public_metrics = { ...tweet.publicMetrics };
  if (fields.has("lang")) out.lang = "en";
  if (fields.has("possibly_sensitive")) out.possibly_sensitive = false;
  if (fields.has("reply_settings")) out.reply_settings = "everyone";
  if (fields.has("entities") && tweet.mentions?.length) {
    out.entities = { mentions: tweet.mentions.map((mention) => ({ ...mention })) };
  }
  if (fields.has("edit_controls")) {
    out.edit_controls = { edits_remaining: 5, is_edit_eligible: false, editable_until: tweet.createdAt };
  }
  return out;
}

/** Collects `includes` for expansions, de-duplicated, in first-seen order. */
export class Includes {
  private readonly users = new Map<string, WireUser>();
  private readonly tweets = new Map<string, WireTweet>();

  constructor(
    private readonly world: XWorld,
    private readonly options: RenderOptions,
  ) {}

  addUserId(id: string | undefined): void {
    if (!id || this.users.has(id)) return;
    const user = this.world.getUser(id);
    if (user && user.status === "active") this.users.set(id, renderUser(user, this.options));
  }

  addTweetId(id: string | undefined): void {
    if (!id || this.tweets.has(id)) return;
    const tweet = this.world.getTweet(id);
    if (tweet) this.tweets.set(id, renderTweet(tweet, this.options));
  }

  /** Expansions of a tweet object. */
  expandTweet(tweet: SandboxTweet, expansions: ReadonlySet<string>): void {
    if (expansions.has("author_id")) this.addUserId(tweet.authorId);
    if (expansions.has("in_reply_to_user_id")) this.addUserId(tweet.inReplyToUserId);
    if (expansions.has("entities.mentions.username")) {
      for (const mention of tweet.mentions ?? []) this.addUserId(mention.id);
    }
    for (const reference of tweet.referencedTweets ?? []) {
      if (expansions.has("referenced_tweets.id")) this.addTweetId(reference.id);
      if (expansions.has("referenced_tweets.id.author_id"))
        this.addUserId(this.world.getTweet(reference.id)?.authorId);
    }
  }

  /** Expansions of a user object. */
  expandUser(user: SandboxUser, expansions: ReadonlySet<string>): void {
    if (expansions.has("most_recent_tweet_id")) this.addTweetId(user.mostRecentTweetId ?? undefined);
  }

  toJSON(): { users?: WireUser[]; tweets?: WireTweet[] } | undefined {
    const out: { users?: WireUser[]; tweets?: WireTweet[] } = {};
    if (this.users.size > 0) out.users = [...this.users.values()];
    if (this.tweets.size > 0) out.tweets = [...this.tweets.values()];
    return out.users || out.tweets ? out : undefined;
  }
}

// Problem bodies: X answers errors as RFC 7807-style problems (title, type, detail, and the resource).

export type Problem = Record<string, unknown> & { title: string; type: string };

export function notFoundUser(value: string, parameter: string, by: "id" | "ids" | "username"): Problem {
  const noun = by === "username" ? "username" : by === "ids" ? "ids" : "id";
  return {
    value,
    detail: `Could not find user with ${noun}: [${value}].`,
    title: "Not Found Error",
    resource_type: "user",
    parameter,
    resource_id: value,
    type: `${problemBase}resource-not-found`,
  };
}

export function suspendedUser(value: string, parameter: string): Problem {
  return {
    value,
    detail: `User has been suspended: [${value}].`,
    title: "Forbidden",
    resource_type: "user",
    parameter,
    resource_id: value,
    type: `${problemBase}resource-not-found`,
  };
}

export function notFoundTweet(value: string, parameter: "id" | "ids"): Problem {
  return {
    value,
    detail: `Could not find tweet with ${parameter}: [${value}].`,
    title: "Not Found Error",
    resource_type: "tweet",
    parameter,
    resource_id: value,
    type: `${problemBase}resource-not-found`,
  };
}

/** A user the request names (or a list contains) that is not active: the partial error for it. */
export function inactiveUserProblem(
  user: SandboxUser | undefined,
  value: string,
  parameter: string,
  by: "id" | "ids" | "username",
): Problem {
  if (user?.status === "suspended") return suspendedUser(value, parameter);
  return notFoundUser(value, parameter, by);
}

export const unauthorizedProblem: Problem = {
  title: "Unauthorized",
  type: "about:blank",
  status: 401,
  detail: "Unauthorized",
};

export const unsupportedAuthenticationProblem: Problem = {
  title: "Unsupported Authentication",
  detail:
    "Authenticating with OAuth 2.0 Application-Only is forbidden for this endpoint.  Supported authentication types are [OAuth 1.0a User Context, OAuth 2.0 User Context].",
  type: `${problemBase}unsupported-authentication`,
  status: 403,
};

export const forbiddenProblem: Problem = {
  title: "Forbidden",
  type: "about:blank",
  status: 403,
  detail: "Forbidden",
};

export const tooManyRequestsProblem: Problem = {
  title: "Too Many Requests",
  detail: "Too Many Requests",
  type: "about:blank",
  status: 429,
};

export const usageCappedProblem: Problem = {
  account_id: 1234,
  product_name: "standard-basic",
  title: "UsageCapExceeded",
  period: "Monthly",
  scope: "Product",
  detail: "Usage cap exceeded: Monthly product cap",
  type: `${problemBase}usage-capped`,
};

export function serverErrorProblem(status: number): Problem {
  const titles: Record<number, string> = {
    500: "Internal Server Error",
    502: "Bad Gateway",
    503: "Service Unavailable",
    504: "Gateway Timeout",
  };
  const title = titles[status] ?? "Internal Server Error";
  return { title, detail: title, type: "about:blank", status };
}

/** 400 invalid-request: one or more messages, each naming the parameter and its value. */
export class InvalidRequest extends Error {
  constructor(readonly errors: { parameters: Record<string, string[]>; message: string }[]) {
    super(errors.map((error) => error.message).join("; "));
  }

  static of(parameter: string, value: string, message: string): InvalidRequest {
    return new InvalidRequest([{ parameters: { [parameter]: [value] }, message }]);
  }

  toProblem(): Problem {
    return {
      errors: this.errors,
      title: "Invalid Request",
      detail: "One or more parameters to your request was invalid.",
      type: `${problemBase}invalid-request`,
    };
  }
}
