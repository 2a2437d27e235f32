// The administrators' entry form: text fields as typed, turned into the API body and back. Links and
// requirements are edited one per line, so an entry with many of them stays a short form.
import type { CreateNewsEntryBody, NewsEntry } from "@dropfair/schemas/news";

export const linkKinds = ["website", "x", "discord", "telegram", "docs", "other"] as const;
type LinkKind = (typeof linkKinds)[number];

export type EntryFormValues = {
  project: string;
  title: string;
  summary: string;
  logoUrl: string;
  category: string;
  /** Chain ids, comma-separated. */
  chains: string;
  /** `YYYY-MM-DDTHH:mm` in the administrator's time zone (a datetime-local input). */
  startAt: string;
  endAt: string;
  /** One per line: `<kind> <url>`, kind one of linkKinds (a bare URL is a website). */
  links: string;
  /** One per line: `<action> | <url>`. */
  requirements: string;
  estimatedCost: string;
  estimatedReward: string;
  sourceName: string;
  sourceUrl: string;
  verifiedLinks: boolean;
};

export function emptyEntryForm(now: Date, category: string): EntryFormValues {
  return {
    project: "",
    title: "",
    summary: "",
    logoUrl: "",
    category,
    chains: "",
    startAt: localInputValue(now),
    endAt: "",
    links: "",
    requirements: "",
    estimatedCost: "",
    estimatedReward: "",
    sourceName: "",
    sourceUrl: "",
    verifiedLinks: false,
  };
}

/** An instant as a datetime-local value in this browser's time zone. */
export function localInputValue(instant: Date): string {
  const local = new Date(instant.getTime() - instant.getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 16);
}

/** A datetime-local value (this browser's time zone) as an ISO instant; blank or unreadable gives null. */
export function instantOfInput(value: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(value)) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

function lines(text: string): string[] {
  return text
    .split("\n")
    .map((line) => line.trim())
    .filter(Boolean);
}

export function parseLinks(text: string): { kind: LinkKind; url: string }[] {
  return lines(text).map((line) => {
    const [first = "", ...rest] = line.split(/\s+/);
    const kind = first.toLowerCase() as LinkKind;
    return linkKinds.includes(kind) && rest.length > 0
      ? { kind, url: rest.join(" ") }
      : { kind: "website" as const, url: line };
  });
}

export function parseRequirements(text: string): { action: string; url: string }[] {
  return lines(text).map((line) => {
    const separator = line.lastIndexOf("|");
    return separator < 0
      ? { action: line, url: "" }
      : { action: line.slice(0, separator).trim(), url: line.slice(separator + 1).trim() };
  });
}

const blankToNull = (value: string) => (value.trim() === "" ? null : value.trim());

/** The API body of the form; the server validates every field and answers with the message to show. */
export function bodyOfForm(values: EntryFormValues): CreateNewsEntryBody {
  return {
    project: values.project,
    title: values.title,
    summary: values.summary,
    logoUrl: blankToNull(values.logoUrl),
    category: values.category,
    chainIds: values.chains
      .split(/[\s,]+/)
      .filter(Boolean)
      .map((id) => Number(id))
      .filter((id) => Number.isSafeInteger(id) && id > 0),
    startAt: instantOfInput(values.startAt) ?? values.startAt,
    endAt: instantOfInput(values.endAt),
    links: parseLinks(values.links),
    requirements: parseRequirements(values.requirements),
    estimatedCost: blankToNull(values.estimatedCost),
    estimatedReward: blankToNull(values.estimatedReward),
    sourceName: blankToNull(values.sourceName),
    sourceUrl: blankToNull(values.sourceUrl),
    verifiedLinks: values.verifiedLinks,
  };
}

export function formOfEntry(entry: NewsEntry): EntryFormValues {
  return {
    project: entry.project,
    title: entry.title,
    summary: entry.summary,
    logoUrl: entry.logoUrl ?? "",
    category: entry.category ?? "",
    chains: entry.chainIds.join(", "),
    startAt: localInputValue(new Date(entry.startAt)),
    endAt: entry.endAt ? localInputValue(new Date(entry.endAt)) : "",
    links: entry.links.map((link) => `${link.kind} ${link.url}`).join("\n"),
    requirements: entry.requirements.map((item) => `${item.action} | ${item.url}`).join("\n"),
    estimatedCost: entry.estimatedCost ?? "",
    estimatedReward: entry.estimatedReward ?? "",
    sourceName: entry.sourceName ?? "",
    sourceUrl: entry.sourceUrl ?? "",
    verifiedLinks: entry.verifiedLinks,
  };
}
