import { describe, expect, it } from "vitest";
import { normalizeUsername, seedFormFromQuery, validateSeedForm } from "./simulator-form";

describe("the simulator's seed form", () => {
  it("requires seed and username with the validation catalogue's messages", () => {
    expect(validateSeedForm({ seed: " ", username: "@" })).toEqual({
      seed: "validation.simulator.seedRequired",
      username: "validation.simulator.usernameRequired",
    });
    expect(validateSeedForm({ seed: "ABC", username: "@alice" })).toEqual({});
  });

  it("takes a handle as people paste it", () => {
    expect(normalizeUsername(" @alice ")).toBe("alice");
    expect(normalizeUsername("https://x.com/Bob_1?s=20")).toBe("Bob_1");
    expect(normalizeUsername("twitter.com/carol/status/1")).toBe("carol");
  });

  it("is prefilled from the query string", () => {
    expect(seedFormFromQuery(new URLSearchParams("seed=%20S1%20&username=alice"))).toEqual({
      seed: "S1",
      username: "alice",
    });
    expect(seedFormFromQuery(new URLSearchParams(""))).toEqual({ seed: "", username: "" });
  });
});
