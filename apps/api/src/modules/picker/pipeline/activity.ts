// The "last post within N days" filter needs the time of each entrant's most recent post. X gives its id
// (most_recent_tweet_id); its created_at comes from a batched post lookup. Ids are never decoded into times.
import { and, asc, eq, gt, isNull, pickerEntries, sql, type Tx } from "@dropfair/db";
import { jsonParameter } from "../../../platform/sql.ts";
import type { PipelineContext } from "./context.ts";
import { mostRecentPostAtField } from "./exclusions.ts";
import { advanceCursor, lockedEntryCount, readCursor, stageProgress, writeProgress } from "./paged.ts";

export const recentPostsStage = "recent-posts";

type PostTime = { xUserId: string; at: string };

async function recordPostTimes(tx: Tx, pickerId: number, times: readonly PostTime[]): Promise<void> {
  if (times.length === 0) return;
  await tx.execute(sql`
    update picker_entries
    set profile = picker_entries.profile || jsonb_build_object(${sql.raw(`'${mostRecentPostAtField}'`)}, t.at)
    from jsonb_to_recordset(${jsonParameter(times)}) as t("xUserId" text, at text)
    where picker_entries.picker_id = ${pickerId} and picker_entries.x_user_id = t."xUserId"`);
}

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
    const entrants = await context.db
      .select({
        xUserId: pickerEntries.xUserId,
        recentPostId: sql<string | null>`${pickerEntries.profile} ->> 'most_recent_tweet_id'`,
      })
      .from(pickerEntries)
      .where(
        and(
          eq(pickerEntries.pickerId, context.picker.id),
          isNull(pickerEntries.excludedReason),
          cursor.nextToken === null ? undefined : gt(pickerEntries.xUserId, cursor.nextToken),
        ),
      )
      .orderBy(asc(pickerEntries.xUserId))
      .limit(context.writeBatchSize);

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
      await lockedEntryCount(tx, context);
      await recordPostTimes(tx, context.picker.id, times);
      await advanceCursor(tx, context, recentPostsStage, cursor.pagesFetched, next);
      await writeProgress(tx, context, progress, 0);
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
