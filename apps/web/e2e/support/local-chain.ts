import { type LocalAccount, localChainAccounts } from "@dropfair/contracts/local-chain";
import {
  type Address,
  createPublicClient,
  defineChain,
  erc20Abi,
  erc721Abi,
  http,
  type PublicClient,
} from "viem";

/**
 * The local chain `npm start` runs (scripts/stack.ts) and what packages/contracts/src/deploy.ts puts on it. The
 * deployer's nonces start at 0 on a fresh chain, so these addresses are the same on every run.
 */
export const localChainId = 31337;
export const localContracts = {
  /** TestUSDT, 6 decimals; 100,000 to each of Hardhat accounts #0–#9 and #19. */
  testUsdt: "0x5FbDB2315678afecb367f032d93F642f64180aa3",
  /** TestToken "DFT", 18 decimals; 1,000,000 to each of Hardhat accounts #0–#9 and #19. */
  testToken: "0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512",
  batchPayout: "0x9fE46736679d2D9a65F0992F2272dE9f3c7fa6e0",
  airdropDistributor: "0xCf7Ed3AccA5a467e9e704C703E8D87F634fB0Fc9",
  /** TestNft "DFNFT", enumerable: Hardhat account #n (0–9) owns the ids n×20+1 to n×20+20, #19 owns 201–220. */
  testNft: "0xDc64a140Aa3E981100a9becA4E685f962f0cF6C9",
  /** DropfairBadges: soulbound and transferable achievement badges. */
  dropfairBadges: "0x5FC8d32690cc91D4c39d9d3abcBD16989F875707",
} as const satisfies Record<string, Address>;

/**
 * Which spec signs with which Hardhat account. Playwright runs two workers against one chain, so two specs must
 * never share an account (their nonces and balances would collide): every account any spec uses is listed here
 * once, and specs take theirs by name.
 */
const hardhatAccountIndex = {
  /**
   * tips.spec.ts: creates and funds a tips campaign with DFT, and gives its claiming participant gas. The deployer:
   * nothing sends from it once the stack is up (the airdrop signer, #1, only signs).
   */
  tipsCreator: 0,
  /** wheel.spec.ts: creates a lucky wheel game and funds its DFT prize on the distributor. */
  wheelCreator: 2,
  /** picker.spec.ts: pays the winners with test USDT through BatchPayout. */
  pickerPayer: 3,
  /** airdrop.spec.ts: creates and funds a token airdrop with DFT, refunds it. */
  airdropCreator: 4,
  /** airdrop.spec.ts: a wallet participant with weight 2. */
  airdropParticipant: 5,
  /** airdrop.spec.ts: a wallet participant with weight 1, also the X participant's wallet. */
  airdropSecondParticipant: 6,
  /** airdrop-nft.spec.ts: registers its DFNFT ids 141–160. */
  nftCreator: 7,
  /** airdrop-nft.spec.ts: claims one NFT (owns ids 161–180 already). */
  nftParticipant: 8,
  /** airdrop-social.spec.ts: creates and funds the Telegram, Discord and Discord-role airdrops. */
  socialCreator: 9,
  /** airdrop-social.spec.ts: the Telegram participant's wallet (gas only). */
  telegramClaimer: 10,
  /** airdrop-social.spec.ts: the Discord participant's wallet. */
  discordClaimer: 11,
  /** airdrop-social.spec.ts: the Discord-role participant's wallet. */
  roleClaimer: 12,
  /** badges.spec.ts: earns EP with a mission and mints a soulbound badge. */
  badgeMinter: 13,
  /**
   * safety.spec.ts: the wallet scripts/stack.ts gives one approval of every kind (the safety scenario of
   * packages/contracts; its deployer is #17 and its spenders #14 and #15, which no spec may use either).
   */
  safetyOwner: 16,
  /** wheel.spec.ts: earns a ticket with a mission, spins on LuckyWheel, claims the DFT prize (gas only). */
  wheelPlayer: 18,
  /**
   * wheel-create.spec.ts: creates games through the create form and funds their DFT and DFNFT prizes
   * (scripts/stack.ts funds it like #0–#9: both tokens and DFNFT ids 201–220).
   */
  wheelFormCreator: 19,
} as const;

export type HardhatAccountRole = keyof typeof hardhatAccountIndex;

/** The key and address of the Hardhat account a spec uses in `role`. */
export function hardhatAccount(role: HardhatAccountRole): LocalAccount & { index: number } {
  const index = hardhatAccountIndex[role];
  const account = localChainAccounts()[index];
  if (!account) throw new Error(`the local chain has no account #${index}`);
  return { ...account, index };
}

export type LocalChain = {
  client: PublicClient;
  /** An ERC-20 balance in base units (the test DFT unless `token` says otherwise). */
  tokenBalance: (owner: Address, token?: Address) => Promise<bigint>;
  /** How many DFNFTs `owner` holds. */
  nftBalance: (owner: Address) => Promise<bigint>;
  /** The owner of DFNFT `tokenId`. */
  nftOwner: (tokenId: bigint) => Promise<Address>;
};

/** Reads the local chain through the app's own RPC proxy (`/api/sandbox/rpc`), uncached. */
export function localChain(baseURL: string | undefined): LocalChain {
  const rpcUrl = localRpcUrl(baseURL);
  const chain = defineChain({
    id: localChainId,
    name: "Dropfair local chain",
    nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
    rpcUrls: { default: { http: [rpcUrl] } },
  });
  const client = createPublicClient({ chain, transport: http(rpcUrl), cacheTime: 0 }) as PublicClient;
  return {
    client,
    tokenBalance: (owner, token = localContracts.testToken) =>
      client.readContract({ address: token, abi: erc20Abi, functionName: "balanceOf", args: [owner] }),
    nftBalance: (owner) =>
      client.readContract({
        address: localContracts.testNft,
        abi: erc721Abi,
        functionName: "balanceOf",
        args: [owner],
      }),
    nftOwner: (tokenId) =>
      client.readContract({
        address: localContracts.testNft,
        abi: erc721Abi,
        functionName: "ownerOf",
        args: [tokenId],
      }),
  };
}

/** The app's JSON-RPC proxy to the local chain, which the test wallet sends its transactions through. */
export function localRpcUrl(baseURL: string | undefined): string {
  if (!baseURL) throw new Error("the Playwright config sets baseURL");
  return `${baseURL}/api/sandbox/rpc`;
}
