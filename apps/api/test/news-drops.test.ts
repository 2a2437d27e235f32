// The public news: the drops list (filters, keyword, paging, Dropfair's own airdrops, tips campaigns and wheel
// games), one entry, the RSS feed read by real parsers, the sandbox samples, rate limits (T11) and messages (T12).

import { tipsCampaigns, wheelGames, wheelPrizes } from "@dropfair/db";
import { tipsStatuses } from "@dropfair/schemas/tips";
import { parseFeed } from "@rowanmanning/feed-parser";
import { XMLParser, XMLValidator } from "fast-xml-parser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedNewsSamples } from "../src/modules/news/index.ts";
import {
  buildNewsTestApp,
  createEntry,
  dayMs,
  type NewsTestContext,
  newsStart,
  releasedAirdrop,
} from "./news-helper.ts";

type Item = {
  kind: string;
  id: number;
  title: string;
  status: number;
  onDropfair: boolean;
  featured: boolean;
};
type List = { items: Item[]; total: number };

let context: NewsTestContext;
const ids: Record<string, number> = {};
const ago = (days: number) => new Date(newsStart.getTime() - days * dayMs);

async function publishAt(at: Date, fields: Record<string, unknown>, name: string) {
  context.clock.now = at;
  ids[name] = (await createEntry(context, fields)).id;
  context.clock.now = newsStart;
}

beforeAll(async () => {
  context = await buildNewsTestApp();
  // Published 2 hours, 3 days and 20 days ago; one never published.
  await publishAt(ago(1 / 12), { title: "Fresh rollup quests", category: "l2" }, "fresh");
  await publishAt(
    ago(3),
    {
      title: "Upcoming mint 100% free",
      category: "nft",
      startAt: new Date(newsStart.getTime() + 2 * dayMs).toISOString(),
      endAt: null,
    },
    "upcoming",
  );
  await publishAt(
    ago(20),
    { title: "Old swap campaign", startAt: ago(30).toISOString(), endAt: ago(10).toISOString() },
    "old",
  );
  ids.draft = (await createEntry(context, { title: "Secret draft" }, { publish: false })).id;
  ids.airdrop = await releasedAirdrop(context, {
    title: "Dropfair community airdrop",
    startAt: ago(1),
    endAt: new Date(newsStart.getTime() + dayMs),
    releasedAt: ago(2),
  });
  await releasedAirdrop(context, {
    title: "Unreleased draft airdrop",
    startAt: ago(1),
    endAt: ago(0.5),
    releasedAt: null,
  });
  await releasedAirdrop(context, {
    title: "Deleted airdrop",
    startAt: ago(1),
    endAt: ago(0.5),
    releasedAt: ago(1),
    deletedAt: ago(0.1),
  });
});
afterAll(async () => {
  await context.close();
});

async function drops(query: string, language?: string) {
  const answer = await context.call("GET", `/api/bounty/news/drops${query}`, { language });
  return { status: answer.status, body: answer.body, list: answer.body.content as List };
}

const titles = (list: List) => list.items.map((item) => item.title);

