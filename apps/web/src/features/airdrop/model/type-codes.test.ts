import { typeCodes } from "@dropfair/schemas/envelope";
import { describe, expect, it } from "vitest";
import { airdropTypeCodes } from "./type-codes";

describe("airdrop typeCodes", () => {
  it("match the shared envelope codes", () => {
    expect(airdropTypeCodes).toEqual({
      notCreator: typeCodes.airdropNotCreator,
      refundFirst: typeCodes.airdropRefundFirst,
      wrongState: typeCodes.airdropWrongState,
      notEligible: typeCodes.airdropNotEligible,
      transactionInvalid: typeCodes.airdropTransactionInvalid,
      chainUnsupported: typeCodes.airdropChainUnsupported,
      socialSignInRequired: typeCodes.airdropSocialSignInRequired,
      forbidden: typeCodes.forbidden,
    });
  });
});
