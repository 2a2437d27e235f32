// The compiled contracts (ABI + creation bytecode), typed `as const` so viem infers function and event types.
import { testContractWallet, testToken, testUsdt } from "./generated/artifacts.ts";

export const testUsdtArtifact = testUsdt;
export const testTokenArtifact = testToken;
export const testContractWalletArtifact = testContractWallet;