describe("the drops list", () => {
  it("merges published entries and Dropfair's released airdrops, latest listed first", async () => {
    const { status, list } = await drops("");
    expect(status).toBe(200);
    expect(titles(list)).toEqual([
      "Fresh rollup quests",
      "Dropfair community airdrop",
      "Upcoming mint 100% free",
      "Old swap campaign",
    ]);
    expect(list.total).toBe(4);
    const airdrop = list.items[1]!;
    expect(airdrop).toMatchObject({
      kind: "airdrop",
      id: ids.airdrop,
      onDropfair: true,
      status: 1,
      chainIds: [56],
    });
    expect(list.items.filter((item) => item.onDropfair)).toHaveLength(1);
  });

  it("filters by status computed from the times (0 not started, 1 running, 2 ended)", async () => {
    expect(titles((await drops("?status=0")).list)).toEqual(["Upcoming mint 100% free"]);
    expect(titles((await drops("?status=1")).list)).toEqual([
      "Fresh rollup quests",
      "Dropfair community airdrop",
    ]);
    expect(titles((await drops("?status=2")).list)).toEqual(["Old swap campaign"]);
  });

  it("filters by the last 1, 7 or 30 days of listing", async () => {
    expect(titles((await drops("?days=1")).list)).toEqual(["Fresh rollup quests"]);
    expect(titles((await drops("?days=7")).list)).toEqual([
      "Fresh rollup quests",
      "Dropfair community airdrop",
      "Upcoming mint 100% free",
    ]);
    expect((await drops("?days=30")).list.total).toBe(4);
    expect(titles((await drops("?status=1&days=7")).list)).toEqual([
      "Fresh rollup quests",
      "Dropfair community airdrop",
    ]);
  });

  it("filters by category, which Dropfair's own campaigns do not have", async () => {
    expect(titles((await drops("?category=nft")).list)).toEqual(["Upcoming mint 100% free"]);
    expect((await drops("?category=gamefi")).list).toEqual({ items: [], total: 0 });
  });

  it("searches the keyword in titles, projects and summaries, taking % and _ literally", async () => {
    expect(titles((await drops("?keyword=COMMUNITY")).list)).toEqual(["Dropfair community airdrop"]);
    expect(titles((await drops("?keyword=100%25")).list)).toEqual(["Upcoming mint 100% free"]);
    expect((await drops("?keyword=%25")).list.total).toBe(1);
    expect((await drops("?keyword=_")).list.total).toBe(0);
    expect((await drops("?keyword=example%20swap")).list.total).toBe(3);
    expect((await drops("?keyword=secret")).list.total).toBe(0);
  });

  it("pages the merged list without losing or repeating an item", async () => {
    const pages = await Promise.all([1, 2, 3].map((page) => drops(`?pageSize=2&page=${page}`)));
    expect(pages.map((page) => titles(page.list))).toEqual([
      ["Fresh rollup quests", "Dropfair community airdrop"],
      ["Upcoming mint 100% free", "Old swap campaign"],
      [],
    ]);
    expect(pages.every((page) => page.list.total === 4)).toBe(true);
  });

  it("puts a featured entry first and hides an unpublished one at once", async () => {
    await context.call("PUT", `/api/bounty/news/admin/entries/${ids.old}/featured`, {
      token: context.adminToken,
      payload: { featured: true },
    });
    expect(titles((await drops("")).list)[0]).toBe("Old swap campaign");
    await context.call("POST", `/api/bounty/news/admin/entries/${ids.old}/unpublish`, {
      token: context.adminToken,
    });
    expect(titles((await drops("")).list)).not.toContain("Old swap campaign");
    await context.call("POST", `/api/bounty/news/admin/entries/${ids.old}/publish`, {
      token: context.adminToken,
    });
    await context.call("PUT", `/api/bounty/news/admin/entries/${ids.old}/featured`, {
      token: context.adminToken,
      payload: { featured: false },
    });
    // Published again now, so it counts as listed now.
    expect(titles((await drops("?days=1")).list)).toEqual(["Old swap campaign", "Fresh rollup quests"]);
  });

  it("answers bad filters with their message in en and cn (T12), never a 500", async () => {
    const days = await drops("?days=5");
    expect({ status: days.status, message: days.body.message }).toEqual({
      status: 400,
      message: "The time filter must be 1, 7 or 30 days.",
    });
    expect((await drops("?days=5", "zh-cn")).body.message).toBe("时间筛选只能是 1、7 或 30 天。");
    const category = await drops("?category=memes", "zh-cn");
    expect({
      status: category.status,
      typeCode: category.body.typeCode,
      message: category.body.message,
    }).toEqual({
      status: 400,
      typeCode: 670,
      message: "没有“memes”这个分类。",
    });
    for (const query of [
      "?status=3",
      "?status=x",
      "?page=0",
      "?pageSize=1000",
      "?unknown=1",
      `?keyword=${"a".repeat(300)}`,
      "?days=",
      "?status=1&status=2",
    ]) {
      const answer = await drops(query);
      expect(answer.status, query).toBe(400);
    }
  });
});

