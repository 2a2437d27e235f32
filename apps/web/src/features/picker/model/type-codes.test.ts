import { typeCodes } from "@dropfair/schemas/envelope";
import { describe, expect, it } from "vitest";
import { pickerTypeCodes } from "./type-codes";

describe("pickerTypeCodes", () => {
  it("mirrors the shared wire contract", () => {
    for (const [name, code] of Object.entries(pickerTypeCodes)) {
      expect(typeCodes[name as keyof typeof typeCodes], name).toBe(code);
    }
  });
});
