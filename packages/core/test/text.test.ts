import { describe, expect, it } from "vitest";
import { hasVisibleCharacter, stripBidiControls } from "../src/text.ts";

describe("stripBidiControls", () => {
  it("drops overrides, embeddings, isolates and marks, and nothing else", () => {
    expect(stripBidiControls("Free \u202egnp.exe\u202c drop")).toBe("Free gnp.exe drop");
    expect(stripBidiControls("\u2066a\u2069\u200eb\u200f")).toBe("ab");
    expect(stripBidiControls("空投 drop ✓")).toBe("空投 drop ✓");
  });
});

describe("hasVisibleCharacter", () => {
  it("is false for text made only of spaces and zero-width characters", () => {
    for (const text of ["", "   ", "\u200b", "\u200b\u200c\u200d\ufeff", "\u00ad\u2060 \t"])
      expect(hasVisibleCharacter(text), JSON.stringify(text)).toBe(false);
  });

  it("is true as soon as one character shows", () => {
    for (const text of ["a", "\u200b空", " ✓ ", "1"]) expect(hasVisibleCharacter(text), text).toBe(true);
  });
});