describe("Dropfair's tips campaigns and wheel games in the list", () => {
  // Its own app, so the list above keeps its items.
  let own: NewsTestContext;
  const at = (days: number) => new Date(newsStart.getTime() + days * dayMs);
  const token = "0x5FbDB2315678afecb367f032d93F642f64180aa3";
  const wheelIds: Record<string, number> = {};
  let tipsId = 0;

  async function tips(values: Partial<typeof tipsCampaigns.$inferInsert> & { title: string }) {
    const [row] = await own.database.db
      .insert(tipsCampaigns)
      .values({
        creatorUserId: own.adminUserId,
        startsAt: at(-1),
        endsAt: at(2),
        chainId: 56,
        tokenAddress: token,
        tokenSymbol: "TIP",
        tokenDecimals: 18,
        totalPrize: "1000000000000000000000",
        weightViews: 1,
        weightLikes: 1,
        weightReplies: 1,
        weightRetweets: 1,
        weightQuotes: 1,
        tweetCap: 10,
        dailyTweets: 3,
        status: tipsStatuses.running,
        fundedAt: at(-2),
        ...values,
      })
      .returning({ id: tipsCampaigns.id });
    return row!.id;
  }

  async function wheel(
    values: Partial<typeof wheelGames.$inferInsert> & { title: string },
    prize: { kind: "ep" | "token"; fundedAt: Date | null },
  ) {
    const [row] = await own.database.db
      .insert(wheelGames)
      .values({
        creatorUserId: own.adminUserId,
        chainId: 31337,
        contractAddress: token,
        fromBlock: 0n,
        startsAt: at(-1),
        endsAt: at(3),
        salt: "0x00",
        saltHash: "0x00",
        createdAt: at(-3),
        ...values,
      })
      .returning({ id: wheelGames.id });
    await own.database.db.insert(wheelPrizes).values({
      gameId: row!.id,
      prizeId: "p1",
      position: 0,
      kind: prize.kind,
      label: "",
      weight: 1,
      count: prize.kind === "ep" ? null : 1,
      amount: "5",
      ...(prize.kind === "token" ? { tokenAddress: token, tokenSymbol: "TIP", tokenDecimals: 18 } : {}),
      fundedAt: prize.fundedAt,
    });
    return row!.id;
  }

  async function ownDrops(query: string) {
    const answer = await own.call("GET", `/api/bounty/news/drops${query}`);
    expect(answer.status).toBe(200);
    return answer.body.content as List & { items: (Item & Record<string, unknown>)[] };
  }

  beforeAll(async () => {
    own = await buildNewsTestApp();
    await createEntry(own, { title: "Curated rollup quests" });
    tipsId = await tips({ title: "Tips for rollup threads", description: "Post about the rollup" });
    await tips({
      title: "Upcoming tips sprint",
      status: tipsStatuses.notStarted,
      startsAt: at(1),
      fundedAt: at(-0.5),
    });
    await tips({ title: "Unfunded tips", status: tipsStatuses.notStarted, fundedAt: null, startsAt: at(1) });
    await tips({ title: "Ended tips", status: tipsStatuses.processing, startsAt: at(-5), endsAt: at(-0.5) });
    await tips({ title: "Broken tips", status: tipsStatuses.error, errorReason: "funding reverted" });
    wheelIds.live = await wheel(
      { title: "Lucky spin week", partnerSlug: "galaxy" },
      { kind: "ep", fundedAt: null },
    );
    await wheel({ title: "Unfunded wheel" }, { kind: "token", fundedAt: null });
    await wheel({ title: "Closed wheel", closedAt: at(-0.2) }, { kind: "token", fundedAt: at(-2) });
    await wheel({ title: "Wheel in error", errorReason: "contract gone" }, { kind: "ep", fundedAt: null });
  });
  afterAll(async () => {
    await own.close();
  });

  it("lists funded upcoming and running ones, marked as on Dropfair, and nothing unfunded, over or in error", async () => {
    const list = await ownDrops("");
    expect(titles(list)).toEqual([
      "Curated rollup quests",
      "Upcoming tips sprint",
      "Tips for rollup threads",
      "Lucky spin week",
    ]);
    expect(list.total).toBe(4);
    expect(list.items[2]).toMatchObject({
      kind: "tips",
      id: tipsId,
      onDropfair: true,
      project: "TIP",
      title: "Tips for rollup threads",
      summary: "Post about the rollup",
      category: null,
      status: 1,
      chainIds: [56],
      startAt: at(-1).toISOString(),
      endAt: at(2).toISOString(),
      listedAt: at(-2).toISOString(),
    });
    expect(list.items[1]).toMatchObject({ kind: "tips", status: 0, onDropfair: true });
    expect(list.items[3]).toMatchObject({
      kind: "wheel",
      id: wheelIds.live,
      onDropfair: true,
      project: "galaxy",
      status: 1,
      chainIds: [31337],
      endAt: at(3).toISOString(),
    });
  });

  it("applies status, time window, keyword and category across every source", async () => {
    expect(titles(await ownDrops("?status=0"))).toEqual(["Upcoming tips sprint"]);
    expect(titles(await ownDrops("?status=1"))).toEqual([
      "Curated rollup quests",
      "Tips for rollup threads",
      "Lucky spin week",
    ]);
    expect(await ownDrops("?status=2")).toEqual({ items: [], total: 0 });
    expect(titles(await ownDrops("?days=1"))).toEqual(["Curated rollup quests", "Upcoming tips sprint"]);
    expect((await ownDrops("?days=7")).total).toBe(4);
    expect(titles(await ownDrops("?keyword=ROLLUP"))).toEqual([
      "Curated rollup quests",
      "Tips for rollup threads",
    ]);
    expect(titles(await ownDrops("?keyword=spin"))).toEqual(["Lucky spin week"]);
    expect(titles(await ownDrops("?category=defi"))).toEqual(["Curated rollup quests"]);
  });

  it("pages across the four sources without losing or repeating an item", async () => {
    const pages = await Promise.all([1, 2, 3].map((page) => ownDrops(`?pageSize=3&page=${page}`)));
    expect(pages.map(titles)).toEqual([
      ["Curated rollup quests", "Upcoming tips sprint", "Tips for rollup threads"],
      ["Lucky spin week"],
      [],
    ]);
    expect(pages.map((page) => page.total)).toEqual([4, 4, 4]);
  });

  it("drops a campaign once its end has passed", async () => {
    own.clock.now = at(2.5);
    try {
      expect(titles(await ownDrops("?keyword=tips"))).toEqual([]);
      expect(titles(await ownDrops("?keyword=spin"))).toEqual(["Lucky spin week"]);
    } finally {
      own.clock.now = newsStart;
    }
  });
});

