import type { ComponentType } from "react";
import { partnerActivities } from "../../config/partners";
import { partnerRouteName, paths } from "../../config/paths";
import {
  IconAlert,
  IconCoins,
  IconGift,
  IconHome,
  IconLock,
  IconNews,
  IconShield,
  IconSparkles,
  IconTarget,
  IconTrophy,
  IconWheel,
} from "../../shared/ui/icons";
import type { MenuEntry } from "./menu-model";

export type MenuIcon = ComponentType<{ size?: number }>;

/**
 * The side menu's entries. `isComing` marks features a later release builds: their entries show the coming
 * notice instead of navigating. Flip the flag when the feature lands.
 */
export const menuEntries: readonly MenuEntry<MenuIcon>[] = [
  {
    key: "home",
    route: "home",
    alsoSelects: ["product"],
    to: paths.home.build(),
    labelKey: "menu.home",
    icon: IconHome,
  },
  {
    key: "picker",
    labelKey: "menu.picker",
    icon: IconTarget,
    tag: "hot",
    children: [
      {
        key: "picker2",
        route: "picker2",
        alsoSelects: ["index", "picker2Detail", "picker2Banned", "pickerDetail"],
        to: paths.picker2.build(),
        labelKey: "menu.pickerList",
      },
      {
        key: "picker2Create",
        route: "picker2Create",
        to: paths.picker2Create.build(),
        labelKey: "menu.pickerCreate",
      },
      {
        key: "simulator",
        route: "simulator",
        to: paths.simulator.build(),
        labelKey: "menu.simulator",
      },
    ],
  },
  {
    key: "airdrop",
    labelKey: "menu.airdrop",
    icon: IconGift,
    children: [
      {
        key: "airdropList",
        route: "airdrop",
        alsoSelects: ["airdropDetail"],
        to: paths.airdrop.build(),
        labelKey: "menu.airdropList",
      },
      {
        key: "airdropCreate",
        route: "airdropCreate",
        to: paths.airdropCreate.build(),
        labelKey: "menu.airdropCreate",
      },
    ],
  },
  {
    key: "tips",
    route: "tips",
    alsoSelects: ["tipsDetail", "tipsBanned", "tipsCreate"],
    to: paths.tips.build(),
    labelKey: "menu.tips",
    icon: IconCoins,
  },
  {
    key: "game",
    route: "game",
    alsoSelects: ["gameCreate", "gameDetail"],
    to: paths.game.build(),
    labelKey: "menu.game",
    icon: IconWheel,
  },
  {
    key: "achievement",
    labelKey: "menu.achievement",
    icon: IconTrophy,
    children: [
      {
        key: "achievementList",
        route: "achievement",
        alsoSelects: ["achievementUnitag", "achievementDetail", "achievementDetailWithLucky"],
        to: paths.achievement.build(),
        labelKey: "menu.achievementList",
      },
      {
        key: "earlybird",
        route: "achievementEarlybird",
        to: paths.achievementEarlybird.build(),
        labelKey: "menu.earlybird",
      },
      {
        key: "badgeDrop",
        route: "achievementDrop",
        to: paths.achievementDrop.build(),
        labelKey: "menu.badgeDrop",
      },
      { key: "points", route: "points", to: paths.points.build(), labelKey: "menu.points" },
      // The referral route is highlighted under achievement.
      {
        key: "referral",
        route: "referral",
        to: paths.referral.build(),
        labelKey: "menu.referral",
      },
    ],
  },
  {
    key: "partners",
    labelKey: "menu.partners",
    icon: IconSparkles,
    children: partnerActivities.map((partner) => ({
      key: `partner-${partner.slug}`,
      route: partnerRouteName(partner.slug),
      to: `/${partner.slug}`,
      label: partner.name,
    })),
  },
  {
    key: "news",
    labelKey: "menu.news",
    icon: IconNews,
    children: [
      { key: "drops", route: "drops", to: paths.drops.build(), labelKey: "menu.drops" },
      { key: "daily", route: "daily", to: paths.daily.build(), labelKey: "menu.daily" },
    ],
  },
  {
    key: "tools",
    labelKey: "menu.tools",
    icon: IconShield,
    children: [
      {
        key: "safe",
        route: "safeChecker",
        alsoSelects: ["safe"],
        to: paths.safeChecker.build(),
        labelKey: "menu.safe",
      },
      { key: "chain", route: "chain", to: paths.chain.build(), labelKey: "menu.chain" },
    ],
  },
  {
    key: "feedback",
    labelKey: "menu.feedback",
    icon: IconAlert,
    children: [
      { key: "reportBug", route: "reportBug", to: paths.reportBug.build(), labelKey: "menu.reportBug" },
      {
        key: "reportFeature",
        route: "reportFeature",
        to: paths.reportFeature.build(),
        labelKey: "menu.reportFeature",
      },
    ],
  },
];

/**
 * The administrators' group, added to the menu only for a wallet the server calls an administrator (a hint for
 * the interface: every administrator route checks the wallet itself).
 */
export const adminMenuEntry: MenuEntry<MenuIcon> = {
  key: "admin",
  labelKey: "menu.admin",
  icon: IconLock,
  children: [
    { key: "adminAudit", route: "adminAudit", to: paths.adminAudit.build(), labelKey: "menu.adminAudit" },
    { key: "adminBadges", route: "adminBadges", to: paths.adminBadges.build(), labelKey: "menu.adminBadges" },
    {
      key: "feedbackInbox",
      route: "feedbackInbox",
      to: paths.feedbackInbox.build(),
      labelKey: "menu.feedbackInbox",
    },
  ],
};

/** The side menu's entries for this viewer: everyone's, plus the administrators' group for an administrator. */
export function menuEntriesFor(isAdmin: boolean): readonly MenuEntry<MenuIcon>[] {
  return isAdmin ? [...menuEntries, adminMenuEntry] : menuEntries;
}

function collectComing(entries: readonly MenuEntry<MenuIcon>[], into: Set<string>) {
  for (const entry of entries) {
    if (entry.isComing && entry.route) {
      into.add(entry.route);
      for (const also of entry.alsoSelects ?? []) into.add(also);
    }
    if (entry.children) collectComing(entry.children, into);
  }
  return into;
}

const comingRoutes = collectComing(menuEntries, new Set());

/** Whether the feature behind a route name is still marked coming in the menu. */
export function isRouteComing(route: string) {
  return comingRoutes.has(route);
}
