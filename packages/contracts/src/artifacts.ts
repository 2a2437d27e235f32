// The compiled contracts (ABI + creation bytecode), typed `as const` so viem infers function and event types.
import {
  airdropDistributor,
  batchPayout,
  benchPlainNft,
  codeSizeReader,
  dropfairBadges,
  localMulticall3,
  localPermit2,
  luckyWheel,
  safetyBenchToken,
  safetySelfDestructDeployer,
  safetyTestProxy,
  safetyTestToken,
  safetyTestVault,
  testContractWallet,
  testFeeToken,
  testNft,
  testReentrantRecipient,
  testToken,
  testUsdt,
} from "./generated/artifacts.ts";

export const batchPayoutArtifact = batchPayout;
/** DropfairBadges: ERC-721 achievement badges, soulbound (ERC-5192) or transferable, minted with vouchers. */
export const dropfairBadgesArtifact = dropfairBadges;
/** Benchmark only: OpenZeppelin's plain ERC-721 with an open safeMint (the gas baseline of a badge mint). */
export const benchPlainNftArtifact = benchPlainNft;
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
/** Permit2's allowance functions for local chains; its runtime code is placed at Permit2's canonical address. */
export const localPermit2Artifact = localPermit2;
/** Multicall3's `aggregate3` for local chains; its runtime code is placed at Multicall3's canonical address. */
export const localMulticall3Artifact = localMulticall3;
/** The safe check's scenario: an ERC-20 whose owner can mint, pause, blacklist and set a fee. */
export const safetyTestTokenArtifact = safetyTestToken;
/** The safe check's scenario: an EIP-1967 proxy with an admin, in front of SafetyTestVault (UUPS). */
export const safetyTestProxyArtifact = safetyTestProxy;
export const safetyTestVaultArtifact = safetyTestVault;
/** The safe check's scenario: creates a contract that self-destructs in the same transaction. */
export const safetySelfDestructDeployerArtifact = safetySelfDestructDeployer;
/** Benchmark only: an ERC-20 that approves many spenders in one transaction. */
export const safetyBenchTokenArtifact = safetyBenchToken;
/** Run, never deployed: its creation code answers the code size of many accounts in one eth_call. */
export const codeSizeReaderArtifact = codeSizeReader;
/** LuckyWheel: one per chain, many wheel games; a spin spends a platform-vouched ticket and emits Spin. */
export const luckyWheelArtifact = luckyWheel;
