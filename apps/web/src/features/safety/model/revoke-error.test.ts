import { act } from "@testing-library/react";
import { beforeAll, describe, expect, it } from "vitest";
import { i18n, initI18n } from "../../../shared/i18n/i18n";
import { NotOwnerWalletError } from "../wallet/revoke";
import { revokeErrorText } from "./revoke-error";

beforeAll(async () => {
  await initI18n("en");
  await act(() => i18n.loadNamespaces(["safety", "validation", "common"]));
  await act(() => i18n.loadLanguages("cn"));
});

describe("the revoke's error text", () => {
  const notOwner = new NotOwnerWalletError("0x70997970C51812dc3A010C7d01b50e0d17dc79C8");

  it("says the account check failed when the wallet is not the approval's owner, in en and cn", () => {
    expect(revokeErrorText(i18n.getFixedT("en"), notOwner)).toBe(
      "Account address verification failed. Only the wallet that gave this approval can revoke it. Connect that wallet.",
    );
    expect(revokeErrorText(i18n.getFixedT("cn"), notOwner)).toBe(
      "账户地址验证失败。只有给出该授权的钱包才能撤销它。请连接该钱包。",
    );
  });

  it("says nothing when the user rejected the transaction in the wallet", () => {
    const rejected = Object.assign(new Error("User rejected the request."), { code: 4001 });
    expect(revokeErrorText(i18n.getFixedT("en"), rejected)).toBeUndefined();
  });
});
