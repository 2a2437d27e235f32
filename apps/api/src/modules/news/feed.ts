// The RSS 2.0 feed of published entries. Text is escaped for XML and stripped of the characters XML 1.0
// cannot carry, so any entry an administrator can save yields a valid feed.
import type { NewsEntryRow } from "./repository.ts";

// Control characters, lone surrogates and the two non-characters XML 1.0 forbids (the API refuses control
// characters in bodies already; this keeps the feed valid whatever reached the table).
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching them is the point: they are removed.
const controlCharacter = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g;
const loneSurrogate = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

export function xmlText(value: string): string {
  return value
    .replace(controlCharacter, "")
    .replace(loneSurrogate, "")
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&apos;");
}

export type FeedChannel = {
  title: string;
  description: string;
  /** The drops page, absolute. */
  siteUrl: string;
  /** The feed's own URL, absolute. */
  selfUrl: string;
  language: "en" | "zh-cn";
  /** The label put before a sample entry's title. */
  sampleLabel: string;
};

function element(name: string, value: string): string {
  return `<${name}>${xmlText(value)}</${name}>`;
}

function itemOf(row: NewsEntryRow, channel: FeedChannel): string {
  const link = `${channel.siteUrl}#drop-news-${row.id}`;
  const title = `${row.isSample ? `[${channel.sampleLabel}] ` : ""}${row.project}: ${row.title}`;
  return [
    "<item>",
    element("title", title),
    element("link", link),
    `<guid isPermaLink="false">${xmlText(`dropfair-news-${row.id}`)}</guid>`,
    element("description", row.summary),
    element("category", row.category),
    element("pubDate", (row.publishedAt ?? row.createdAt).toUTCString()),
    "</item>",
  ].join("");
}

export function renderRssFeed(rows: readonly NewsEntryRow[], channel: FeedChannel, at: Date): string {
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">',
    "<channel>",
    element("title", channel.title),
    element("link", channel.siteUrl),
    element("description", channel.description),
    element("language", channel.language),
    element("lastBuildDate", at.toUTCString()),
    `<atom:link href="${xmlText(channel.selfUrl)}" rel="self" type="application/rss+xml"/>`,
    ...rows.map((row) => itemOf(row, channel)),
    "</channel>",
    "</rss>",
    "",
  ].join("\n");
}

function atomEntryOf(row: NewsEntryRow, channel: FeedChannel & { tagAuthority: string }): string {
  const link = `${channel.siteUrl}#drop-news-${row.id}`;
  const title = `${row.isSample ? `[${channel.sampleLabel}] ` : ""}${row.project}: ${row.title}`;
  return [
    "<entry>",
    element("title", title),
    `<link rel="alternate" type="text/html" href="${xmlText(link)}"/>`,
    // A tag URI (RFC 4151): stable whatever the entry's texts or the site's address become.
    element("id", `tag:${channel.tagAuthority},2026:news-${row.id}`),
    element("updated", row.updatedAt.toISOString()),
    element("published", (row.publishedAt ?? row.createdAt).toISOString()),
    element("summary", row.summary),
    `<category term="${xmlText(row.category)}"/>`,
    "</entry>",
  ].join("");
}

/** The same entries as Atom 1.0 (RFC 4287): every feed and entry has its id, title and updated time. */
export function renderAtomFeed(
  rows: readonly NewsEntryRow[],
  channel: FeedChannel & { tagAuthority: string },
  at: Date,
): string {
  const updated = rows.reduce(
    (latest, row) => (row.updatedAt > latest ? row.updatedAt : latest),
    new Date(0),
  );
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="${channel.language}">`,
    element("title", channel.title),
    element("subtitle", channel.description),
    element("id", channel.selfUrl),
    `<link rel="self" type="application/atom+xml" href="${xmlText(channel.selfUrl)}"/>`,
    `<link rel="alternate" type="text/html" href="${xmlText(channel.siteUrl)}"/>`,
    element("updated", (rows.length > 0 ? updated : at).toISOString()),
    `<author>${element("name", channel.title)}</author>`,
    ...rows.map((row) => atomEntryOf(row, channel)),
    "</feed>",
    "",
  ].join("\n");
}
