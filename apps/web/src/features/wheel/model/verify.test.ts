import vectors from "@dropfair/core/wheel-vectors.json";
import { describe, expect, it } from "vitest";
import { verifyGameFile } from "./verify";

const cases = vectors.cases as {
  name: string;
  file: { salt: string | null; spins: { prizeId: string | null }[] };
}[];

describe("verifyGameFile", () => {
  it("confirms every published vector: the salt and each spin", () => {
    for (const vector of cases) {
      const report = verifyGameFile(vector.file);
      expect(report, vector.name).toMatchObject({
        revealed: true,
        saltMatches: true,
        mismatches: 0,
        verified: true,
      });
      expect(report.spins).toHaveLength(vector.file.spins.length);
    }
  });

  it("finds a spin recorded with another prize, and a salt that is not the committed one", () => {
    const vector = cases.find((candidate) => candidate.file.spins.length > 1)!;
    const file = structuredClone(vector.file);
    const first = file.spins[0]!;
    first.prizeId = first.prizeId === "nothing" ? "ep-10" : "nothing";
    const report = verifyGameFile(file);
    expect(report.verified).toBe(false);
    expect(report.mismatches).toBeGreaterThanOrEqual(1);
    expect(report.spins[0]!.matches).toBe(false);

    const otherSalt = verifyGameFile({ ...structuredClone(vector.file), salt: `0x${"11".repeat(32)}` });
    expect(otherSalt.saltMatches).toBe(false);
    expect(otherSalt.verified).toBe(false);
  });

  it("recomputes nothing before the salt is published", () => {
    const report = verifyGameFile({ ...structuredClone(cases[0]!.file), salt: null });
    expect(report).toMatchObject({ revealed: false, verified: false });
  });
});
