// Recent search (the last 7 days only): the subset of X's query language the platform uses.
import { emptySeq, type Seq } from "./seq.ts";
import { InvalidRequest } from "./wire.ts";
import type { SandboxTweet, XWorld } from "./world.ts";

type Term =
  | {
      negated: boolean;
      kind: "conversation_id" | "in_reply_to_tweet_id" | "quotes_of_tweet_id";
      value: string;
    }
  | { negated: boolean; kind: "from" | "to"; value: string }
  | { negated: boolean; kind: "is"; value: "reply" | "quote" | "retweet" | "verified" | "nullcast" }
  | { negated: boolean; kind: "text"; value: string };

export type ParsedQuery = { terms: Term[] };

const standaloneIdOperators = ["conversation_id", "in_reply_to_tweet_id", "quotes_of_tweet_id"] as const;
const isValues = ["reply", "quote", "retweet", "verified", "nullcast"] as const;

/**
 * Space-separated terms joined by AND, each optionally negated with "-": `conversation_id:`,
 * `in_reply_to_tweet_id:`, `quotes_of_tweet_id:`, `from:`, `to:`, `is:reply|quote|retweet|verified|nullcast`,
 * and keywords, #hashtags and @mentions (matched in the text). OR and parentheses are not supported here.
 */
export function parseQuery(query: string): ParsedQuery {
  const invalid = (message: string) => InvalidRequest.of("query", query, message);
  if (query.length === 0) throw invalid("The `query` query parameter can not be empty");
  if (query.length > 512)
    throw invalid(`The \`query\` query parameter value [${query}] is not between 1 and 512`);
  if (/[()]/.test(query) || /(^|\s)OR(\s|$)/.test(query)) {
    throw invalid("The sandbox supports space-separated AND terms only (no OR, no parentheses).");
  }
  const terms: Term[] = [];
  for (const raw of query.trim().split(/\s+/)) {
    const negated = raw.startsWith("-");
    const token = negated ? raw.slice(1) : raw;
    const colon = token.indexOf(":");
    const operator = colon > 0 ? token.slice(0, colon) : "";
    const value = colon > 0 ? token.slice(colon + 1) : token;
    if ((standaloneIdOperators as readonly string[]).includes(operator)) {
      if (!/^[0-9]{1,19}$/.test(value)) throw invalid(`Invalid value for operator ${operator}: [${value}]`);
      terms.push({ negated, kind: operator as (typeof standaloneIdOperators)[number], value });
    } else if (operator === "from" || operator === "to") {
      terms.push({ negated, kind: operator, value: value.replace(/^@/, "") });
    } else if (operator === "is") {
      if (!(isValues as readonly string[]).includes(value))
        throw invalid(`Reference to invalid operator 'is:${value}'`);
      terms.push({ negated, kind: "is", value: value as (typeof isValues)[number] });
    } else if (operator && /^[a-z_]+$/.test(operator)) {
      throw invalid(
        `Reference to invalid operator '${operator}'. Operator is not available in current product or product packaging.`,
      );
    } else {
      terms.push({ negated, kind: "text", value: token.toLowerCase() });
    }
  }
  const standalone = terms.some((term) => !term.negated && term.kind !== "is");
  if (!standalone) {
    throw invalid(
      "There were errors processing your request: Ambiguous use of is:… as a standalone operator. Add a standalone operator to your query.",
    );
  }
  return { terms };
}

/** The posts a query can match, newest first, before filtering: the narrowest list the query names. */
export function candidates(world: XWorld, query: ParsedQuery): Seq<SandboxTweet> {
  const positive = query.terms.filter((term) => !term.negated);
  const conversation = positive.find((term) => term.kind === "conversation_id");
  if (conversation) return world.conversationSeq(conversation.value);
  const inReplyTo = positive.find((term) => term.kind === "in_reply_to_tweet_id");
  if (inReplyTo) {
    const parent = world.tweet(inReplyTo.value);
    return parent ? world.conversationSeq(parent.conversationId) : emptySeq;
  }
  const quotesOf = positive.find((term) => term.kind === "quotes_of_tweet_id");
  if (quotesOf) return world.quoteSeq(quotesOf.value);
  const from = positive.find((term) => term.kind === "from");
  if (from) {
    const index = world.indexOfUsername(from.value);
    return index === undefined ? emptySeq : world.authoredSeq(index);
  }
  // Keywords, #hashtags and @mentions alone: every stored post (named, published) is a candidate.
  if (positive.some((term) => term.kind === "text")) return world.storedPostSeq();
  throw InvalidRequest.of(
    "query",
    query.terms.map((term) => term.value).join(" "),
    "The sandbox needs a keyword or one of conversation_id:, in_reply_to_tweet_id:, quotes_of_tweet_id: or from: in a query.",
  );
}

export function matches(world: XWorld, query: ParsedQuery, tweet: SandboxTweet): boolean {
  for (const term of query.terms) {
    if (test(world, term, tweet) === term.negated) return false;
  }
  return true;
}

function test(world: XWorld, term: Term, tweet: SandboxTweet): boolean {
  switch (term.kind) {
    case "conversation_id":
      return tweet.conversationId === term.value;
    case "in_reply_to_tweet_id":
      return (
        tweet.referencedTweets?.some((ref) => ref.type === "replied_to" && ref.id === term.value) ?? false
      );
    case "quotes_of_tweet_id":
      return tweet.referencedTweets?.some((ref) => ref.type === "quoted" && ref.id === term.value) ?? false;
    case "from":
      return world.user(tweet.authorIndex).username.toLowerCase() === term.value.toLowerCase();
    case "to": {
      const target = tweet.inReplyToUserId ? world.getUser(tweet.inReplyToUserId) : undefined;
      return target?.username.toLowerCase() === term.value.toLowerCase();
    }
    case "is":
      if (term.value === "reply") return tweet.kind === "reply";
      if (term.value === "quote") return tweet.kind === "quote";
      if (term.value === "verified") return world.user(tweet.authorIndex).verified;
      return false;
    case "text":
      return tweet.text.toLowerCase().includes(term.value);
  }
}
