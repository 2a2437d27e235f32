// The compiled contracts (ABI + creation bytecode), typed `as const` so viem infers function and event types.
import {
  airdropDistributor,
  batchPayout,
  testContractWallet,
  testFeeToken,
  testNft,
  testReentrantRecipient,
  testToken,
  testUsdt,
} from "./generated/artifacts.ts";

export const batchPayoutArtifact = batchPayout;
/** AirdropDistributor: one per chain, many campaigns; Merkle and EIP-712 voucher claims. */
export const airdropDistributorArtifact = airdropDistributor;
export const testUsdtArtifact = testUsdt;
export const testTokenArtifact = testToken;
export const testContractWalletArtifact = testContractWallet;
/** Only for tests: a recipient that calls back into BatchPayout while being paid. */
export const testReentrantRecipientArtifact = testReentrantRecipient;
/** Test ERC-721 anyone can mint: NFT airdrop rewards on local chains. */
export const testNftArtifact = testNft;
/** Only for tests: a fee-on-transfer ERC-20 (1% burnt per transfer). */
export const testFeeTokenArtifact = testFeeToken;
