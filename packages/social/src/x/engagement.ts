// Did one account engage with a post or follow another? X v2 has no "does A like P" call, so these read the
// post's (or the account's) paged list until the account turns up. Each page goes through the client's
// transport, so rate limits are waited out and 5xx retried like every other read.
import type { PageOptions, XClient } from "./client.ts";
import type { Page } from "./pagination.ts";
import type { XTweet, XUser } from "./schemas.ts";

export type EngagementOptions = Pick<PageOptions, "signal"> & {
  /** Pages read at most (default 10); a longer list answers `complete: false` if the account was not seen. */
  maxPages?: number;
};

/** `found` is the answer; `complete` says whether the whole list was read (a not-found is then certain). */
export type EngagementAnswer<T = true> = { found: T | null; complete: boolean; pagesRead: number };

const idOnly = { userFields: ["id"], tweetFields: ["author_id"] } as const;

async function firstMatch<T, R>(
  pages: AsyncGenerator<Page<T>>,
  match: (item: T) => R | undefined,
): Promise<EngagementAnswer<R>> {
  let pagesRead = 0;
  let complete = false;
  for await (const page of pages) {
    pagesRead += 1;
    complete = page.cursor.done;
    for (const item of page.data) {
      const found = match(item);
      if (found !== undefined) {
        await pages.return(undefined);
        return { found, complete: true, pagesRead };
      }
    }
  }
  return { found: null, complete, pagesRead };
}

function byId(userId: string) {
  return (user: XUser) => (user.id === userId ? (true as const) : undefined);
}

/** Whether `userId` reposted the post (GET /2/tweets/:id/retweeted_by). */
export function hasRetweeted(
  client: XClient,
  postId: string,
  userId: string,
  options: EngagementOptions = {},
) {
  const pages = client.retweetedBy(postId, { ...idOnly, maxResults: 100, maxPages: options.maxPages ?? 10 });
  return firstMatch(pages, byId(userId));
}

/** Whether `userId` liked the post (GET /2/tweets/:id/liking_users: call it on a client with a user token). */
export function hasLiked(client: XClient, postId: string, userId: string, options: EngagementOptions = {}) {
  const pages = client.likingUsers(postId, { ...idOnly, maxResults: 100, maxPages: options.maxPages ?? 10 });
  return firstMatch(pages, byId(userId));
}

/** Whether `userId` follows `targetId`, read from the follower's own following list (usually the shorter). */
export function isFollowing(
  client: XClient,
  userId: string,
  targetId: string,
  options: EngagementOptions = {},
) {
  const pages = client.following(userId, { ...idOnly, maxResults: 1000, maxPages: options.maxPages ?? 10 });
  return firstMatch(pages, byId(targetId));
}

/** The quote post `userId` wrote of the post, if any (GET /2/tweets/:id/quote_tweets). */
export function quoteBy(
  client: XClient,
  postId: string,
  userId: string,
  options: EngagementOptions = {},
): Promise<EngagementAnswer<XTweet>> {
  const pages = client.quotePosts(postId, { ...idOnly, maxResults: 100, maxPages: options.maxPages ?? 10 });
  return firstMatch(pages, (tweet) => (tweet.author_id === userId ? tweet : undefined));
}
