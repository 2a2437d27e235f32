import { describe, expect, it } from "vitest";
import { partnerActivities } from "../../config/partners";
import { partnerRouteName, paths } from "../../config/paths";
import { isRouteComing, menuEntries } from "./menu-entries";
import { filterMenu, type MenuEntry, menuClickAction, resolveMenu, toggleGroup } from "./menu-model";

const label = (entry: { label?: string; labelKey?: string; key: string }) =>
  entry.label ?? entry.labelKey ?? entry.key;

function flatten(entries: readonly MenuEntry<unknown>[]): MenuEntry<unknown>[] {
  return entries.flatMap((entry) => [entry, ...flatten(entry.children ?? [])]);
}

describe("menu rules: selection, expansion and what a click does", () => {
  it("highlights the referral route under achievement and expands that group", () => {
    const resolved = resolveMenu(menuEntries, "referral", new Set());
    const achievement = resolved.find((entry) => entry.key === "achievement");
    expect(achievement?.isSelected).toBe(true);
    expect(achievement?.isExpanded).toBe(true);
    expect(achievement?.children?.find((child) => child.key === "referral")?.isSelected).toBe(true);
    expect(resolved.find((entry) => entry.key === "picker")?.isSelected).toBe(false);
    expect(resolved.find((entry) => entry.key === "picker")?.isExpanded).toBe(false);
  });

  it("selects an entry for its related routes", () => {
    const resolved = resolveMenu(menuEntries, "picker2Detail", new Set());
    const picker = resolved.find((entry) => entry.key === "picker");
    expect(picker?.children?.find((child) => child.key === "picker2")?.isSelected).toBe(true);
  });

  it("expands and collapses groups, including the selected one", () => {
    let groups = { expanded: new Set<string>(), collapsed: new Set<string>() };
    groups = toggleGroup(groups, "airdrop", false);
    expect(
      resolveMenu(menuEntries, undefined, groups.expanded, groups.collapsed).find((e) => e.key === "airdrop")
        ?.isExpanded,
    ).toBe(true);
    groups = toggleGroup(groups, "airdrop", true);
    expect(
      resolveMenu(menuEntries, undefined, groups.expanded, groups.collapsed).find((e) => e.key === "airdrop")
        ?.isExpanded,
    ).toBe(false);
    groups = toggleGroup(groups, "achievement", true);
    expect(
      resolveMenu(menuEntries, "referral", groups.expanded, groups.collapsed).find(
        (e) => e.key === "achievement",
      )?.isExpanded,
    ).toBe(false);
  });

  it("filters by keyword, keeping matching children and whole matching groups", () => {
    const resolved = resolveMenu(menuEntries, undefined, new Set());
    const byChild = filterMenu(resolved, "menu.chain", label);
    expect(byChild.map((entry) => entry.key)).toEqual(["tools"]);
    expect(byChild[0]?.children?.map((entry) => entry.key)).toEqual(["chain"]);
    expect(byChild[0]?.isExpanded).toBe(true);
    const byGroup = filterMenu(resolved, "menu.airdrop", label);
    expect(byGroup.find((entry) => entry.key === "airdrop")?.children).toHaveLength(2);
    expect(filterMenu(resolved, "  ", label)).toHaveLength(resolved.length);
    expect(filterMenu(resolved, "nothing-like-this", label)).toEqual([]);
    expect(filterMenu(resolved, "NEBULA", label)[0]?.children?.map((entry) => entry.key)).toEqual([
      "partner-nebula",
    ]);
  });

  it("decides what a click does", () => {
    expect(menuClickAction({ isComing: true, route: "tips" }, "tips")).toBe("coming");
    expect(menuClickAction({ route: "chain", to: "/chain" }, "chain")).toBe("scroll-top");
    expect(menuClickAction({ route: "chain", to: "/chain" }, "home")).toBe("navigate");
    expect(menuClickAction({ to: "https://example.com" }, "home")).toBe("external");
  });

  it("covers every feature area of the app (built or coming) and only real routes", () => {
    const routes = new Set([
      ...Object.keys(paths),
      ...partnerActivities.map((partner) => partnerRouteName(partner.slug)),
    ]);
    const entries = flatten(menuEntries);
    for (const entry of entries) {
      if (entry.route) expect(routes.has(entry.route), entry.key).toBe(true);
      for (const also of entry.alsoSelects ?? []) expect(routes.has(also), also).toBe(true);
    }
    const menuRoutes = new Set(entries.flatMap((entry) => [entry.route, ...(entry.alsoSelects ?? [])]));
    for (const route of [
      "picker2",
      "airdrop",
      "tips",
      "game",
      "achievement",
      "referral",
      "drops",
      "daily",
      "chain",
      "safeChecker",
    ]) {
      expect(menuRoutes.has(route), route).toBe(true);
    }
    for (const partner of partnerActivities)
      expect(menuRoutes.has(partnerRouteName(partner.slug))).toBe(true);
    expect(isRouteComing("tips")).toBe(false);
    expect(isRouteComing("tipsDetail")).toBe(false);
    expect(isRouteComing("chain")).toBe(false);
    expect(isRouteComing("home")).toBe(false);
  });
});
