import { typeCodes } from "@dropfair/schemas/codes";
import { describe, expect, it } from "vitest";
import { ApiError } from "../../../shared/api/errors";
import { ApiCodeError } from "../../../shared/api/feature-request";
import { TransactionRevertedError } from "../../../shared/wallet/errors";
import {
  AccountMismatchError,
  AddChainError,
  mintErrorMessage,
  UnsupportedNetworkError,
} from "./mint-errors";

const t = (key: string) => key;
const badgesError = (typeCode: number, message = "server text") =>
  new ApiCodeError({ content: null, typeCode, message }, { feature: "badges" });

describe("mint error messages", () => {
  it("says the transaction was cancelled when the wallet refused", () => {
    expect(
      mintErrorMessage(t, Object.assign(new Error("User rejected the request."), { code: 4001 })),
    ).toEqual({
      text: "validation:validation.transaction.cancelled",
    });
  });

  it("names the wallet and network failures with the catalogue's messages", () => {
    expect(mintErrorMessage(t, new AccountMismatchError("0x1"))).toEqual({
      text: "validation:validation.transaction.accountMismatch",
    });
    expect(mintErrorMessage(t, new UnsupportedNetworkError("5"))).toEqual({
      text: "validation:validation.network.unsupported",
    });
    expect(mintErrorMessage(t, new AddChainError("Ethereum", { cause: new Error("no such chain") }))).toEqual(
      {
        title: "validation:validation.network.addChainFailed",
        text: "no such chain",
      },
    );
    expect(mintErrorMessage(t, new TransactionRevertedError("0xabc"))).toEqual({
      text: "validation:validation.transaction.failed",
    });
  });

  it("maps the badges API's codes to the mint and transaction messages, else keeps the server's text", () => {
    expect(mintErrorMessage(t, badgesError(typeCodes.badgeNotEligible))).toEqual({
      text: "validation:validation.mint.notEligible",
    });
    expect(mintErrorMessage(t, badgesError(typeCodes.badgeNothingToMint))).toEqual({
      text: "validation:validation.mint.nothingToMint",
    });
    expect(mintErrorMessage(t, badgesError(typeCodes.badgeAccountMismatch))).toEqual({
      text: "validation:validation.transaction.accountMismatch",
    });
    expect(mintErrorMessage(t, badgesError(typeCodes.badgeAlreadyMinted, "You already minted"))).toEqual({
      text: "You already minted",
    });
    expect(mintErrorMessage(t, new ApiError("expired", { kind: "global" }))).toBeUndefined();
  });
});
