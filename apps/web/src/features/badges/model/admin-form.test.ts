import type { BadgeWithState } from "@dropfair/schemas/badges";
import { describe, expect, it } from "vitest";
import {
  addressesOf,
  createBodyOfForm,
  emptyBadgeForm,
  formOfBadge,
  ruleOfForm,
  updateBodyOfForm,
} from "./admin-form";

const badge = {
  id: 7,
  programme: "BUILD",
  name: "Shipper",
  description: "Ships",
  image: "/api/bounty/badges/artwork/sbt.svg",
  rule: { kind: "missions", missionIds: [3, 4] },
  period: "monthly",
  kind: "nft",
  chainId: 31337,
  contractAddress: null,
  mintStart: null,
  mintEnd: "2026-12-01T00:00:00.000Z",
  holders: 0,
  currentPeriod: 202611,
  closesAt: null,
  seed: null,
  state: "locked",
  progress: { current: 0, target: 2, eligible: false },
  minted: null,
  mintedTotal: 0,
} satisfies BadgeWithState;

describe("the badge form", () => {
  it("reads each rule kind from its number or mission ids, and refuses what does not read", () => {
    const form = emptyBadgeForm(31337);
    expect(ruleOfForm({ ...form, ruleKind: "points", target: "50" })).toEqual({ kind: "points", points: 50 });
    expect(ruleOfForm({ ...form, ruleKind: "level", target: " 3 " })).toEqual({ kind: "level", level: 3 });
    expect(ruleOfForm({ ...form, ruleKind: "wheel_prize", target: "2" })).toEqual({
      kind: "wheel_prize",
      count: 2,
    });
    expect(ruleOfForm({ ...form, ruleKind: "missions", missionIds: "12, 13 14" })).toEqual({
      kind: "missions",
      missionIds: [12, 13, 14],
    });
    expect(ruleOfForm({ ...form, ruleKind: "list" })).toEqual({ kind: "list" });
    expect(ruleOfForm({ ...form, ruleKind: "points", target: "1.5" })).toBeNull();
    expect(ruleOfForm({ ...form, ruleKind: "points", target: "" })).toBeNull();
    expect(ruleOfForm({ ...form, ruleKind: "missions", missionIds: "12, x" })).toBeNull();
    expect(ruleOfForm({ ...form, ruleKind: "missions", missionIds: " " })).toBeNull();
  });

  it("turns a new badge into the create body: our artwork unless a link is given, blank windows as null", () => {
    const form = { ...emptyBadgeForm(31337), name: "Shipper" };
    const body = createBodyOfForm(form, { kind: "points", points: 100 });
    expect(body).toEqual({
      name: "Shipper",
      description: "",
      rule: { kind: "points", points: 100 },
      period: "once",
      kind: "sbt",
      chainId: 31337,
      mintStart: null,
      mintEnd: null,
    });
    expect(createBodyOfForm({ ...form, image: " ipfs://bafy " }, { kind: "list" }).image).toBe("ipfs://bafy");
  });

  it("shows a badge back (our artwork not as a link) and sends an edit without the unchanged image", () => {
    const before = formOfBadge(badge);
    expect(before).toMatchObject({
      image: "",
      ruleKind: "missions",
      missionIds: "3, 4",
      period: "monthly",
      kind: "nft",
      chainId: "31337",
    });
    expect(new Date(before.mintEnd).toISOString()).toBe("2026-12-01T00:00:00.000Z");
    const body = updateBodyOfForm(before, { kind: "missions", missionIds: [3, 4] }, before);
    expect(body).not.toHaveProperty("image");
    expect(body.mintEnd).toBe("2026-12-01T00:00:00.000Z");
    const linked = updateBodyOfForm({ ...before, image: "https://x.test/a.png" }, { kind: "list" }, before);
    expect(linked.image).toBe("https://x.test/a.png");
  });

  it("reads a list of wallets one per line or comma-separated", () => {
    expect(addressesOf("0xa\n0xb, 0xc\n\n")).toEqual(["0xa", "0xb", "0xc"]);
  });
});
