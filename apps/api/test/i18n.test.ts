// The API's message catalogues: params, messages that name other messages, and the payment reasons' wording.
import { paymentVerificationReasons } from "@dropfair/chain/payments";
import { describe, expect, it } from "vitest";
import { hasMessage, translate } from "../src/platform/i18n.ts";

describe("translate", () => {
  it("fills params, then words a reason code through the message it names", () => {
    expect(translate("en", "picker.paymentInvalid", { reason: "wrong-recipient" })).toBe(
      "The payment could not be verified: it paid another address.",
    );
    expect(translate("cn", "picker.paymentInvalid", { reason: "wrong-recipient" })).toBe(
      "无法验证该付款：付款给了其他地址。",
    );
  });

  it("leaves the code itself when a named message does not exist", () => {
    expect(translate("en", "picker.paymentInvalid", { reason: "made-up" })).toBe(
      "The payment could not be verified: made-up.",
    );
  });

  it("words every payment reason and the API's own, in both languages", () => {
    const missing = [...paymentVerificationReasons, "unsupported-chain"].flatMap((reason) => {
      const key = `picker.paymentReasons.${reason}`;
      if (!hasMessage(key)) return [`en ${reason}`];
      return translate("cn", key) === translate("en", key) ? [`cn ${reason}`] : [];
    });
    expect(missing).toEqual([]);
  });
});
