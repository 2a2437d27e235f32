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
