import type { Badge, BadgeRule, Programme } from "@dropfair/schemas/badges";

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** A seeded badge's name in the page's language; an administrator's badge as they wrote it. */
export function badgeName(t: Translate, badge: Pick<Badge, "name" | "seed">): string {
  return badge.seed ? t(`badges:seeded.${badge.seed}.name`, { defaultValue: badge.name }) : badge.name;
}

/** A seeded badge's description in the page's language, naming the points as the platform does (`pointName`). */
export function badgeDescription(
  t: Translate,
  badge: Pick<Badge, "description" | "seed">,
  pointName: string,
): string {
  return badge.seed
    ? t(`badges:seeded.${badge.seed}.description`, { defaultValue: badge.description, pointName })
    : badge.description;
}

export function programmeTitle(t: Translate, programme: Pick<Programme, "title" | "seed">): string {
  return programme.seed
    ? t(`badges:programmes.${programme.seed}.title`, { defaultValue: programme.title })
    : programme.title;
}

export function programmeDescription(
  t: Translate,
  programme: Pick<Programme, "description" | "seed">,
): string {
  return programme.seed
    ? t(`badges:programmes.${programme.seed}.description`, { defaultValue: programme.description })
    : programme.description;
}

/** What the badge asks, as a sentence ("Hold 20 EP", "Finish 3 missions"). */
export function ruleText(t: Translate, rule: BadgeRule, pointName: string): string {
  switch (rule.kind) {
    case "level":
      return t("badges:rules.level", { level: rule.level });
    case "points":
      return t("badges:rules.points", { points: rule.points, pointName });
    case "missions":
      return t("badges:rules.missions", { count: rule.missionIds.length });
    case "airdrop_create":
      return t("badges:rules.airdropCreate", { count: rule.count });
    case "airdrop_claim":
      return t("badges:rules.airdropClaim", { count: rule.count });
    case "wheel_prize":
      return t("badges:rules.wheelPrize", { count: rule.count });
    case "list":
      return t("badges:rules.list");
  }
}

/** "One-off", "Monthly · 2026-07", "Season 3". */
export function periodText(t: Translate, badge: Pick<Badge, "period" | "currentPeriod">): string {
  switch (badge.period) {
    case "once":
      return t("badges:periods.once");
    case "monthly": {
      const month = `${Math.floor(badge.currentPeriod / 100)}-${String(badge.currentPeriod % 100).padStart(2, "0")}`;
      return t("badges:periods.monthly", { month });
    }
    case "season":
      return t("badges:periods.season", { season: badge.currentPeriod });
  }
}

export type TimeLeft = { days: number; hours: number; minutes: number };

/** What is left until `closesAt` (whole minutes, never negative); null when the badge never closes. */
export function timeLeft(closesAt: string | null, now: Date): TimeLeft | null {
  if (!closesAt) return null;
  const minutes = Math.max(0, Math.floor((Date.parse(closesAt) - now.getTime()) / 60_000));
  return {
    days: Math.floor(minutes / 1440),
    hours: Math.floor((minutes % 1440) / 60),
    minutes: minutes % 60,
  };
}

/** "3d 4h", "4h 12m", "12m" (the catalogue's units). */
export function timeLeftText(t: Translate, left: TimeLeft): string {
  if (left.days > 0) return t("badges:timeLeft.daysHours", { days: left.days, hours: left.hours });
  if (left.hours > 0) return t("badges:timeLeft.hoursMinutes", { hours: left.hours, minutes: left.minutes });
  return t("badges:timeLeft.minutes", { minutes: left.minutes });
}

/** The progress bar's value, 0 to 100. */
export function progressPercent(progress: { current: number; target: number }): number {
  if (progress.target <= 0) return 100;
  return Math.min(100, Math.round((100 * progress.current) / progress.target));
}

/** The badges "mint all" would mint, grouped by the chain each is minted on. */
export function mintableByChain<T extends { state: string; chainId: number }>(badges: readonly T[]) {
  const groups = new Map<number, T[]>();
  for (const badge of badges)
    if (badge.state === "mintable") groups.set(badge.chainId, [...(groups.get(badge.chainId) ?? []), badge]);
  return groups;
}
