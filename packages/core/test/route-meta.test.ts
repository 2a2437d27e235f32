import { describe, expect, it } from "vitest";
import { resolveRouteNetwork } from "../src/route-meta.ts";

describe("resolveRouteNetwork", () => {
  it("means chain 56 when the meta has no network", () => {
    expect(resolveRouteNetwork(undefined)).toBe(56);
    expect(resolveRouteNetwork({})).toBe(56);
    expect(resolveRouteNetwork({ network: undefined })).toBe(56);
  });

  it("uses the given default when the meta has no network", () => {
    expect(resolveRouteNetwork({}, 97)).toBe(97);
  });

  it("selects the chain a value names, converted to a number", () => {
    expect(resolveRouteNetwork({ network: 1 })).toBe(1);
    expect(resolveRouteNetwork({ network: "1" })).toBe(1);
    expect(resolveRouteNetwork({ network: " 42161 " })).toBe(42161);
    expect(resolveRouteNetwork({ network: "168587773" })).toBe(168587773);
  });

  it("reads hex chain ids as wallets write them", () => {
    expect(resolveRouteNetwork({ network: "0x38" })).toBe(56);
  });

  it("clears the network for an empty string or null", () => {
    expect(resolveRouteNetwork({ network: "" })).toBeUndefined();
    expect(resolveRouteNetwork({ network: "  " })).toBeUndefined();
    expect(resolveRouteNetwork({ network: null })).toBeUndefined();
  });

  it.each(["abc", "1.5", "-1", "0", "1e3", "56abc", 0, -56, 1.5, Number.NaN, 2 ** 53])(
    "clears the network for the junk value %j",
    (network) => {
      expect(resolveRouteNetwork({ network })).toBeUndefined();
    },
  );
});
