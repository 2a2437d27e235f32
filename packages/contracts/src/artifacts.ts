// The compiled contracts (ABI + creation bytecode), typed `as const` so viem infers function and event types.
import {
  batchPayout,
  testContractWallet,
  testReentrantRecipient,
  testToken,
  testUsdt,
} from "./generated/artifacts.ts";

export const batchPayoutArtifact = batchPayout;
export const testUsdtArtifact = testUsdt;
export const testTokenArtifact = testToken;
export const testContractWalletArtifact = testContractWallet;
/** Only for tests: a recipient that calls back into BatchPayout while being paid. */
export const testReentrantRecipientArtifact = testReentrantRecipient;
