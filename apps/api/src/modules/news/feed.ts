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
