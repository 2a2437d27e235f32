import { describe, expect, it } from "vitest";
import { posterFileProblem, posterMaxBytes } from "./poster";

describe("posterFileProblem", () => {
  it("accepts PNG, JPEG and WebP up to 1 MB", () => {
    for (const type of ["image/png", "image/jpeg", "image/webp"]) {
      expect(posterFileProblem({ type, size: posterMaxBytes })).toBeUndefined();
    }
  });

  it("refuses other types and files over 1 MB", () => {
    expect(posterFileProblem({ type: "image/gif", size: 10 })).toBe("poster.invalidType");
    expect(posterFileProblem({ type: "image/svg+xml", size: 10 })).toBe("poster.invalidType");
    expect(posterFileProblem({ type: "image/png", size: posterMaxBytes + 1 })).toBe("poster.tooLarge");
  });
});
