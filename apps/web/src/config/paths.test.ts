import { describe, expect, it } from "vitest";
import { partnerActivities } from "./partners";
import { partnerPath, paths } from "./paths";

describe("route registry", () => {
  it("builds links with and without optional params", () => {
    expect(paths.index.build()).toBe("/");
    expect(paths.picker2.build()).toBe("/picker2");
    expect(paths.picker2Detail.build({ id: "42" })).toBe("/picker2/42");
    expect(paths.picker2Detail.build({ id: 42, code: "abc" })).toBe("/picker2/42/abc");
    expect(paths.airdropCreate.build()).toBe("/airdrop/create");
    expect(paths.airdropCreate.build({ id: 7 })).toBe("/airdrop/create/7");
    expect(paths.airdropDetail.build({ id: 7 })).toBe("/airdrop/7");
    expect(paths.achievementUnitag.build({ id: "9" })).toBe("/achievement/unitag/9");
    expect(paths.authTelegram.build({ state: "s1" })).toBe("/auth/telegram/s1");
    expect(paths.safeChecker.build()).toBe("/safe/Checker");
    expect(partnerPath("aurora").build({ code: "x1" })).toBe("/aurora/x1");
  });

  it("has seven partner activities with unique slugs that do not clash with other routes", () => {
    expect(partnerActivities).toHaveLength(7);
    const firstSegments = new Set(Object.values(paths).map((path) => path.pattern.split("/")[0]));
    const slugs = new Set(partnerActivities.map((partner) => partner.slug));
    expect(slugs.size).toBe(7);
    for (const slug of slugs) expect(firstSegments.has(slug), slug).toBe(false);
    expect(new Set(partnerActivities.map((partner) => partner.identifyCode)).size).toBe(7);
  });
});
