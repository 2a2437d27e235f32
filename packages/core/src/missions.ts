// Mission kinds and the pure rules of a check: what an X tweet must contain and which metrics it must reach,
// how a tweet reference is read, and where the user goes to do the mission.

export const missionKinds = [
  "x_follow",
  "x_retweet",
  "x_quote",
  "x_like",
  "x_tweet",
  "discord_join",
  "discord_role",
  "telegram_join",
] as const;
export type MissionKind = (typeof missionKinds)[number];

export const campaignKinds = ["achievement", "wheel", "partner", "tips"] as const;
export type CampaignKind = (typeof campaignKinds)[number];

/** What each kind of mission is configured with. */
export type MissionParameters = {
  x_follow: { userId: string; username: string };
  x_retweet: { postId: string };
  x_quote: { postId: string };
  x_like: { postId: string };
  x_tweet: {
    /** Each given piece must appear in the tweet (ASCII case-insensitive); at least one is given. */
    text?: string;
    hashtag?: string;
    mention?: string;
    minViews?: number;
    minLikes?: number;
    minRetweets?: number;
  };
  discord_join: { guildId: string; inviteUrl: string };
  discord_role: { guildId: string; roleId: string; roleName: string; inviteUrl: string };
  /** A numeric chat id or an @username; `url` is where users join (t.me link). */
  telegram_join: { chatId: string; url: string };
};

export type MissionDefinition = {
  [K in MissionKind]: { kind: K; parameters: MissionParameters[K] };
}[MissionKind];

export function isXMission(kind: MissionKind): boolean {
  return kind.startsWith("x_");
}

/** Missions whose check reads a tweet the user names. */
export function takesTweetId(kind: MissionKind): boolean {
  return kind === "x_tweet";
}

/** A-Z fold to a-z, nothing else: the same text compares equal on every platform. */
export function asciiLowerCase(text: string): string {
  return text.replace(/[A-Z]/g, (letter) => letter.toLowerCase());
}

/** A hashtag with its #, a mention with its @, whatever the configuration carried. */
function withPrefix(value: string, prefix: "#" | "@"): string {
  return value.startsWith(prefix) ? value : `${prefix}${value}`;
}

/** The pieces a tweet must contain, as they are matched. */
export function requiredPieces(rule: MissionParameters["x_tweet"]): string[] {
  const pieces: string[] = [];
  if (rule.text) pieces.push(rule.text);
  if (rule.hashtag) pieces.push(withPrefix(rule.hashtag, "#"));
  if (rule.mention) pieces.push(withPrefix(rule.mention, "@"));
  return pieces;
}

/** Whether the tweet's text contains every required piece (ASCII case-insensitive substrings). */
export function tweetMeetsContent(text: string, rule: MissionParameters["x_tweet"]): boolean {
  const haystack = asciiLowerCase(text);
  return requiredPieces(rule).every((piece) => haystack.includes(asciiLowerCase(piece)));
}

export type TweetMetrics = { views: number; likes: number; retweets: number };

/**
 * Which metrics rule the tweet fails at check time: "views" (metrics invalid 1) before "engagement" (likes or
 * retweets below their minimum, metrics invalid 2); null when it meets them all.
 */
export function tweetMetricsFailure(
  metrics: TweetMetrics,
  rule: MissionParameters["x_tweet"],
): "views" | "engagement" | null {
  if (rule.minViews !== undefined && metrics.views < rule.minViews) return "views";
  if (rule.minLikes !== undefined && metrics.likes < rule.minLikes) return "engagement";
  if (rule.minRetweets !== undefined && metrics.retweets < rule.minRetweets) return "engagement";
  return null;
}

const statusUrl =
  /^https?:\/\/(?:www\.|mobile\.)?(?:x|twitter)\.com\/(?:[A-Za-z0-9_]{1,15}|i(?:\/web)?)\/status\/([0-9]{1,19})(?:[/?#].*)?$/;

/** A tweet id from an id or a post URL (x.com or twitter.com), or null when it is neither. */
export function tweetIdFrom(input: string): string | null {
  const value = input.trim();
  if (/^[0-9]{1,19}$/.test(value)) return value;
  return statusUrl.exec(value)?.[1] ?? null;
}

/** Where the user does the mission: the post, the account, the intent to write, the server, the chat. */
export function missionActionUrl(mission: MissionDefinition): string {
  switch (mission.kind) {
    case "x_follow":
      return `https://x.com/${encodeURIComponent(mission.parameters.username)}`;
    case "x_retweet":
      return `https://x.com/intent/retweet?tweet_id=${mission.parameters.postId}`;
    case "x_like":
      return `https://x.com/intent/like?tweet_id=${mission.parameters.postId}`;
    case "x_quote":
      return `https://x.com/intent/tweet?url=${encodeURIComponent(`https://x.com/i/status/${mission.parameters.postId}`)}`;
    case "x_tweet":
      return `https://x.com/intent/tweet?text=${encodeURIComponent(requiredPieces(mission.parameters).join(" "))}`;
    case "discord_join":
    case "discord_role":
      return mission.parameters.inviteUrl;
    case "telegram_join":
      return mission.parameters.url;
  }
}
