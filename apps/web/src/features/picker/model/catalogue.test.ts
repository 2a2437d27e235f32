import { describe, expect, it } from "vitest";
import cn from "../../../../locales/cn/picker.json";
import en from "../../../../locales/en/picker.json";

function leaves(node: unknown, prefix = ""): string[] {
  if (typeof node !== "object" || node === null) return [prefix];
  return Object.entries(node).flatMap(([key, value]) => leaves(value, prefix ? `${prefix}.${key}` : key));
}

describe("the picker catalogues", () => {
  it("have every English key in Chinese, plural forms included", () => {
    expect(leaves(en).filter((key) => !leaves(cn).includes(key))).toEqual([]);
  });

  it("have no Chinese key that English lacks (besides the extra plural forms cn falls back to)", () => {
    const english = new Set(leaves(en));
    const stray = leaves(cn).filter((key) => !english.has(key) && !/_(one|ordinal_(one|two|few))$/.test(key));
    expect(stray).toEqual([]);
  });

  it("leave no text empty, except the draw hint of a state without one", () => {
    const empty = (catalogue: unknown) =>
      leaves(catalogue).filter(
        (key) =>
          key !== "draw.hint.other" &&
          key
            .split(".")
            .reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], catalogue) === "",
      );
    expect(empty(en)).toEqual([]);
    expect(empty(cn)).toEqual([]);
  });
});
