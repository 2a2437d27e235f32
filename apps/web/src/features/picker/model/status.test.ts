import { pickerStatus, pickerV1Status } from "@dropfair/core/picker";
import { describe, expect, it } from "vitest";
import cn from "../../../../locales/cn/picker.json";
import en from "../../../../locales/en/picker.json";
import { canBan, isPickerBusy, statusLabelKey, statusTone } from "./status";

function lookup(catalogue: unknown, key: string): unknown {
  return key.split(".").reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], catalogue);
}

describe("status labels of v1 and v2 pickers", () => {
  it("names every v2 state in both languages", () => {
    expect(statusLabelKey(2, 6)).toBe("status.v2.readyToPick");
    expect(statusLabelKey(2, 9)).toBe("status.v2.selecting");
    expect(lookup(en, statusLabelKey(2, 13))).toBe("Collecting info");
    expect(lookup(cn, statusLabelKey(2, 11))).toBe("已取消");
    for (const code of Object.values(pickerStatus)) {
      expect(lookup(en, statusLabelKey(2, code)), `en ${code}`).toEqual(expect.any(String));
      expect(lookup(cn, statusLabelKey(2, code)), `cn ${code}`).toEqual(expect.any(String));
    }
  });

  it("uses the v1 names for version 1, where 4 is picking winner", () => {
    expect(lookup(en, statusLabelKey(1, 4))).toBe("Picking winner");
    expect(lookup(en, statusLabelKey(2, 4))).toBe("Paying");
    expect(lookup(en, statusLabelKey(1, 3))).toBe("Loading retweeters");
    for (const code of Object.values(pickerV1Status)) {
      expect(lookup(en, statusLabelKey(1, code)), `en ${code}`).toEqual(expect.any(String));
      expect(lookup(cn, statusLabelKey(1, code)), `cn ${code}`).toEqual(expect.any(String));
    }
  });

  it("falls back to 'unknown' for a code that is no known state", () => {
    expect(statusLabelKey(2, 99)).toBe("status.unknown");
    expect(statusTone(2, 99)).toBe("gray");
  });
});

describe("isPickerBusy: when the detail page polls", () => {
  it("polls while the pipeline works or a draw waits for its block, and stops once settled", () => {
    expect(isPickerBusy({ version: 2, status: 3, currentDraw: null })).toBe(true);
    expect(isPickerBusy({ version: 2, status: 9, currentDraw: { status: "waiting" } })).toBe(true);
    expect(isPickerBusy({ version: 2, status: 9, currentDraw: { status: "drawn" } })).toBe(false);
    expect(isPickerBusy({ version: 2, status: 6, currentDraw: null })).toBe(false);
    expect(isPickerBusy({ version: 1, status: 3, currentDraw: null })).toBe(false);
  });
});

describe("canBan", () => {
  it("allows bans except while a draw waits for its block or once the picker is over", () => {
    expect(canBan({ status: 6, currentDraw: null })).toBe(true);
    expect(canBan({ status: 9, currentDraw: { status: "waiting" } })).toBe(false);
    expect(canBan({ status: 9, currentDraw: { status: "drawn" } })).toBe(true);
    expect(canBan({ status: 5, currentDraw: { status: "drawn" } })).toBe(false);
    expect(canBan({ status: 11, currentDraw: null })).toBe(false);
  });
});
