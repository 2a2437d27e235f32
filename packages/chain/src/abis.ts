// ABIs of our own contracts (packages/contracts), for the API, the worker and the web app alike.
// Written out here rather than imported from the compiled artifacts, so a browser bundle never carries bytecode;
// test/abis.test.ts keeps them equal to what solc produces.
import { parseAbi } from "viem";

/**
 * BatchPayout: pays many recipients in one transaction. Its `paymentReference` is the `reference` of the
 * payment verifiers (`reference` is a reserved word in Solidity).
 */
export const batchPayoutAbi = parseAbi([
  "error EmptyBatch()",
  "error LengthMismatch(uint256 recipients, uint256 amounts)",
  "error NativeTransferFailed(address recipient, uint256 amount)",
  "error ReentrancyGuardReentrantCall()",
  "error SafeERC20FailedOperation(address token)",
  "error ValueMismatch(uint256 sent, uint256 total)",
  "error ZeroAmount(uint256 index)",
  "error ZeroRecipient(uint256 index)",
  "error ZeroToken()",
  "event BatchPaid(address indexed payer, address indexed token, bytes32 indexed paymentReference, uint256 total, uint256 count)",
  "function payERC20(address token, bytes32 paymentReference, address[] recipients, uint256[] amounts)",
  "function payNative(bytes32 paymentReference, address[] recipients, uint256[] amounts) payable",
]);

/**
 * AirdropDistributor: one per chain, many airdrop campaigns. Creators fund a campaign (`deposit` for ERC-20,
 * `registerNft` for ERC-721); participants claim by Merkle proof (`claim`, wallet lists) or by a voucher the
 * platform signs (`claimWithVoucher`, X / Telegram / Discord lists); the creator `refund`s the rest after the end
 * (or everything before the start, which closes the campaign for good).
 * `Claimed.claimId` is the Merkle index or the voucher nonce; ERC-721 claims also emit `NftClaimed` with the token id.
 */
