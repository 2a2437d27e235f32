// The benchmark post: a crowd of up to half a million accounts that reposted, liked, replied to and quoted
// it, generated from the seed on demand and never stored.
import { postFamilies, postIdFor } from "../ids.ts";
import { mix, Rng, streams, unit } from "../prng.ts";
import { functionSeq } from "../seq.ts";
import { quotePhrases, replyPhrases } from "../words.ts";
import type { Engagement, SandboxTweet, UserBase } from "./types.ts";
import { gcd, hex, minute, roundToSecond, second, smallMetrics, walletText } from "./util.ts";

export type BenchPostOptions = {
  seedHash: number;
  now: number;
  /** Crowd account `offset` has index accountCount + offset. */
  accountCount: number;
  crowdSize: number;
  postId: string;
  postAgeMs: number;
  hostIndex: number;
  base(index: number): UserBase;
  /** The stored post, whose metrics follow the crowd's lists. */
  root(): SandboxTweet | undefined;
};

type BenchLists = { likers: Int32Array; repliers: Int32Array; quoters: Int32Array; followers: Int32Array };

export class BenchPost {
  private lists: BenchLists | undefined;
  private readonly permutationStep: number;

  constructor(private readonly options: BenchPostOptions) {
    let step = 7919 + (options.seedHash % 1000);
    while (gcd(step, options.crowdSize) !== 1) step++;
    this.permutationStep = step;
  }

  /** Whether crowd account `offset` follows the benchmark host. */
  followsHost(offset: number): boolean {
    return unit(this.options.seedHash, streams.benchFollow, offset) < 0.8;
  }

  /** The post's engagement lists; all but the reposters are built on first use. */
  engagement(): Engagement {
    const crowdStart = this.options.accountCount;
    const size = this.options.crowdSize;
    const step = this.permutationStep;
    return {
      // Every crowd account reposted: a fixed permutation of the crowd.
      retweeters: functionSeq(size, (position) => crowdStart + ((position * step + 11) % size)),
      ...this.lazyLists(),
    };
  }

  private lazyLists(): Pick<Engagement, "likers" | "quotes" | "conversation"> {
    const bench = this;
    return {
      likers: {
        get length() {
          return bench.data().likers.length;
        },
        at: (position) => bench.data().likers[position] as number,
      },
      quotes: {
        get length() {
          return bench.data().quoters.length;
        },
        at: (position) => bench.quote(bench.data().quoters[position] as number),
      },
      conversation: {
        get length() {
          return bench.data().repliers.length;
        },
        at: (position) => bench.reply(bench.data().repliers[position] as number),
      },
    };
  }

  /** The crowd's likers, repliers, quoters and followers of the host, built once; sets the post's metrics. */
  data(): {
    likers: Int32Array;
    repliers: Int32Array;
    quoters: Int32Array;
    followers: Int32Array;
  } {
    if (this.lists) return this.lists;
    const likers: number[] = [];
    const repliers: number[] = [];
    const quoters: number[] = [];
    const followers: number[] = [];
    for (let offset = 0; offset < this.options.crowdSize; offset++) {
      const index = this.options.accountCount + offset;
      if (unit(this.options.seedHash, streams.benchLike, offset) < 0.55) likers.push(index);
      if (this.isReplier(offset)) repliers.push(offset);
      if (this.isQuoter(offset)) quoters.push(offset);
      if (this.followsHost(offset)) followers.push(index);
    }
    const byAge = (stream: number) => (a: number, b: number) =>
      this.ageMs(stream, a) - this.ageMs(stream, b) || b - a;
    repliers.sort(byAge(streams.benchReplyAge));
    quoters.sort(byAge(streams.benchQuoteAge));
    followers.reverse();
    this.lists = {
      likers: Int32Array.from(likers),
      repliers: Int32Array.from(repliers),
      quoters: Int32Array.from(quoters),
      followers: Int32Array.from(followers),
    };
    const root = this.options.root();
    if (root) {
      root.publicMetrics = {
        retweet_count: this.options.crowdSize,
        reply_count: repliers.length,
        like_count: likers.length,
        quote_count: quoters.length,
        bookmark_count: Math.floor(likers.length / 20),
        impression_count: this.options.crowdSize * 41,
      };
    }
    return this.lists;
  }

  isReplier(offset: number): boolean {
    return unit(this.options.seedHash, streams.benchReply, offset) < 0.3;
  }

  isQuoter(offset: number): boolean {
    return unit(this.options.seedHash, streams.benchQuote, offset) < 0.05;
  }

  private ageMs(stream: number, offset: number): number {
    return roundToSecond(
      30 * second + unit(this.options.seedHash, stream, offset) * (this.options.postAgeMs - minute),
    );
  }

  reply(offset: number): SandboxTweet {
    const rng = new Rng(mix(this.options.seedHash, streams.benchReply, offset, 1));
    const host = this.options.base(this.options.hostIndex);
    const ageMs = this.ageMs(streams.benchReplyAge, offset);
    const handle = `@${host.username}`;
    return {
      id: postIdFor(ageMs, postFamilies.benchReply, offset),
      text: `${handle} ${rng.pick(replyPhrases)}${walletText(rng)}`,
      kind: "reply",
      authorIndex: this.options.accountCount + offset,
      authorId: this.options.base(this.options.accountCount + offset).id,
      ageMs,
      createdAt: new Date(this.options.now - ageMs).toISOString(),
      conversationId: this.options.postId,
      inReplyToUserId: host.id,
      referencedTweets: [{ type: "replied_to", id: this.options.postId }],
      mentions: [{ start: 0, end: handle.length, username: host.username, id: host.id }],
      publicMetrics: smallMetrics(rng),
    };
  }

  quote(offset: number): SandboxTweet {
    const rng = new Rng(mix(this.options.seedHash, streams.benchQuote, offset, 1));
    const ageMs = this.ageMs(streams.benchQuoteAge, offset);
    const id = postIdFor(ageMs, postFamilies.benchQuote, offset);
    return {
      id,
      text: `${rng.pick(quotePhrases)} https://t.co/${hex(rng, 10)}`,
      kind: "quote",
      authorIndex: this.options.accountCount + offset,
      authorId: this.options.base(this.options.accountCount + offset).id,
      ageMs,
      createdAt: new Date(this.options.now - ageMs).toISOString(),
      conversationId: id,
      referencedTweets: [{ type: "quoted", id: this.options.postId }],
      publicMetrics: smallMetrics(rng),
    };
  }
}
