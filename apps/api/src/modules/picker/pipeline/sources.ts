// The lists a picker reads from X, each as a resumable paged source, and the entry limit they share.
import type { Tx } from "@dropfair/db";
import type { Page, XTweet, XUser } from "@dropfair/social/x";
import { type PipelineContext, pageSize } from "./context.ts";
import {
  type EntrantCandidate,
  type EntryFlags,
  entrantRows,
  profileUserFields,
  uniqueCandidates,
} from "./entries.ts";
import type { BatchOutcome, PagedSource } from "./paged.ts";
import { existingEntrantIds, insertFollowers, markRepliers, upsertEntrants } from "./repository.ts";

/** The page-size range X accepts for each kind of list. */
const userListRange = { min: 1, max: 100 };
const followerRange = { min: 1, max: 1000 };
const tweetListRange = { min: 10, max: 100 };

const retweeted: EntryFlags = { retweeted: true, quoted: false, replied: false };
const quoted: EntryFlags = { retweeted: false, quoted: true, replied: false };
const replied: EntryFlags = { retweeted: false, quoted: false, replied: true };

/** The post's counters from stage 2: what the progress bar counts towards. */
export type PostCounters = { retweets: number; quotes: number; replies: number };

/**
 * Writes a batch of would-be entrants under the entry limit: accounts already entered just merge their
 * flags; new ones are admitted while there is room. Dropping one means the limit was hit: stop the list.
 */
async function admitEntrants(
  tx: Tx,
  context: PipelineContext,
  candidates: EntrantCandidate[],
  entryCount: number,
): Promise<BatchOutcome> {
  const unique = uniqueCandidates(candidates);
  const existing = await existingEntrantIds(
    tx,
    context.picker.id,
    unique.map((candidate) => candidate.user.id),
  );
  const limit = context.picker.entryLimit;
  let room = limit === null ? Number.POSITIVE_INFINITY : Math.max(0, limit - entryCount);
  const admitted: EntrantCandidate[] = [];
  let added = 0;
  let dropped = false;
  for (const candidate of unique) {
    if (existing.has(candidate.user.id)) {
      admitted.push(candidate);
    } else if (room > 0) {
      admitted.push(candidate);
      room--;
      added++;
    } else {
      dropped = true;
    }
  }
  await upsertEntrants(tx, context.picker.id, entrantRows(context.picker.postId, admitted));
  return { added, stop: dropped };
}

/** Authors of a page of posts, with the profile X expanded into `includes.users`. */
function authorsOf(page: Page<XTweet>, flags: EntryFlags): EntrantCandidate[] {
  const users = new Map((page.includes.users ?? []).map((user) => [user.id, user]));
  const out: EntrantCandidate[] = [];
  for (const tweet of page.data) {
    // A post whose author is gone carries no expanded user: the account cannot enter.
    const user = tweet.author_id ? users.get(tweet.author_id) : undefined;
    if (user) out.push({ user, flags });
  }
  return out;
}

function expectedEntrants(context: PipelineContext, expected: number | undefined): number | undefined {
  const limit = context.picker.entryLimit;
  if (expected === undefined) return undefined;
  return limit === null ? expected : Math.min(limit, expected);
}

export function followerSource(
  context: PipelineContext,
  target: { id: string; username: string },
): PagedSource<XUser> {
  return {
    stage: `followers:${target.id}`,
    countsEntrants: false,
    pages: (cursor) =>
      context.x.followers(target.id, {
        maxResults: pageSize(context, followerRange),
        cursor,
        // Only ids are needed: no user fields, the smallest answer.
        userFields: [],
        signal: context.signal,
      }),
    write: async (tx, pages) => {
      const ids = pages.flatMap((page) => page.data.map((user) => user.id));
      await insertFollowers(tx, context.picker.id, target.id, ids);
      return { added: 0, stop: false };
    },
  };
}

export function retweetSource(context: PipelineContext, post: PostCounters): PagedSource<XUser> {
  return {
    stage: "retweets",
    countsEntrants: true,
    total: expectedEntrants(context, post.retweets + post.quotes),
    pages: (cursor) =>
      context.x.retweetedBy(context.picker.postId, {
        maxResults: pageSize(context, userListRange),
        cursor,
        userFields: profileUserFields,
        signal: context.signal,
      }),
    write: (tx, pages, entryCount) =>
      admitEntrants(
        tx,
        context,
        pages.flatMap((page) => page.data.map((user) => ({ user, flags: retweeted }))),
        entryCount,
      ),
  };
}

/** A quote post is a repost with a comment: its author enters like a retweeter. */
export function quoteSource(context: PipelineContext, post: PostCounters): PagedSource<XTweet> {
  return {
    stage: "quotes",
    countsEntrants: true,
    total: expectedEntrants(context, post.retweets + post.quotes),
    pages: (cursor) =>
      context.x.quotePosts(context.picker.postId, {
        maxResults: pageSize(context, tweetListRange),
        cursor,
        tweetFields: ["author_id"],
        userFields: profileUserFields,
        expansions: ["author_id"],
        signal: context.signal,
      }),
    write: (tx, pages, entryCount) =>
      admitEntrants(
        tx,
        context,
        pages.flatMap((page) => authorsOf(page, quoted)),
        entryCount,
      ),
  };
}

/**
 * Replies to the post from recent search (`conversation_id:<post> is:reply`), which covers only the last
 * 7 days: older replies are not found, by X's design.
 */
function replyPages(context: PipelineContext, withAuthors: boolean) {
  return (cursor: Parameters<PagedSource<XTweet>["pages"]>[0]) =>
    context.x.conversationReplies(context.picker.postId, {
      maxResults: pageSize(context, tweetListRange),
      cursor,
      tweetFields: ["author_id", "created_at"],
      userFields: withAuthors ? profileUserFields : [],
      expansions: withAuthors ? ["author_id"] : [],
      signal: context.signal,
    });
}

/** Without a repost requirement, the repliers are the entrants. */
export function replyEntrantSource(context: PipelineContext, post: PostCounters): PagedSource<XTweet> {
  return {
    stage: "replies",
    countsEntrants: true,
    total: expectedEntrants(context, post.replies),
    pages: replyPages(context, true),
    write: (tx, pages, entryCount) =>
      admitEntrants(
        tx,
        context,
        pages.flatMap((page) => authorsOf(page, replied)),
        entryCount,
      ),
  };
}

/** With a repost requirement, a reply only marks an entrant as having replied. */
export function replyFlagSource(context: PipelineContext, post: PostCounters): PagedSource<XTweet> {
  return {
    stage: "replies",
    countsEntrants: false,
    total: post.replies,
    pages: replyPages(context, false),
    write: async (tx, pages) => {
      const authors = new Set<string>();
      for (const page of pages)
        for (const tweet of page.data) if (tweet.author_id) authors.add(tweet.author_id);
      await markRepliers(tx, context.picker.id, [...authors]);
      return { added: 0, stop: false };
    },
  };
}
