// The configured programmes (EARLYBIRD_ID and GROWTH_ID) exist on every server: created at start with their
// badges and our artwork the first time, left as they are after (administrators may edit them).
import type { BadgeRule } from "@dropfair/core/badges";
import type { BadgesDependencies } from "./dependencies.ts";
import { insertBadge, insertProgramme } from "./repository.ts";

export type BadgeSeedSettings = {
  earlybirdId: string;
  growthId: string;
  /** Ethereum (1), or in sandbox mode the local chain standing in for it. */
  earlybirdChainId: number;
  growthChainId: number;
};

type SeedBadge = {
  name: string;
  /** `{pointName}` stands for what the platform calls its points (`POINT_NAME`). */
  description: string;
  artwork: string;
  rule: BadgeRule;
  period: "once" | "monthly" | "season";
  kind: "sbt" | "nft";
};

const earlybirdBadges: SeedBadge[] = [
  {
    name: "Early bird",
    description:
      "For the first people to earn {pointName} on Dropfair. Soulbound: it stays with your wallet.",
    artwork: "earlybird",
    rule: { kind: "points", points: 10 },
    period: "once",
    kind: "sbt",
  },
];

const growthBadges: SeedBadge[] = [
  {
    name: "First steps",
    description: "Earn your first 20 {pointName} by finishing missions.",
    artwork: "first-steps",
    rule: { kind: "points", points: 20 },
    period: "once",
    kind: "sbt",
  },
  {
    name: "Level 1",
    description: "Reach level 1.",
    artwork: "level",
    rule: { kind: "level", level: 1 },
    period: "once",
    kind: "sbt",
  },
  {
    name: "Monthly regular",
    description: "Hold 50 {pointName}: one transferable badge each month.",
    artwork: "monthly",
    rule: { kind: "points", points: 50 },
    period: "monthly",
    kind: "nft",
  },
  {
    name: "Airdrop creator",
    description: "Create and release an airdrop on Dropfair.",
    artwork: "airdrop-creator",
    rule: { kind: "airdrop_create", count: 1 },
    period: "once",
    kind: "sbt",
  },
  {
    name: "Airdrop claimer",
    description: "Claim an airdrop on Dropfair.",
    artwork: "airdrop-claimer",
    rule: { kind: "airdrop_claim", count: 1 },
    period: "once",
    kind: "nft",
  },
];

export async function seedProgrammes(
  dependencies: Pick<BadgesDependencies, "db" | "levels">,
  settings: BadgeSeedSettings,
): Promise<void> {
  const programmes = [
    {
      code: settings.earlybirdId,
      kind: "earlybird" as const,
      title: "Early bird",
      description: "Dropfair's first users, on Ethereum.",
      chainId: settings.earlybirdChainId,
      badges: earlybirdBadges,
    },
    {
      code: settings.growthId,
      kind: "growth" as const,
      title: "Growth",
      description: "Badges for what you do on Dropfair: missions, levels and airdrops.",
      chainId: settings.growthChainId,
      badges: growthBadges,
    },
  ];
  for (const { badges, chainId, ...programme } of programmes) {
    await dependencies.db.transaction(async (tx) => {
      const row = await insertProgramme(tx, { ...programme, seed: programme.kind });
      if (!row) return;
      for (const badge of badges) {
        await insertBadge(tx, {
          programmeId: row.id,
          name: badge.name,
          description: badge.description.replaceAll("{pointName}", dependencies.levels.pointName),
          image: `artwork:${badge.artwork}`,
          seed: badge.artwork,
          ruleKind: badge.rule.kind,
          rule: badge.rule,
          period: badge.period,
          kind: badge.kind,
          chainId,
        });
      }
    });
  }
}
