// The "last post within N days" filter needs the time of each entrant's most recent post. X gives its id
// (most_recent_tweet_id); its created_at comes from a batched post lookup. Ids are never decoded into times.
import type { PipelineContext } from "./context.ts";
import { mostRecentPostAtField } from "./exclusions.ts";
import { advanceCursor, readCursor, stageProgress } from "./paged.ts";
import { eligibleEntrantsAfter, lockPickerEntryCount, recordPostTimes, writeProgress } from "./repository.ts";

export const recentPostsStage = "recent-posts";

type PostTime = { xUserId: string; at: string };

/**
 * Looks up the most recent post of every entrant still eligible, `writeBatchSize` entrants per transaction,
 * in user-id order; the cursor holds the last user id done. An entrant without a post, or whose post is
 * gone, gets no time and fails the filter.
 */
export async function recordRecentPostTimes(context: PipelineContext): Promise<void> {
  const stored = await readCursor(context, recentPostsStage);
  if (stored?.done) return;
  let cursor = stored ?? { nextToken: null, pagesFetched: 0, itemsFetched: 0, done: false };
  for (;;) {
    const entrants = await eligibleEntrantsAfter(
      context.db,
      context.picker.id,
      cursor.nextToken,
      context.writeBatchSize,
    );

    const postIds = entrants.flatMap((entrant) => (entrant.recentPostId ? [entrant.recentPostId] : []));
    const posts =
      postIds.length === 0
        ? []
        : (
            await context.x.lookupPosts(postIds, {
              tweetFields: ["created_at"],
              userFields: [],
              expansions: [],
              signal: context.signal,
            })
          ).data;
    const createdAt = new Map(posts.map((post) => [post.id, post.created_at]));
    const times: PostTime[] = [];
    for (const entrant of entrants) {
      const at = entrant.recentPostId ? createdAt.get(entrant.recentPostId) : undefined;
      if (at) times.push({ xUserId: entrant.xUserId, at });
    }

    const next = {
      nextToken: entrants[entrants.length - 1]?.xUserId ?? cursor.nextToken,
      pagesFetched: cursor.pagesFetched + 1,
      itemsFetched: cursor.itemsFetched + entrants.length,
      done: entrants.length < context.writeBatchSize,
    };
    const progress = stageProgress(context, recentPostsStage, {
      pages: next.pagesFetched,
      fetched: next.itemsFetched,
    });
    await context.db.transaction(async (tx) => {
      // The picker row first, as every page transaction takes it: one lock order, no deadlock.
      await lockPickerEntryCount(tx, context.picker.id);
      await recordPostTimes(tx, context.picker.id, mostRecentPostAtField, times);
      await advanceCursor(tx, context, recentPostsStage, cursor.pagesFetched, next);
      await writeProgress(tx, context.picker.id, progress, 0);
    });
    context.progress = progress;
    cursor = next;
    await context.onPage?.({
      pickerId: context.picker.id,
      stage: recentPostsStage,
      pages: next.pagesFetched,
      items: next.itemsFetched,
      done: next.done,
    });
    if (next.done) return;
  }
}