export const airdropDistributorAbi = parseAbi([
  "constructor(address initialOwner, address signer)",
  "error AlreadyClaimed(uint256 campaignId, uint256 index)",
  "error AlreadyRefunded(uint256 campaignId)",
  "error CampaignEnded(uint256 campaignId)",
  "error CampaignNotFound(uint256 campaignId)",
  "error CampaignRefunded(uint256 campaignId)",
  "error InsufficientCampaignBalance(uint256 campaignId, uint256 available, uint256 amount)",
  "error InvalidCampaignParams()",
  "error InvalidProof()",
  "error InvalidShortString()",
  "error InvalidSignature()",
  "error InvalidTimes(uint64 start, uint64 end)",
  "error NoTokensReceived()",
  "error NotCreator(uint256 campaignId, address caller)",
  "error NotInProgress(uint256 campaignId, uint64 start, uint64 end, uint256 timestamp)",
  "error OwnableInvalidOwner(address owner)",
  "error OwnableUnauthorizedAccount(address account)",
  "error ReentrancyGuardReentrantCall()",
  "error RefundWhileInProgress(uint256 campaignId, uint64 start, uint64 end, uint256 timestamp)",
  "error SafeERC20FailedOperation(address token)",
  "error SharesExhausted(uint256 campaignId)",
  "error StringTooLong(string str)",
  "error VoucherExpired(uint256 deadline, uint256 timestamp)",
  "error VoucherUsed(uint256 campaignId, uint256 nonce)",
  "error WrongAmount(uint256 expected, uint256 amount)",
  "error WrongProofKind(uint256 campaignId)",
  "error WrongRewardKind(uint256 campaignId)",
  "error ZeroAddress()",
  "error ZeroAmount()",
  "event CampaignCreated(uint256 indexed campaignId, address indexed creator, address indexed token, uint8 kind, uint8 proofKind, uint8 mode, bytes32 merkleRoot, uint256 shares, uint256 amountPerShare, uint64 start, uint64 end)",
  "event Claimed(uint256 indexed campaignId, uint256 indexed claimId, address indexed account, uint256 amount)",
  "event Deposited(uint256 indexed campaignId, address indexed from, uint256 amount)",
  "event EIP712DomainChanged()",
  "event NftClaimed(uint256 indexed campaignId, uint256 indexed claimId, address indexed account, uint256 tokenId)",
  "event NftRegistered(uint256 indexed campaignId, address indexed from, uint256[] tokenIds)",
  "event OwnershipTransferred(address indexed previousOwner, address indexed newOwner)",
  "event PlatformSignerChanged(address indexed previousSigner, address indexed newSigner)",
  "event Refunded(uint256 indexed campaignId, address indexed creator, uint256 amount)",
  "function VOUCHER_TYPEHASH() view returns (bytes32)",
  "function campaignCount() view returns (uint256)",
  "function claim(uint256 campaignId, uint256 index, address account, uint256 amount, bytes32[] proof)",
  "function claimWithVoucher((uint256 campaignId, address recipient, uint256 amount, uint256 nonce, uint256 deadline) voucher, bytes signature)",
  "function createCampaign((address token, uint8 kind, uint8 proofKind, uint8 mode, bytes32 merkleRoot, uint256 shares, uint256 amountPerShare, uint64 start, uint64 end) params) returns (uint256 campaignId)",
  "function createCampaignAndDeposit((address token, uint8 kind, uint8 proofKind, uint8 mode, bytes32 merkleRoot, uint256 shares, uint256 amountPerShare, uint64 start, uint64 end) params, uint256 amount) returns (uint256 campaignId)",
  "function deposit(uint256 campaignId, uint256 amount)",
  "function eip712Domain() view returns (bytes1 fields, string name, string version, uint256 chainId, address verifyingContract, bytes32 salt, uint256[] extensions)",
  "function getCampaign(uint256 campaignId) view returns ((address creator, uint8 kind, uint8 proofKind, uint8 mode, bool refunded, uint64 start, uint64 end, address token, bytes32 merkleRoot, uint256 shares, uint256 sharesClaimed, uint256 amountPerShare, uint256 deposited, uint256 claimed))",
  "function isClaimed(uint256 campaignId, uint256 index) view returns (bool)",
  "function isNonceUsed(uint256 campaignId, uint256 nonce) view returns (bool)",
  "function nftIdsOf(uint256 campaignId) view returns (uint256[])",
  "function owner() view returns (address)",
  "function platformSigner() view returns (address)",
  "function refund(uint256 campaignId)",
  "function registerNft(uint256 campaignId, uint256[] tokenIds)",
  "function renounceOwnership()",
  "function setPlatformSigner(address signer)",
  "function transferOwnership(address newOwner)",
  "function voucherDigest((uint256 campaignId, address recipient, uint256 amount, uint256 nonce, uint256 deadline) voucher) view returns (bytes32)",
]);

/** AirdropDistributor's enums (`RewardKind`, `ProofKind`, `ClaimMode`), in their Solidity order. */
export const airdropRewardKind = { erc20: 0, erc721: 1 } as const;
export const airdropProofKind = { merkle: 0, voucher: 1 } as const;
export const airdropClaimMode = { all: 0, fcfs: 1 } as const;

/** The EIP-712 domain of one AirdropDistributor deployment, for signing its vouchers. */
export function airdropVoucherDomain(chainId: number, verifyingContract: `0x${string}`) {
  return { name: "Dropfair Airdrop", version: "1", chainId, verifyingContract } as const;
}

/** The EIP-712 types of a voucher (primary type `Voucher`); `nonce` is the claim's single-use id in its campaign. */
export const airdropVoucherTypes = {
  Voucher: [
    { name: "campaignId", type: "uint256" },
    { name: "recipient", type: "address" },
    { name: "amount", type: "uint256" },
    { name: "nonce", type: "uint256" },
    { name: "deadline", type: "uint256" },
  ],
} as const;

/**
 * DropfairBadges: achievement badges in one ERC-721, soulbound (ERC-5192: `locked`, `Locked`; every transfer and
 * approval of them reverts) or transferable, minted with the platform's EIP-712 voucher (`mint`, `mintBatch`)
 * once per account, badge and period. `tokenURI(id)` points at the API's metadata route.
 */
