// Engagement recorded after the world was generated (a test or the e2e likes, reposts, follows or quotes):
// it is served before the generated lists, newest first, as X lists the latest activity first.
import { arraySeq, concatSeq, type Seq } from "../seq.ts";
import type { SandboxTweet } from "./types.ts";

export class RecordedActions {
  private readonly retweets = new Map<string, number[]>();
  private readonly likes = new Map<string, number[]>();
  private readonly quotes = new Map<string, SandboxTweet[]>();
  private readonly following = new Map<number, number[]>();
  private readonly followers = new Map<number, number[]>();
  private readonly deleted = new Set<string>();

  deletePost(postId: string): void {
    this.deleted.add(postId);
  }

  isDeleted(postId: string): boolean {
    return this.deleted.has(postId);
  }

  /** Records once; false when the account had already done it. */
  retweet(postId: string, user: number): boolean {
    return addFirst(this.retweets, postId, user);
  }

  like(postId: string, user: number): boolean {
    return addFirst(this.likes, postId, user);
  }

  follow(follower: number, followee: number): boolean {
    if (!addFirst(this.following, follower, followee)) return false;
    addFirst(this.followers, followee, follower);
    return true;
  }

  quote(postId: string, tweet: SandboxTweet): void {
    const list = this.quotes.get(postId) ?? [];
    list.unshift(tweet);
    this.quotes.set(postId, list);
  }

  follows(follower: number, followee: number): boolean {
    return this.following.get(follower)?.includes(followee) ?? false;
  }

  retweetersBefore(postId: string, generated: Seq<number>): Seq<number> {
    return prepend(this.retweets.get(postId), generated);
  }

  likersBefore(postId: string, generated: Seq<number>): Seq<number> {
    return prepend(this.likes.get(postId), generated);
  }

  quotesBefore(postId: string, generated: Seq<SandboxTweet>): Seq<SandboxTweet> {
    return prepend(this.quotes.get(postId), generated);
  }

  followingBefore(user: number, generated: Seq<number>): Seq<number> {
    return prepend(this.following.get(user), generated);
  }

  followersBefore(user: number, generated: Seq<number>): Seq<number> {
    return prepend(this.followers.get(user), generated);
  }
}

function addFirst<K>(map: Map<K, number[]>, key: K, value: number): boolean {
  const list = map.get(key) ?? [];
  if (list.includes(value)) return false;
  list.unshift(value);
  map.set(key, list);
  return true;
}

function prepend<T>(recorded: readonly T[] | undefined, generated: Seq<T>): Seq<T> {
  return recorded && recorded.length > 0 ? concatSeq(arraySeq(recorded), generated) : generated;
}
