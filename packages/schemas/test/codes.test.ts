import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { typeCodes } from "../src/codes.ts";
import { typeCodes as envelopeTypeCodes } from "../src/envelope.ts";

describe("@dropfair/schemas/codes", () => {
  it("imports nothing but its own families, so the web app can load it without zod", () => {
    const barrel = readFileSync(new URL("../src/codes.ts", import.meta.url), "utf8");
    for (const [, from] of barrel.matchAll(/\bfrom\s+"([^"]+)"/g))
      expect(from).toMatch(/^\.\/codes\/[a-z-]+\.ts$/);
    for (const family of readdirSync(new URL("../src/codes", import.meta.url))) {
      const source = readFileSync(new URL(`../src/codes/${family}`, import.meta.url), "utf8");
      expect(source, family).not.toMatch(/\bfrom\s+["']/);
      expect(source, family).not.toMatch(/\bimport\s*\(|^import\s/m);
    }
  });

  it("is the one list of typeCodes the envelope module hands on", () => {
    expect(envelopeTypeCodes).toBe(typeCodes);
  });
});
