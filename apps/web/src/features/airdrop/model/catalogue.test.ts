import { describe, expect, it } from "vitest";
import cn from "../../../../locales/cn/airdrop.json";
import en from "../../../../locales/en/airdrop.json";

function leaves(node: unknown, prefix = ""): string[] {
  if (typeof node !== "object" || node === null) return [prefix];
  return Object.entries(node).flatMap(([key, value]) => leaves(value, prefix ? `${prefix}.${key}` : key));
}

/** Chinese has one plural form: English `_one` keys have no Chinese twin, `_other` stands for both. */
const withoutPlural = (key: string) => key.replace(/_(one|other)$/, "");

describe("the airdrop catalogues", () => {
  it("say everything in both languages", () => {
    const chinese = new Set(leaves(cn).map(withoutPlural));
    const english = new Set(leaves(en).map(withoutPlural));
    expect([...english].filter((key) => !chinese.has(key))).toEqual([]);
    expect([...chinese].filter((key) => !english.has(key))).toEqual([]);
  });

  it("leave no text empty", () => {
    const empty = (catalogue: unknown) =>
      leaves(catalogue).filter(
        (key) =>
          key
            .split(".")
            .reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], catalogue) === "",
      );
    expect(empty(en)).toEqual([]);
    expect(empty(cn)).toEqual([]);
  });
});