export const dropfairBadgesAbi = parseAbi([
  "constructor(address initialOwner, address signer, string baseTokenURI)",
  "error AlreadyMinted(uint256 tokenId)",
  "error ECDSAInvalidSignature()",
  "error ECDSAInvalidSignatureLength(uint256 length)",
  "error ECDSAInvalidSignatureS(bytes32 s)",
  "error ERC721IncorrectOwner(address sender, uint256 tokenId, address owner)",
  "error ERC721InsufficientApproval(address operator, uint256 tokenId)",
  "error ERC721InvalidApprover(address approver)",
  "error ERC721InvalidOperator(address operator)",
  "error ERC721InvalidOwner(address owner)",
  "error ERC721InvalidReceiver(address receiver)",
  "error ERC721InvalidSender(address sender)",
  "error ERC721NonexistentToken(uint256 tokenId)",
  "error InvalidShortString()",
  "error InvalidSignature()",
  "error LengthMismatch()",
  "error OwnableInvalidOwner(address owner)",
  "error OwnableUnauthorizedAccount(address account)",
  "error SafeCastOverflowedUintDowncast(uint8 bits, uint256 value)",
  "error Soulbound(uint256 tokenId)",
  "error SoulboundHolder(address account)",
  "error StringTooLong(string str)",
  "error VoucherExpired()",
  "error VoucherUsed()",
  "error ZeroAddress()",
  "event Approval(address indexed owner, address indexed approved, uint256 indexed tokenId)",
  "event ApprovalForAll(address indexed owner, address indexed operator, bool approved)",
  "event BadgeMinted(uint256 indexed tokenId, address indexed account, uint256 indexed badgeId, uint256 period, bool soulbound, uint256 nonce)",
  "event BaseURIChanged(string baseURI)",
  "event EIP712DomainChanged()",
  "event Locked(uint256 tokenId)",
  "event OwnershipTransferred(address indexed previousOwner, address indexed newOwner)",
  "event PlatformSignerChanged(address indexed previousSigner, address indexed newSigner)",
  "event Transfer(address indexed from, address indexed to, uint256 indexed tokenId)",
  "event Unlocked(uint256 tokenId)",
  "function MINT_VOUCHER_TYPEHASH() view returns (bytes32)",
  "function approve(address to, uint256 tokenId)",
  "function balanceOf(address owner) view returns (uint256)",
  "function eip712Domain() view returns (bytes1 fields, string name, string version, uint256 chainId, address verifyingContract, bytes32 salt, uint256[] extensions)",
  "function getApproved(uint256 tokenId) view returns (address)",
  "function isApprovedForAll(address owner, address operator) view returns (bool)",
  "function isNonceUsed(uint256 nonce) view returns (bool)",
  "function locked(uint256 tokenId) view returns (bool)",
  "function mint((address account, uint256 badgeId, bool soulbound, uint256 period, uint256 nonce, uint256 deadline) voucher, bytes signature) returns (uint256 tokenId)",
  "function mintBatch((address account, uint256 badgeId, bool soulbound, uint256 period, uint256 nonce, uint256 deadline)[] vouchers, bytes[] signatures) returns (uint256[] tokenIds)",
  "function mintedTokenOf(address account, uint256 badgeId, uint256 period) view returns (uint256)",
  "function name() view returns (string)",
  "function owner() view returns (address)",
  "function ownerOf(uint256 tokenId) view returns (address)",
  "function platformSigner() view returns (address)",
  "function renounceOwnership()",
  "function safeTransferFrom(address from, address to, uint256 tokenId)",
  "function safeTransferFrom(address from, address to, uint256 tokenId, bytes data)",
  "function setApprovalForAll(address operator, bool approved)",
  "function setBaseURI(string baseTokenURI)",
  "function setPlatformSigner(address signer)",
  "function soulboundBalanceOf(address account) view returns (uint256)",
  "function supportsInterface(bytes4 interfaceId) view returns (bool)",
  "function symbol() view returns (string)",
  "function tokenBadge(uint256 tokenId) view returns ((uint128 badgeId, uint64 period, bool soulbound))",
  "function tokenURI(uint256 tokenId) view returns (string)",
  "function totalMinted() view returns (uint256)",
  "function transferFrom(address from, address to, uint256 tokenId)",
  "function transferOwnership(address newOwner)",
  "function voucherDigest((address account, uint256 badgeId, bool soulbound, uint256 period, uint256 nonce, uint256 deadline) voucher) view returns (bytes32)",
]);

/** The EIP-712 domain of one DropfairBadges deployment, for signing its mint vouchers. */
export function badgeVoucherDomain(chainId: number, verifyingContract: `0x${string}`) {
  return { name: "Dropfair Badges", version: "1", chainId, verifyingContract } as const;
}

