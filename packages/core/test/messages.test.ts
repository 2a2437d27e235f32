import { describe, expect, it } from "vitest";
import cn from "../locales/cn/validation.json" with { type: "json" };
import en from "../locales/en/validation.json" with { type: "json" };
import { messageKeys } from "../src/messages.ts";

type Catalogue = { [key: string]: string | Catalogue };

function leaves(node: Catalogue | string, prefix = ""): Map<string, string> {
  if (typeof node === "string") return new Map([[prefix, node]]);
  return new Map(
    Object.entries(node).flatMap(([key, child]) => [...leaves(child, prefix ? `${prefix}.${key}` : key)]),
  );
}

const english = leaves(en);
const chinese = leaves(cn);
const keys = [...leaves(messageKeys as unknown as Catalogue).values()];
const interpolations = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1]).sort();

describe("validation catalogues", () => {
  it("hold exactly the same keys in en and cn", () => {
    expect([...chinese.keys()].sort()).toEqual([...english.keys()].sort());
  });

  it("hold every message key, and nothing messageKeys does not name", () => {
    expect(keys.sort()).toEqual([...english.keys()].sort());
  });

  it("map each messageKeys path to its own dotted key", () => {
    for (const [path, key] of leaves(messageKeys as unknown as Catalogue)) {
      expect(key).toBe(`validation.${path}`);
    }
  });

  it("use the same interpolations in both languages", () => {
    for (const [key, text] of english) {
      expect(interpolations(chinese.get(key)!), key).toEqual(interpolations(text));
    }
  });

  it("have no empty texts and only i18next-style placeholders", () => {
    for (const text of [...english.values(), ...chinese.values()]) {
      expect(text.trim()).not.toBe("");
      expect(text.replaceAll(/\{\{\w+\}\}/g, "")).not.toMatch(/[{}]/);
    }
  });

  it.each([
    [messageKeys.airdrop.titleRequired, "Please input title"],
    [messageKeys.airdrop.timeOrder, "The start time cannot be later than the end time"],
    [messageKeys.airdrop.tokenAddressInvalid, "Token address not valid"],
    [messageKeys.airdrop.amountRequired, "Need input amount."],
    [messageKeys.airdrop.depositRequired, "Need Deposit."],
    [messageKeys.airdrop.participantsRequired, "Need upload participants."],
    [messageKeys.airdrop.shareRequired, "Need input Airdrop Share."],
    [messageKeys.airdrop.shareOverflow, "Airdrop Share overflow."],
    [messageKeys.airdrop.balanceInsufficient, "Your balance is insufficient."],
    [messageKeys.address.invalid, "Please enter the correct address format."],
    [messageKeys.email.empty, "E-mail address is empty"],
    [messageKeys.email.invalid, "Input is not a valid e-mail address, please re-enter."],
    [messageKeys.safeCheck.addressFormat, "Contract address format error"],
    [messageKeys.picker.seedNotFound, "Cannot find picker with this seed"],
    [messageKeys.picker.notOwner, "You are not owner"],
    [messageKeys.picker.notCreator, "You Are Not The Creator"],
    [messageKeys.api.token, "Your token is expired, please re-login."],
    [messageKeys.api.serviceError, "Service error, Please reach out to {{handle}}."],
    [messageKeys.page.notFound, "Page Not Found: {{path}}"],
    [messageKeys.auth.invalidAddress, "Invalid wallet address."],
    [messageKeys.auth.unknownProject, "Project not found."],
    [messageKeys.request.notFound, "No data."],
  ])("keeps the product's exact English for %s", (key, text) => {
    expect(english.get(key)).toBe(text);
  });
});
