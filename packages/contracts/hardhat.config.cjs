// The local chain behind `npm start` and the tests (src/local-chain.ts spawns `hardhat node` with this file).
// Plain CommonJS without hardhat imports, so local-chain.ts can read the mnemonic from it cheaply.

/** Hardhat's well-known test mnemonic: its keys are public, so nothing of value can ever sit behind them. */
const mnemonic = "test test test test test test test test test test test junk";

/** @type {import("hardhat/config").HardhatUserConfig} */
module.exports = {
  networks: {
    hardhat: {
      chainId: Number(process.env.DROPFAIR_LOCAL_CHAIN_ID ?? 31337),
      hardfork: "cancun",
      // Blocks that come faster than one a second (interval mining plus transactions) share a timestamp
      // instead of each adding a second, so the chain's clock keeps with the wall clock the API reads.
      allowBlocksWithSameTimestamp: true,
      accounts: { mnemonic, count: 20 },
      // Per-request logging would flood the `npm start` output; turn on with DROPFAIR_LOCAL_CHAIN_VERBOSE=1.
      loggingEnabled: process.env.DROPFAIR_LOCAL_CHAIN_VERBOSE === "1",
    },
  },
};
