import cnValidation from "@dropfair/core/locales/cn/validation.json";
import enValidation from "@dropfair/core/locales/en/validation.json";
import { typeCodes } from "@dropfair/schemas/codes";
import { describe, expect, it } from "vitest";
import cnPicker from "../../../../locales/cn/picker.json";
import enPicker from "../../../../locales/en/picker.json";
import { ApiError } from "../../../shared/api/errors";
import { ApiCodeError } from "../../../shared/api/feature-request";
import { pickerErrorMessage } from "./error-messages";

const catalogues = {
  en: { validation: enValidation, picker: enPicker },
  cn: { validation: cnValidation, picker: cnPicker },
};

function text(language: "en" | "cn", namespacedKey: string): unknown {
  const [namespace, key] = namespacedKey.split(":") as ["validation" | "picker", string];
  return key
    .split(".")
    .reduce<unknown>(
      (node, part) => (node as Record<string, unknown>)?.[part],
      catalogues[language][namespace],
    );
}

const fail = (typeCode: number, message = "server text") =>
  new ApiCodeError({ content: null, typeCode, message }, { feature: "picker" });

describe("picker error codes → catalogue messages and actions", () => {
  it.each([
    [typeCodes.pickerUsageLimit, "You have reached the usage limit. Log in with X for more.", "signInWithX"],
    [
      typeCodes.pickerVersionClosed,
      "Service unavailable: Picker 1.0 is closing, please use Picker 2.0.",
      undefined,
    ],
    [
      typeCodes.pickerQuotaReached,
      "You have used your free quota. Buy a membership for unlimited draws.",
      "membership",
    ],
    [
      typeCodes.pickerNotOwner,
      "You are not the owner or an admin of the post's account. Please sign in with the correct account.",
      "signInWithX",
    ],
    [typeCodes.pickerFollowTargetMissing, "The account to follow was not found or is suspended.", undefined],
    [
      typeCodes.pickerBetaWhitelist,
      "Join our community group to request access to the Picker 2.0 beta whitelist.",
      "beta",
    ],
    [typeCodes.pickerNoValidWinner, "Cannot find a valid winner.", undefined],
    [typeCodes.pickerXApiLimit, "The X API limit has been reached, please try again later.", undefined],
    [typeCodes.pickerSeedNotFound, "Cannot find picker with this seed", undefined],
    [
      typeCodes.pickerReferenceNotFound,
      "Cannot find a picker, tweet or seed matching this input, please re-enter.",
      undefined,
    ],
    [
      typeCodes.pickerPostNotFound,
      "The post was not found. It may have been deleted or be private.",
      undefined,
    ],
    [typeCodes.pickerWrongState, "This action is not possible in the picker's current state.", undefined],
  ])("typeCode %i", (typeCode, english, action) => {
    const message = pickerErrorMessage(fail(typeCode));
    expect(message && "key" in message).toBe(true);
    if (!message || !("key" in message)) return;
    expect(text("en", message.key)).toBe(english);
    expect(text("cn", message.key)).toEqual(expect.any(String));
    expect(message.action).toBe(action);
  });

  it("says 'You are not owner' for a 403 on an owner action, and the server's text elsewhere", () => {
    const notOwner = pickerErrorMessage(fail(typeCodes.forbidden), { ownerAction: true });
    expect(notOwner && "key" in notOwner && text("en", notOwner.key)).toBe("You are not owner");
    expect(pickerErrorMessage(fail(typeCodes.forbidden, "Only winners can submit"))).toEqual({
      text: "Only winners can submit",
    });
  });

  it("shows the server's translated text for codes without a catalogue entry", () => {
    expect(pickerErrorMessage(fail(typeCodes.badRequest, "Winners cannot exceed 3."))).toEqual({
      text: "Winners cannot exceed 3.",
    });
  });

  it("stays silent where the shell already told the user", () => {
    expect(pickerErrorMessage(new ApiError("expired", { kind: "global", status: 401 }))).toBeUndefined();
    expect(
      pickerErrorMessage(new ApiError("beta", { kind: "forbidden", status: 403, typeCode: 430 })),
    ).toBeUndefined();
  });

  it("keeps the beta message for a whitelist 403 that opened the beta dialog", () => {
    const message = pickerErrorMessage(
      new ApiError("beta", { kind: "forbidden", status: 403, typeCode: typeCodes.pickerBetaWhitelist }),
    );
    expect(message).toMatchObject({ action: "beta" });
  });

  it("passes on network and service texts the client already translated", () => {
    expect(pickerErrorMessage(new ApiError("Cannot reach the server.", { kind: "network" }))).toEqual({
      text: "Cannot reach the server.",
    });
  });
});
