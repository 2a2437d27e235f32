import { describe, expect, it } from "vitest";
import airdropCn from "../../../locales/cn/airdrop.json";
import tipsCn from "../../../locales/cn/tips.json";
import wheelCn from "../../../locales/cn/wheel.json";
import airdropEn from "../../../locales/en/airdrop.json";
import tipsEn from "../../../locales/en/tips.json";
import wheelEn from "../../../locales/en/wheel.json";

/** The campaign features' catalogues, English and Chinese, checked alike. */
const catalogues = [
  { name: "airdrop", en: airdropEn, cn: airdropCn },
  { name: "tips", en: tipsEn, cn: tipsCn },
  { name: "wheel", en: wheelEn, cn: wheelCn },
];

function leaves(node: unknown, prefix = ""): string[] {
  if (typeof node !== "object" || node === null) return [prefix];
  return Object.entries(node).flatMap(([key, value]) => leaves(value, prefix ? `${prefix}.${key}` : key));
}

/** Chinese has one plural form: English `_one` keys have no Chinese twin, `_other` stands for both. */
const withoutPlural = (key: string) => key.replace(/_(one|other)$/, "");

function emptyTexts(catalogue: unknown) {
  return leaves(catalogue).filter(
    (key) =>
      key.split(".").reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], catalogue) ===
      "",
  );
}

describe.each(catalogues)("the $name catalogues", ({ en, cn }) => {
  it("say everything in both languages", () => {
    const chinese = new Set(leaves(cn).map(withoutPlural));
    const english = new Set(leaves(en).map(withoutPlural));
    expect(english.size).toBeGreaterThan(0);
    expect([...english].filter((key) => !chinese.has(key))).toEqual([]);
    expect([...chinese].filter((key) => !english.has(key))).toEqual([]);
  });

  it("leave no text empty", () => {
    expect(emptyTexts(en)).toEqual([]);
    expect(emptyTexts(cn)).toEqual([]);
  });
});

describe("the catalogue checks", () => {
  it("find a key one language lacks and an empty text", () => {
    const english = { list: { title: "Games", count_one: "{{count}} game", count_other: "{{count}} games" } };
    const chinese = { list: { count_other: "{{count}} 个游戏", extra: "" } };
    expect(leaves(english).map(withoutPlural)).toEqual(["list.title", "list.count", "list.count"]);
    expect(leaves(chinese).map(withoutPlural)).toEqual(["list.count", "list.extra"]);
    expect(emptyTexts(chinese)).toEqual(["list.extra"]);
    expect(emptyTexts(english)).toEqual([]);
  });
});
