// Achievement badges: the pure rules shared by the API and the web app. What a badge asks of a user (its rule),
// how far the user is (progress), which mint period a moment falls in, and whether a badge's mint window is open.

export const badgePeriods = ["once", "monthly", "season"] as const;
/** One token per account and badge ever (`once`), per calendar month in UTC (`monthly`) or per programme season. */
export type BadgePeriod = (typeof badgePeriods)[number];

export const badgeKinds = ["sbt", "nft"] as const;
/** `sbt`: soulbound (ERC-5192, never moves); `nft`: a transferable ERC-721. */
export type BadgeKind = (typeof badgeKinds)[number];

export const badgeRuleKinds = [
  "level",
  "points",
  "missions",
  "airdrop_create",
  "airdrop_claim",
  "wheel_prize",
  "list",
] as const;
export type BadgeRuleKind = (typeof badgeRuleKinds)[number];

/**
 * What a badge asks: a level, a balance, given missions, airdrops created or claimed, wheel prizes won, or an
 * administrator's list.
 */
export type BadgeRule =
  | { kind: "level"; level: number }
  | { kind: "points"; points: number }
  | { kind: "missions"; missionIds: number[] }
  | { kind: "airdrop_create"; count: number }
  | { kind: "airdrop_claim"; count: number }
  | { kind: "wheel_prize"; count: number }
  | { kind: "list" };

/** What is known about one user when rules are evaluated. */
export type BadgeFacts = {
  points: number;
  level: number;
  completedMissionIds: ReadonlySet<number>;
  /** Released airdrops the user created. */
  airdropsCreated: number;
  /** Airdrop claims paid to the user's wallet. */
  airdropsClaimed: number;
  /** Prizes the user won on the lucky wheel. */
  wheelPrizes: number;
  /** The badges whose administrator's list holds the user's wallet. */
  onListOf: ReadonlySet<number>;
};

export type RuleProgress = { current: number; target: number; eligible: boolean };

function progress(current: number, target: number): RuleProgress {
  return { current: Math.min(current, target), target, eligible: current >= target };
}

/** How far `facts` are from what `rule` asks; `current` never exceeds `target`, so it reads as "current / target". */
export function ruleProgress(rule: BadgeRule, facts: BadgeFacts, badgeId: number): RuleProgress {
  switch (rule.kind) {
    case "level":
      return progress(facts.level, rule.level);
    case "points":
      return progress(facts.points, rule.points);
    case "missions": {
      let done = 0;
      for (const id of rule.missionIds) if (facts.completedMissionIds.has(id)) done++;
      return progress(done, rule.missionIds.length);
    }
    case "airdrop_create":
      return progress(facts.airdropsCreated, rule.count);
    case "airdrop_claim":
      return progress(facts.airdropsClaimed, rule.count);
    case "wheel_prize":
      return progress(facts.wheelPrizes, rule.count);
    case "list":
      return progress(facts.onListOf.has(badgeId) ? 1 : 0, 1);
  }
}

/** The mission ids a set of rules refer to (to read their completions at once). */
export function missionIdsOf(rules: readonly BadgeRule[]): number[] {
  const ids = new Set<number>();
  for (const rule of rules) if (rule.kind === "missions") for (const id of rule.missionIds) ids.add(id);
  return [...ids];
}

/**
 * The period number a mint at `now` belongs to, as the contract's `period`: 0 for one-off badges, YYYYMM (UTC) for
 * monthly ones, the programme's current season for seasonal ones.
 */
export function periodKey(period: BadgePeriod, now: Date, season: number): number {
  switch (period) {
    case "once":
      return 0;
    case "monthly":
      return now.getUTCFullYear() * 100 + now.getUTCMonth() + 1;
    case "season":
      return season;
  }
}

/** When the period that holds `now` ends: the next month's first instant (UTC) for monthly badges, else null. */
export function periodEndsAt(period: BadgePeriod, now: Date): Date | null {
  if (period !== "monthly") return null;
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
}

export type MintWindow = { mintStart: Date | null; mintEnd: Date | null };
export type MintWindowState = "upcoming" | "open" | "closed";

/** Whether minting is open at `now`: from `mintStart` (inclusive, when set) to `mintEnd` (exclusive, when set). */
export function mintWindowState(window: MintWindow, now: Date): MintWindowState {
  if (window.mintStart && now < window.mintStart) return "upcoming";
  if (window.mintEnd && now >= window.mintEnd) return "closed";
  return "open";
}

/** When the current chance to mint ends: the window's end or the period's end, whichever comes first (or null). */
export function mintClosesAt(window: MintWindow & { period: BadgePeriod }, now: Date): Date | null {
  const ends = [window.mintEnd, periodEndsAt(window.period, now)].filter(
    (date): date is Date => date !== null,
  );
  if (ends.length === 0) return null;
  return new Date(Math.min(...ends.map((date) => date.getTime())));
}
