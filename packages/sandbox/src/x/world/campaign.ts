// A named post's engagement: who reposted and liked it, its replies (threads included) and quote posts.
import type { Rng } from "../prng.ts";
import { arraySeq, intSeq } from "../seq.ts";
import { quotePhrases, replyPhrases } from "../words.ts";
import type { Engagement, SandboxTweet, TweetPublicMetrics, UserBase } from "./types.ts";
import { hex, minute, newestFirst, roundToSecond, second, smallMetrics, walletText } from "./util.ts";

/** A campaign with its accounts resolved to indices. */
export type CampaignPlan = {
  pool: number;
  retweetShare: number;
  likeShare: number;
  replyShare: number;
  quoteShare: number;
  /** Reply ages are drawn from [min, max] (ms, clamped under the post's age). */
  replyAges: [number, number];
  extraRetweeters: number[];
  extraLikers: number[];
  scriptedReplies: { author: number; ageMs: number; text: string }[];
  ghostRetweeters: number;
  ghostReplies: number;
  hostReplies: number;
};

/** A new stored tweet's fields: the world assigns its id, author id, time and conversation. */
export type NewTweet = Omit<
  SandboxTweet,
  "id" | "authorId" | "createdAt" | "conversationId" | "publicMetrics"
> & {
  conversationId?: string;
  publicMetrics?: TweetPublicMetrics;
};

/** What a campaign needs of the world being built. */
export type CampaignWorld = {
  base(index: number): UserBase;
  storeTweet(fields: NewTweet): SandboxTweet;
};

/** Generates the campaign's replies and quotes (stored through `world`), sets the root's metrics. */
export function buildCampaign(
  world: CampaignWorld,
  root: SandboxTweet,
  rng: Rng,
  pool: number[],
  plan: CampaignPlan,
  sampleGhosts: (count: number) => number[],
): Engagement {
  const host = world.base(root.authorIndex);
  const ghosts = sampleGhosts(plan.ghostRetweeters + plan.ghostReplies);
  const retweeters = [
    ...pool.filter(() => rng.chance(plan.retweetShare)),
    ...plan.extraRetweeters,
    ...ghosts.slice(0, plan.ghostRetweeters),
  ];
  const likers = [
    ...pool.filter(() => rng.chance(plan.likeShare)),
    ...plan.extraLikers,
    ...ghosts.slice(0, 1),
  ];
  rng.shuffle(retweeters);
  rng.shuffle(likers);

  const maxAge = root.ageMs - minute;
  const replyAge = () => {
    const [low, high] = plan.replyAges;
    return roundToSecond(Math.min(maxAge, low + rng.next() * (high - low)));
  };
  const mention = (text: string): Pick<SandboxTweet, "text" | "mentions"> => {
    const handle = `@${host.username}`;
    return {
      text: `${handle} ${text}`,
      mentions: [{ start: 0, end: handle.length, username: host.username, id: host.id }],
    };
  };
  const reply = (author: number, ageMs: number, text: string, parent: SandboxTweet = root) => {
    const parentAuthor = world.base(parent.authorIndex);
    const body =
      parent === root
        ? mention(text)
        : {
            text: `@${parentAuthor.username} ${text}`,
            mentions: [
              {
                start: 0,
                end: parentAuthor.username.length + 1,
                username: parentAuthor.username,
                id: parentAuthor.id,
              },
            ],
          };
    return world.storeTweet({
      ...body,
      kind: "reply",
      authorIndex: author,
      ageMs: Math.min(ageMs, parent.ageMs - second),
      conversationId: root.id,
      inReplyToUserId: parentAuthor.id,
      referencedTweets: [{ type: "replied_to", id: parent.id }],
      publicMetrics: smallMetrics(rng),
    });
  };

  const replies: SandboxTweet[] = [];
  for (const author of pool) {
    if (!rng.chance(plan.replyShare)) continue;
    replies.push(reply(author, replyAge(), `${rng.pick(replyPhrases)}${walletText(rng)}`));
    if (rng.chance(0.05)) replies.push(reply(author, replyAge(), rng.pick(replyPhrases)));
  }
  for (const scripted of plan.scriptedReplies) {
    replies.push(reply(scripted.author, Math.min(scripted.ageMs, maxAge), scripted.text));
  }
  for (const ghost of ghosts.slice(plan.ghostRetweeters)) {
    replies.push(reply(ghost, replyAge(), `${rng.pick(replyPhrases)}${walletText(rng)}`));
  }
  const parents = rng.shuffle([...replies]).slice(0, plan.hostReplies);
  for (const parent of parents) {
    replies.push(
      reply(
        root.authorIndex,
        roundToSecond(parent.ageMs * rng.next()),
        rng.pick(["Good luck!", "Thanks for joining 🙏", "Noted ✅"]),
        parent,
      ),
    );
  }
  replies.sort(newestFirst);

  const quotes: SandboxTweet[] = [];
  for (const author of pool) {
    if (!rng.chance(plan.quoteShare)) continue;
    quotes.push(
      world.storeTweet({
        kind: "quote",
        authorIndex: author,
        ageMs: roundToSecond(maxAge * rng.next()),
        text: `${rng.pick(quotePhrases)} https://t.co/${hex(rng, 10)}`,
        referencedTweets: [{ type: "quoted", id: root.id }],
        publicMetrics: smallMetrics(rng),
      }),
    );
  }
  quotes.sort(newestFirst);

  root.publicMetrics = {
    retweet_count: retweeters.length,
    reply_count: replies.length,
    like_count: likers.length,
    quote_count: quotes.length,
    bookmark_count: Math.floor(likers.length / 9),
    impression_count: (retweeters.length + likers.length) * 37 + 1200,
  };
  return {
    retweeters: intSeq(Int32Array.from(retweeters)),
    likers: intSeq(Int32Array.from(likers)),
    quotes: arraySeq(quotes),
    conversation: arraySeq(replies),
  };
}
