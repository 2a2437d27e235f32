// Token pagination as resumable async iteration: X returns meta.next_token until the list ends, and the
// token, opaque to clients, is sent back as pagination_token (or next_token for search).
import type { SpendingBudget } from "./budget.ts";
import type { Clock } from "./clock.ts";
import { XCursorLoopError } from "./errors.ts";
import type { XIncludes, XMeta, XPartialError } from "./schemas.ts";

/**
 * Where a paginated read stands after a page. Store it with the job; pass it back as `cursor` to go on
 * after that page. `done` means the list was read to its end.
 */
export type PageCursor = {
  nextToken: string | null;
  pagesFetched: number;
  itemsFetched: number;
  done: boolean;
};

export type Page<T> = {
  data: T[];
  includes: XIncludes;
  /** Partial errors: deleted or suspended accounts in the list, for instance. */
  errors: XPartialError[];
  meta: XMeta;
  /** The cursor to store once this page is processed. */
  cursor: PageCursor;
};

export type RawPage<T> = {
  data?: T[] | undefined;
  includes?: XIncludes | undefined;
  errors?: XPartialError[] | undefined;
  meta?: XMeta | undefined;
};

export type PaginateOptions = {
  endpoint: string;
  cursor?: PageCursor | undefined;
  clock: Clock;
  budget?: SpendingBudget | undefined;
  /** Re-fetches of a page whose next_token was already seen, before XCursorLoopError (default 2). */
  cursorRetries: number;
  /** Wait before such a re-fetch (ms). */
  cursorRetryDelayMs: number;
  /** Stop (cleanly, cursor not done) after this many pages in this run. */
  maxPages?: number | undefined;
  signal?: AbortSignal | undefined;
};

/**
 * Pages until the list ends. A next_token that was already seen in this run (the same token again, or a
 * loop back to an earlier page) means the upstream cursor broke: the page is fetched again, since such
 * faults are usually transient, and if it stays broken the read stops with XCursorLoopError carrying the
 * last good cursor. Nothing from the broken answer is yielded, so no page is seen twice.
 */
export async function* paginate<T>(
  fetchPage: (token: string | undefined) => Promise<RawPage<T>>,
  options: PaginateOptions,
): AsyncGenerator<Page<T>, void, undefined> {
  let cursor: PageCursor = options.cursor ?? {
    nextToken: null,
    pagesFetched: 0,
    itemsFetched: 0,
    done: false,
  };
  if (cursor.done) return;
  const seen = new Set<string>();
  if (cursor.nextToken) seen.add(cursor.nextToken);
  let pagesThisRun = 0;

  for (;;) {
    if (options.maxPages !== undefined && pagesThisRun >= options.maxPages) return;
    const token = cursor.nextToken ?? undefined;
    let page: RawPage<T>;
    for (let attempt = 0; ; attempt++) {
      page = await fetchPage(token);
      const next = page.meta?.next_token;
      if (next === undefined || !seen.has(next)) break;
      if (attempt >= options.cursorRetries) throw new XCursorLoopError(options.endpoint, cursor, next);
      await options.clock.sleep(options.cursorRetryDelayMs, options.signal);
    }
    pagesThisRun++;
    const data = page.data ?? [];
    options.budget?.countItems(data.length);
    const next = page.meta?.next_token ?? null;
    if (next) seen.add(next);
    cursor = {
      nextToken: next,
      pagesFetched: cursor.pagesFetched + 1,
      itemsFetched: cursor.itemsFetched + data.length,
      done: next === null,
    };
    yield {
      data,
      includes: page.includes ?? {},
      errors: page.errors ?? [],
      meta: page.meta ?? { result_count: data.length },
      cursor,
    };
    if (cursor.done) return;
  }
}

/** Reads every page; items de-duplicated by id (first occurrence kept). */
export async function collectPages<T extends { id: string }>(
  pages: AsyncIterable<Page<T>>,
): Promise<{
  items: T[];
  errors: XPartialError[];
  includes: Required<XIncludes>;
  cursor: PageCursor | undefined;
}> {
  const byId = new Map<string, T>();
  const errors: XPartialError[] = [];
  const users = new Map<string, NonNullable<XIncludes["users"]>[number]>();
  const tweets = new Map<string, NonNullable<XIncludes["tweets"]>[number]>();
  let cursor: PageCursor | undefined;
  for await (const page of pages) {
    for (const item of page.data) if (!byId.has(item.id)) byId.set(item.id, item);
    errors.push(...page.errors);
    for (const user of page.includes.users ?? []) users.set(user.id, user);
    for (const tweet of page.includes.tweets ?? []) tweets.set(tweet.id, tweet);
    cursor = page.cursor;
  }
  return {
    items: [...byId.values()],
    errors,
    includes: { users: [...users.values()], tweets: [...tweets.values()] },
    cursor,
  };
}