/** The EIP-712 types of a badge mint voucher (primary type `MintVoucher`); `nonce` is single-use per contract. */
export const badgeVoucherTypes = {
  MintVoucher: [
    { name: "account", type: "address" },
    { name: "badgeId", type: "uint256" },
    { name: "soulbound", type: "bool" },
    { name: "period", type: "uint256" },
    { name: "nonce", type: "uint256" },
    { name: "deadline", type: "uint256" },
  ],
} as const;

/** ERC-165 interface id of ERC-5192 (minimal soulbound NFTs). */
export const erc5192InterfaceId = "0xb45a3c0e";

/**
 * The ERC-721 calls an NFT airdrop makes on a creator's collection (ERC-165 checks, ERC721Enumerable listing,
 * ownership, approval), with OpenZeppelin's ERC-6093 errors so a refusal names its reason.
 */
export const erc721CollectionAbi = parseAbi([
  "function supportsInterface(bytes4 interfaceId) view returns (bool)",
  "function symbol() view returns (string)",
  "function balanceOf(address owner) view returns (uint256)",
  "function ownerOf(uint256 tokenId) view returns (address)",
  "function tokenOfOwnerByIndex(address owner, uint256 index) view returns (uint256)",
  "function isApprovedForAll(address owner, address operator) view returns (bool)",
  "function setApprovalForAll(address operator, bool approved)",
  "error ERC721InsufficientApproval(address operator, uint256 tokenId)",
  "error ERC721IncorrectOwner(address sender, uint256 tokenId, address owner)",
  "error ERC721NonexistentToken(uint256 tokenId)",
]);

/** ERC-165 interface ids: ERC-721 itself, and its Enumerable extension. */
export const erc721InterfaceIds = { erc721: "0x80ac58cd", enumerable: "0x780e9d63" } as const;

/**
 * LuckyWheel: one per chain, many wheel games. `spin(voucher, signature)` spends a ticket the platform vouched for
 * (EIP-712, `spinVoucherTypes`) in the player's own transaction and emits `Spin(gameId, account, nonce)`; the prize is
 * computed off chain (`@dropfair/core/wheel`).
 */
export const luckyWheelAbi = parseAbi([
  "constructor(address initialOwner, address signer)",
  "error InvalidShortString()",
  "error InvalidSignature()",
  "error NotVoucherAccount()",
  "error OwnableInvalidOwner(address owner)",
  "error OwnableUnauthorizedAccount(address account)",
  "error StringTooLong(string str)",
  "error VoucherExpired()",
  "error VoucherUsed()",
  "error ZeroAddress()",
  "event EIP712DomainChanged()",
  "event OwnershipTransferred(address indexed previousOwner, address indexed newOwner)",
  "event PlatformSignerChanged(address indexed previousSigner, address indexed newSigner)",
  "event Spin(uint256 indexed gameId, address indexed account, uint256 indexed nonce)",
  "function SPIN_VOUCHER_TYPEHASH() view returns (bytes32)",
  "function eip712Domain() view returns (bytes1 fields, string name, string version, uint256 chainId, address verifyingContract, bytes32 salt, uint256[] extensions)",
  "function isNonceUsed(uint256 nonce) view returns (bool)",
  "function owner() view returns (address)",
  "function platformSigner() view returns (address)",
  "function renounceOwnership()",
  "function setPlatformSigner(address signer)",
  "function spin((uint256 gameId, address account, uint256 nonce, uint256 deadline) voucher, bytes signature)",
  "function transferOwnership(address newOwner)",
  "function voucherDigest((uint256 gameId, address account, uint256 nonce, uint256 deadline) voucher) view returns (bytes32)",
]);

/** The EIP-712 domain of one LuckyWheel deployment, for signing its spin vouchers. */
export function spinVoucherDomain(chainId: number, verifyingContract: `0x${string}`) {
  return { name: "Dropfair Lucky Wheel", version: "1", chainId, verifyingContract } as const;
}

/** The EIP-712 types of a spin voucher (primary type `SpinVoucher`); `nonce` is the ticket's, single-use per contract. */
export const spinVoucherTypes = {
  SpinVoucher: [
    { name: "gameId", type: "uint256" },
    { name: "account", type: "address" },
    { name: "nonce", type: "uint256" },
    { name: "deadline", type: "uint256" },
  ],
} as const;
