// The administrators' programme and badge forms: fields as typed, turned into the API's bodies and back. A rule is
// one kind and one number (or mission ids, comma-separated); mint windows are datetime-local values.
import type {
  BadgeKind,
  BadgePeriod,
  BadgeRule,
  BadgeRuleKind,
  BadgeWithState,
} from "@dropfair/schemas/badges";

export type BadgeFormValues = {
  name: string;
  description: string;
  /** An https or ipfs link; blank keeps the current image (our artwork for a new badge). */
  image: string;
  ruleKind: BadgeRuleKind;
  /** The level, points or count the rule asks. */
  target: string;
  /** Mission ids, comma-separated (`missions` rules). */
  missionIds: string;
  period: BadgePeriod;
  kind: BadgeKind;
  chainId: string;
  /** `YYYY-MM-DDTHH:mm` in the administrator's time zone; blank: no bound. */
  mintStart: string;
  mintEnd: string;
};

export function emptyBadgeForm(chainId: number | undefined): BadgeFormValues {
  return {
    name: "",
    description: "",
    image: "",
    ruleKind: "points",
    target: "100",
    missionIds: "",
    period: "once",
    kind: "sbt",
    chainId: chainId === undefined ? "" : String(chainId),
    mintStart: "",
    mintEnd: "",
  };
}

function targetOf(rule: BadgeRule): string {
  switch (rule.kind) {
    case "level":
      return String(rule.level);
    case "points":
      return String(rule.points);
    case "missions":
    case "list":
      return "";
    default:
      return String(rule.count);
  }
}

export function formOfBadge(badge: BadgeWithState): BadgeFormValues {
  return {
    name: badge.name,
    description: badge.description,
    // Our artwork and uploads are paths on this API: only a link the administrator gave is shown back.
    image: /^(https|ipfs):\/\//.test(badge.image) ? badge.image : "",
    ruleKind: badge.rule.kind,
    target: targetOf(badge.rule),
    missionIds: badge.rule.kind === "missions" ? badge.rule.missionIds.join(", ") : "",
    period: badge.period,
    kind: badge.kind,
    chainId: String(badge.chainId),
    mintStart: badge.mintStart ? localInputValue(new Date(badge.mintStart)) : "",
    mintEnd: badge.mintEnd ? localInputValue(new Date(badge.mintEnd)) : "",
  };
}

/** The rule the form describes; null when its number or mission ids do not read (the API checks the rest). */
export function ruleOfForm(values: BadgeFormValues): BadgeRule | null {
  if (values.ruleKind === "list") return { kind: "list" };
  if (values.ruleKind === "missions") {
    const ids = values.missionIds
      .split(/[\s,]+/)
      .filter(Boolean)
      .map((id) => Number(id));
    if (ids.length === 0 || ids.some((id) => !Number.isSafeInteger(id) || id <= 0)) return null;
    return { kind: "missions", missionIds: ids };
  }
  const target = Number(values.target.trim());
  if (!/^\d+$/.test(values.target.trim()) || !Number.isSafeInteger(target)) return null;
  if (values.ruleKind === "level") return { kind: "level", level: target };
  if (values.ruleKind === "points") return { kind: "points", points: target };
  return { kind: values.ruleKind, count: target };
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

/** The wire body of a new badge (dates as ISO instants, as the API reads them). */
export function createBodyOfForm(values: BadgeFormValues, rule: BadgeRule) {
  return {
    name: values.name,
    description: values.description,
    ...(values.image.trim() ? { image: values.image.trim() } : {}),
    rule,
    period: values.period,
    kind: values.kind,
    chainId: Number(values.chainId),
    mintStart: instantOfInput(values.mintStart),
    mintEnd: instantOfInput(values.mintEnd),
  };
}

/** The wire body of an edit: texts, rule and window; the image only when a new link was typed. */
export function updateBodyOfForm(values: BadgeFormValues, rule: BadgeRule, before: BadgeFormValues) {
  const image = values.image.trim();
  return {
    name: values.name,
    description: values.description,
    ...(image && image !== before.image ? { image } : {}),
    rule,
    mintStart: instantOfInput(values.mintStart),
    mintEnd: instantOfInput(values.mintEnd),
  };
}

/** A list badge's wallets, one per line or comma-separated, as typed (the API checks and checksums them). */
export function addressesOf(text: string): string[] {
  return text.split(/[\s,]+/).filter(Boolean);
}