describe("one entry", () => {
  it("shows a published entry to anyone and hides an unpublished one from everyone but the curation routes", async () => {
    const published = await context.call("GET", `/api/bounty/news/entries/${ids.fresh}`);
    expect(published.status).toBe(200);
    expect(published.body.content).toMatchObject({
      kind: "news",
      id: ids.fresh,
      title: "Fresh rollup quests",
    });
    for (const token of [undefined, context.strangerToken, context.adminToken]) {
      const hidden = await context.call("GET", `/api/bounty/news/entries/${ids.draft}`, { token });
      expect(hidden.status).toBe(404);
      expect(hidden.body.content).toBeNull();
    }
  });
});

describe("the RSS feed", () => {
  it("is well-formed RSS 2.0 with the published entries only, escaped", async () => {
    await createEntry(context, {
      project: "Tags & <Co>",
      title: "Break </title><script>alert(1)</script> out",
      summary: "Ampersand & \"quotes\" 'here'",
    });
    const response = await context.app.inject({ method: "GET", url: "/api/bounty/news/feed.xml" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("application/rss+xml; charset=utf-8");
    expect(XMLValidator.validate(response.body)).toBe(true);
    const feed = parseFeed(response.body);
    expect(feed.meta.type).toBe("rss");
    expect(feed.title).toBe("Dropfair airdrop news");
    const itemTitles = feed.items.map((item) => item.title);
    expect(itemTitles).toContain("Tags & <Co>: Break </title><script>alert(1)</script> out");
    expect(itemTitles).toContain("Example Swap: Fresh rollup quests");
    expect(itemTitles.some((title) => title?.includes("Secret draft"))).toBe(false);
    expect(itemTitles.some((title) => title?.includes("Dropfair community airdrop"))).toBe(false);
    const raw = new XMLParser().parse(response.body);
    const escaped = raw.rss.channel.item.find((item: { title: string }) => item.title.startsWith("Tags"));
    expect(escaped.description).toBe("Ampersand & \"quotes\" 'here'");
    expect(feed.items[0]!.url).toBe(
      `http://localhost:3000/drops#drop-news-${feed.items[0]!.id!.replace("dropfair-news-", "")}`,
    );
  });

  it("speaks Chinese with lang=cn and labels sandbox samples", async () => {
    expect(await seedNewsSamples(context.database.db, newsStart)).toBe(4);
    const response = await context.app.inject({ method: "GET", url: "/api/bounty/news/feed.xml?lang=cn" });
    expect(XMLValidator.validate(response.body)).toBe(true);
    const feed = parseFeed(response.body);
    expect(feed.title).toBe("Dropfair 空投资讯");
    expect(feed.language).toBe("zh-cn");
    expect(feed.items.filter((item) => item.title?.startsWith("[示例] "))).toHaveLength(4);
  });
});

describe("the Atom feed", () => {
  it("is valid Atom 1.0 with the same published entries, escaped, and stable ids", async () => {
    const rss = parseFeed((await context.app.inject("/api/bounty/news/feed.xml")).body);
    const response = await context.app.inject({ method: "GET", url: "/api/bounty/news/feed.atom" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("application/atom+xml; charset=utf-8");
    expect(XMLValidator.validate(response.body)).toBe(true);
    const feed = parseFeed(response.body);
    expect(feed.meta.type).toBe("atom");
    expect(feed.title).toBe("Dropfair airdrop news");
    expect(feed.url).toBe("http://localhost:3000/drops");
    expect(feed.self).toBe("http://localhost:3000/api/bounty/news/feed.atom");
    expect(feed.items.map((item) => item.title)).toEqual(rss.items.map((item) => item.title));
    expect(feed.items.map((item) => item.url)).toEqual(rss.items.map((item) => item.url));
    expect(feed.items.map((item) => item.title)).toContain(
      "Tags & <Co>: Break </title><script>alert(1)</script> out",
    );
    const raw = new XMLParser({ ignoreAttributes: false }).parse(response.body);
    const entries = raw.feed.entry as { id: string; title: string; updated: string; summary: string }[];
    const escaped = entries.find((entry) => entry.title.startsWith("Tags"));
    expect(escaped?.summary).toBe("Ampersand & \"quotes\" 'here'");
    for (const entry of entries) {
      expect(entry.id).toMatch(/^tag:localhost,2026:news-[1-9][0-9]*$/);
      expect(Number.isNaN(Date.parse(entry.updated))).toBe(false);
    }
    expect(new Set(entries.map((entry) => entry.id)).size).toBe(entries.length);
    expect(Number.isNaN(Date.parse(raw.feed.updated))).toBe(false);
  });

  it("speaks Chinese with lang=cn", async () => {
    const response = await context.app.inject("/api/bounty/news/feed.atom?lang=cn");
    const feed = parseFeed(response.body);
    expect(feed.title).toBe("Dropfair 空投资讯");
    expect(feed.language).toBe("zh-cn");
    expect(feed.url).toBe("http://localhost:3000/cn/drops");
    expect(feed.items.filter((item) => item.title?.startsWith("[示例] "))).toHaveLength(4);
  });
});

describe("sandbox samples", () => {
  it("are seeded once, published, and marked as samples", async () => {
    expect(await seedNewsSamples(context.database.db, newsStart)).toBe(0);
    const { list } = await drops("?keyword=sample&pageSize=50");
    const samples = list.items.filter((item) => (item as Item & { isSample: boolean }).isSample);
    expect(samples.map((item) => item.title).sort()).toEqual([
      "Free mint for early supporters",
      "Liquidity mining season",
      "Play-to-earn beta",
      "Testnet quests",
    ]);
  });
});

describe("rate limits (T11)", () => {
  it("answer 429 past NEWS_SEARCH_RATE_LIMIT_PER_MINUTE drops requests from one client", async () => {
    const limited = await buildNewsTestApp({ NEWS_SEARCH_RATE_LIMIT_PER_MINUTE: "3" });
    try {
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 5; attempt++) {
        statuses.push((await limited.call("GET", "/api/bounty/news/drops?keyword=a")).status);
      }
      expect(statuses).toEqual([200, 200, 200, 429, 429]);
      const answer = await limited.call("GET", "/api/bounty/news/drops", { language: "zh-cn" });
      expect(answer.body.typeCode).toBe(450);
    } finally {
      await limited.close();
    }
  });
});

describe("OpenAPI", () => {
  it("documents the drops JSON endpoint with its filters, the feed and the curation routes", async () => {
    const spec = (await context.app.inject("/api/docs/json")).json();
    const drops = spec.paths["/api/bounty/news/drops"].get;
    expect(drops.tags).toEqual(["news"]);
    expect(drops.parameters.map((parameter: { name: string }) => parameter.name).sort()).toEqual([
      "category",
      "days",
      "keyword",
      "page",
      "pageSize",
      "status",
    ]);
    expect(Object.keys(spec.paths)).toEqual(
      expect.arrayContaining([
        "/api/bounty/news/feed.xml",
        "/api/bounty/news/feed.atom",
        "/api/bounty/news/entries/{id}",
        "/api/bounty/news/admin/entries",
        "/api/bounty/news/admin/entries/{id}/publish",
        "/api/bounty/news/admin/entries/{id}/featured",
      ]),
    );
  });
});
