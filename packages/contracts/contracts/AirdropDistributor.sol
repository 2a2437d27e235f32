// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";
import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";
import {IERC721} from "@openzeppelin/contracts/token/ERC721/IERC721.sol";
import {ECDSA} from "@openzeppelin/contracts/utils/cryptography/ECDSA.sol";
import {EIP712} from "@openzeppelin/contracts/utils/cryptography/EIP712.sol";
import {MerkleProof} from "@openzeppelin/contracts/utils/cryptography/MerkleProof.sol";
import {ReentrancyGuard} from "@openzeppelin/contracts/utils/ReentrancyGuard.sol";

/// @title AirdropDistributor
/// @notice One contract per chain holding many airdrop campaigns. A creator opens a campaign, deposits an ERC-20
///         amount into it (or registers ERC-721 token ids), and the listed participants claim while it is in
///         progress: by Merkle proof for wallet lists, or by an EIP-712 voucher signed by the platform for
///         X / Telegram / Discord lists. After the end the creator takes back what is left.
/// @dev Every campaign keeps its own books (`deposited`, `claimed`, its own NFT ids): one campaign can never pay
///      out another campaign's tokens, even when both use the same token.
///
///      Merkle leaves are OpenZeppelin StandardMerkleTree leaves of `(uint256 index, address account, uint256
///      amount)`: `keccak256(bytes.concat(keccak256(abi.encode(index, account, amount))))`. The double hash means
///      no 64-byte internal node can pass as a leaf.
///
///      Mode `All`: every listed index / voucher id claims its own (weighted) amount once. Mode `Fcfs`: the first
///      `shares` claims succeed, each for exactly `amountPerShare` (the leaf or voucher amount must equal it).
///      ERC-721 campaigns pay one token per claim; their leaf or voucher amount must be 1.
contract AirdropDistributor is Ownable, EIP712, ReentrancyGuard {
    using SafeERC20 for IERC20;

    enum RewardKind {
        ERC20,
        ERC721
    }

    enum ProofKind {
        Merkle,
        Voucher
    }

    enum ClaimMode {
        All,
        Fcfs
    }

    /// @notice What a creator chooses when opening a campaign.
    /// @param merkleRoot Required for `ProofKind.Merkle`, must be zero for `ProofKind.Voucher`.
    /// @param shares `Fcfs` only (else 0): how many claims succeed.
    /// @param amountPerShare `Fcfs` only (else 0): what each claim pays; 1 for ERC-721.
    /// @param start First second claims are accepted (inclusive).
    /// @param end First second claims are refused (exclusive); refunds open from here.
    struct CampaignParams {
        address token;
        RewardKind kind;
        ProofKind proofKind;
        ClaimMode mode;
        bytes32 merkleRoot;
        uint256 shares;
        uint256 amountPerShare;
        uint64 start;
        uint64 end;
    }

    struct Campaign {
        address creator;
        RewardKind kind;
        ProofKind proofKind;
        ClaimMode mode;
        bool refunded;
        uint64 start;
        uint64 end;
        address token;
        bytes32 merkleRoot;
        uint256 shares;
        uint256 sharesClaimed;
        uint256 amountPerShare;
        /// @dev ERC-20: the amount received (after any transfer fee). ERC-721: the number of token ids registered.
        uint256 deposited;
        /// @dev ERC-20: the amount paid out. ERC-721: the number of tokens paid out.
        uint256 claimed;
    }

    /// @notice The platform's claim permit for a social-id list. `nonce` is the single-use id of the claim
    ///         within its campaign (the API derives it from the participant id, so one id claims once).
    struct Voucher {
        uint256 campaignId;
        address recipient;
        uint256 amount;
        uint256 nonce;
        uint256 deadline;
    }

    bytes32 public constant VOUCHER_TYPEHASH =
        keccak256("Voucher(uint256 campaignId,address recipient,uint256 amount,uint256 nonce,uint256 deadline)");

    /// @notice Signs the vouchers; set by the owner.
    address public platformSigner;
    /// @notice The id of the last campaign created; ids start at 1.
    uint256 public campaignCount;

    mapping(uint256 campaignId => Campaign) private _campaigns;
    mapping(uint256 campaignId => mapping(uint256 wordIndex => uint256 bits)) private _claimedBitmap;
    mapping(uint256 campaignId => mapping(uint256 nonce => bool)) private _usedNonces;
    /// @dev ERC-721 campaigns: the registered ids not yet paid out; claims take the last one.
    mapping(uint256 campaignId => uint256[]) private _nftIds;

    event PlatformSignerChanged(address indexed previousSigner, address indexed newSigner);
    event CampaignCreated(
        uint256 indexed campaignId,
        address indexed creator,
        address indexed token,
        RewardKind kind,
        ProofKind proofKind,
        ClaimMode mode,
        bytes32 merkleRoot,
        uint256 shares,
        uint256 amountPerShare,
        uint64 start,
        uint64 end
    );
    /// @notice `amount` is what the contract received (a fee-on-transfer token delivers less than was sent).
    event Deposited(uint256 indexed campaignId, address indexed from, uint256 amount);
    event NftRegistered(uint256 indexed campaignId, address indexed from, uint256[] tokenIds);
    /// @notice One per successful claim. `claimId` is the Merkle index or the voucher nonce; `amount` is 1 for
    ///         ERC-721 campaigns, whose token id is in the `NftClaimed` event of the same claim.
    event Claimed(uint256 indexed campaignId, uint256 indexed claimId, address indexed account, uint256 amount);
    event NftClaimed(uint256 indexed campaignId, uint256 indexed claimId, address indexed account, uint256 tokenId);
    /// @notice `amount`: ERC-20 units returned, or the number of ERC-721 tokens returned.
    event Refunded(uint256 indexed campaignId, address indexed creator, uint256 amount);

    error ZeroAddress();
    error InvalidTimes(uint64 start, uint64 end);
    error InvalidCampaignParams();
    error CampaignNotFound(uint256 campaignId);
    error NotCreator(uint256 campaignId, address caller);
    error WrongRewardKind(uint256 campaignId);
    error WrongProofKind(uint256 campaignId);
    error ZeroAmount();
    error NoTokensReceived();
    error CampaignEnded(uint256 campaignId);
    error NotInProgress(uint256 campaignId, uint64 start, uint64 end, uint256 timestamp);
    error AlreadyClaimed(uint256 campaignId, uint256 index);
    error InvalidProof();
    error VoucherExpired(uint256 deadline, uint256 timestamp);
    error VoucherUsed(uint256 campaignId, uint256 nonce);
    error InvalidSignature();
    error WrongAmount(uint256 expected, uint256 amount);
    error SharesExhausted(uint256 campaignId);
    error InsufficientCampaignBalance(uint256 campaignId, uint256 available, uint256 amount);
    error AlreadyRefunded(uint256 campaignId);
    error CampaignRefunded(uint256 campaignId);
    error RefundWhileInProgress(uint256 campaignId, uint64 start, uint64 end, uint256 timestamp);

    constructor(address initialOwner, address signer) Ownable(initialOwner) EIP712("Dropfair Airdrop", "1") {
        _setPlatformSigner(signer);
    }

    // ---------------------------------------------------------------------------------------------- admin

    function setPlatformSigner(address signer) external onlyOwner {
        _setPlatformSigner(signer);
    }

    // ----------------------------------------------------------------------------------------- creator side

    /// @notice Opens a campaign owned by the caller; fund it with `deposit` or `registerNft`.
    function createCampaign(CampaignParams calldata params) external returns (uint256 campaignId) {
        campaignId = _createCampaign(params);
    }

    /// @notice Opens an ERC-20 campaign and funds it in the same transaction (the creator approves `amount` first).
    function createCampaignAndDeposit(CampaignParams calldata params, uint256 amount)
        external
        nonReentrant
        returns (uint256 campaignId)
    {
        if (params.kind != RewardKind.ERC20) revert InvalidCampaignParams();
        campaignId = _createCampaign(params);
        _deposit(_campaigns[campaignId], campaignId, amount);
    }

    function _createCampaign(CampaignParams calldata params) private returns (uint256 campaignId) {
        if (params.token == address(0)) revert ZeroAddress();
        if (params.start >= params.end || params.end <= block.timestamp) revert InvalidTimes(params.start, params.end);
        if ((params.proofKind == ProofKind.Merkle) != (params.merkleRoot != bytes32(0))) revert InvalidCampaignParams();
        if (params.mode == ClaimMode.Fcfs) {
            if (params.shares == 0 || params.amountPerShare == 0) revert InvalidCampaignParams();
            if (params.kind == RewardKind.ERC721 && params.amountPerShare != 1) revert InvalidCampaignParams();
        } else if (params.shares != 0 || params.amountPerShare != 0) {
            revert InvalidCampaignParams();
        }

        campaignId = ++campaignCount;
        Campaign storage campaign = _campaigns[campaignId];
        campaign.creator = msg.sender;
        campaign.kind = params.kind;
        campaign.proofKind = params.proofKind;
        campaign.mode = params.mode;
        campaign.start = params.start;
        campaign.end = params.end;
        campaign.token = params.token;
        campaign.merkleRoot = params.merkleRoot;
        campaign.shares = params.shares;
        campaign.amountPerShare = params.amountPerShare;
        emit CampaignCreated(
            campaignId,
            msg.sender,
            params.token,
            params.kind,
            params.proofKind,
            params.mode,
            params.merkleRoot,
            params.shares,
            params.amountPerShare,
            params.start,
            params.end
        );
    }

    /// @notice Moves `amount` of the campaign's ERC-20 from the creator (who approves it first) into the campaign.
    ///         Only what actually arrives is credited, so fee-on-transfer tokens cannot overdraw the contract.
    function deposit(uint256 campaignId, uint256 amount) external nonReentrant {
        _deposit(_creatorCampaign(campaignId), campaignId, amount);
    }

    function _deposit(Campaign storage campaign, uint256 campaignId, uint256 amount) private {
        if (campaign.kind != RewardKind.ERC20) revert WrongRewardKind(campaignId);
        if (campaign.refunded) revert CampaignRefunded(campaignId);
        if (block.timestamp >= campaign.end) revert CampaignEnded(campaignId);
        if (amount == 0) revert ZeroAmount();
        IERC20 token = IERC20(campaign.token);
        uint256 before = token.balanceOf(address(this));
        token.safeTransferFrom(msg.sender, address(this), amount);
        uint256 received = token.balanceOf(address(this)) - before;
        if (received == 0) revert NoTokensReceived();
        campaign.deposited += received;
        emit Deposited(campaignId, msg.sender, received);
    }

    /// @notice Moves the given ERC-721 token ids from the creator (who approves them first) into the campaign.
    function registerNft(uint256 campaignId, uint256[] calldata tokenIds) external nonReentrant {
        Campaign storage campaign = _creatorCampaign(campaignId);
        if (campaign.kind != RewardKind.ERC721) revert WrongRewardKind(campaignId);
        if (campaign.refunded) revert CampaignRefunded(campaignId);
        if (block.timestamp >= campaign.end) revert CampaignEnded(campaignId);
        if (tokenIds.length == 0) revert ZeroAmount();
        IERC721 token = IERC721(campaign.token);
        uint256[] storage ids = _nftIds[campaignId];
        for (uint256 i = 0; i < tokenIds.length; ++i) {
            // transferFrom, not safeTransferFrom: we are the receiver and check ownership ourselves.
            token.transferFrom(msg.sender, address(this), tokenIds[i]);
            if (token.ownerOf(tokenIds[i]) != address(this)) revert NoTokensReceived();
            ids.push(tokenIds[i]);
        }
        campaign.deposited += tokenIds.length;
        emit NftRegistered(campaignId, msg.sender, tokenIds);
    }

    /// @notice Returns everything the campaign still holds to its creator, once: after the end, or before the
    ///         start (a creator who needs to change a funded campaign takes the prize back first; the campaign is
    ///         closed for good and a new one is opened).
    function refund(uint256 campaignId) external nonReentrant {
        Campaign storage campaign = _creatorCampaign(campaignId);
        if (block.timestamp >= campaign.start && block.timestamp < campaign.end) {
            revert RefundWhileInProgress(campaignId, campaign.start, campaign.end, block.timestamp);
        }
        if (campaign.refunded) revert AlreadyRefunded(campaignId);
        campaign.refunded = true;
        uint256 amount;
        if (campaign.kind == RewardKind.ERC20) {
            amount = campaign.deposited - campaign.claimed;
            if (amount > 0) IERC20(campaign.token).safeTransfer(msg.sender, amount);
        } else {
            uint256[] storage ids = _nftIds[campaignId];
            amount = ids.length;
            IERC721 token = IERC721(campaign.token);
            for (uint256 i = 0; i < amount; ++i) {
                token.transferFrom(address(this), msg.sender, ids[i]);
            }
            delete _nftIds[campaignId];
        }
        emit Refunded(campaignId, msg.sender, amount);
    }

    // -------------------------------------------------------------------------------------------- claims

    /// @notice Claims for a wallet list entry. Pays `account`, whoever submits the transaction.
    function claim(uint256 campaignId, uint256 index, address account, uint256 amount, bytes32[] calldata proof)
        external
        nonReentrant
    {
        Campaign storage campaign = _liveCampaign(campaignId);
        if (campaign.proofKind != ProofKind.Merkle) revert WrongProofKind(campaignId);
        if (isClaimed(campaignId, index)) revert AlreadyClaimed(campaignId, index);
        bytes32 leaf = keccak256(bytes.concat(keccak256(abi.encode(index, account, amount))));
        if (!MerkleProof.verifyCalldata(proof, campaign.merkleRoot, leaf)) revert InvalidProof();
        _claimedBitmap[campaignId][index >> 8] |= 1 << (index & 0xff);
        _pay(campaign, campaignId, index, account, amount);
    }

    /// @notice Claims with a platform-signed voucher. Pays `voucher.recipient`, whoever submits the transaction.
    function claimWithVoucher(Voucher calldata voucher, bytes calldata signature) external nonReentrant {
        uint256 campaignId = voucher.campaignId;
        Campaign storage campaign = _liveCampaign(campaignId);
        if (campaign.proofKind != ProofKind.Voucher) revert WrongProofKind(campaignId);
        if (block.timestamp > voucher.deadline) revert VoucherExpired(voucher.deadline, block.timestamp);
        if (_usedNonces[campaignId][voucher.nonce]) revert VoucherUsed(campaignId, voucher.nonce);
        (address signer, ECDSA.RecoverError recoverError,) = ECDSA.tryRecoverCalldata(voucherDigest(voucher), signature);
        if (recoverError != ECDSA.RecoverError.NoError || signer != platformSigner) revert InvalidSignature();
        _usedNonces[campaignId][voucher.nonce] = true;
        _pay(campaign, campaignId, voucher.nonce, voucher.recipient, voucher.amount);
    }

    // --------------------------------------------------------------------------------------------- views

    function getCampaign(uint256 campaignId) external view returns (Campaign memory) {
        if (_campaigns[campaignId].creator == address(0)) revert CampaignNotFound(campaignId);
        return _campaigns[campaignId];
    }

    /// @notice ERC-721 campaigns: the token ids still held for claims.
    function nftIdsOf(uint256 campaignId) external view returns (uint256[] memory) {
        return _nftIds[campaignId];
    }

    function isClaimed(uint256 campaignId, uint256 index) public view returns (bool) {
        return (_claimedBitmap[campaignId][index >> 8] >> (index & 0xff)) & 1 == 1;
    }

    function isNonceUsed(uint256 campaignId, uint256 nonce) external view returns (bool) {
        return _usedNonces[campaignId][nonce];
    }

    /// @notice The EIP-712 digest the platform signer signs for `voucher` on this chain and this contract.
    function voucherDigest(Voucher calldata voucher) public view returns (bytes32) {
        return _hashTypedDataV4(
            keccak256(
                abi.encode(
                    VOUCHER_TYPEHASH,
                    voucher.campaignId,
                    voucher.recipient,
                    voucher.amount,
                    voucher.nonce,
                    voucher.deadline
                )
            )
        );
    }

    // ------------------------------------------------------------------------------------------ internals

    function _setPlatformSigner(address signer) private {
        if (signer == address(0)) revert ZeroAddress();
        emit PlatformSignerChanged(platformSigner, signer);
        platformSigner = signer;
    }

    function _creatorCampaign(uint256 campaignId) private view returns (Campaign storage campaign) {
        campaign = _campaigns[campaignId];
        if (campaign.creator == address(0)) revert CampaignNotFound(campaignId);
        if (campaign.creator != msg.sender) revert NotCreator(campaignId, msg.sender);
    }

    function _liveCampaign(uint256 campaignId) private view returns (Campaign storage campaign) {
        campaign = _campaigns[campaignId];
        if (campaign.creator == address(0)) revert CampaignNotFound(campaignId);
        if (campaign.refunded) revert CampaignRefunded(campaignId);
        if (block.timestamp < campaign.start || block.timestamp >= campaign.end) {
            revert NotInProgress(campaignId, campaign.start, campaign.end, block.timestamp);
        }
    }

    /// @dev Effects first (share counter, books), then the transfer.
    function _pay(Campaign storage campaign, uint256 campaignId, uint256 claimId, address account, uint256 amount)
        private
    {
        if (account == address(0)) revert ZeroAddress();
        if (amount == 0) revert ZeroAmount();
        if (campaign.mode == ClaimMode.Fcfs) {
            if (amount != campaign.amountPerShare) revert WrongAmount(campaign.amountPerShare, amount);
            if (campaign.sharesClaimed >= campaign.shares) revert SharesExhausted(campaignId);
            ++campaign.sharesClaimed;
        }
        if (campaign.kind == RewardKind.ERC20) {
            uint256 available = campaign.deposited - campaign.claimed;
            if (amount > available) revert InsufficientCampaignBalance(campaignId, available, amount);
            campaign.claimed += amount;
            emit Claimed(campaignId, claimId, account, amount);
            IERC20(campaign.token).safeTransfer(account, amount);
        } else {
            if (amount != 1) revert WrongAmount(1, amount);
            uint256[] storage ids = _nftIds[campaignId];
            if (ids.length == 0) revert InsufficientCampaignBalance(campaignId, 0, 1);
            uint256 tokenId = ids[ids.length - 1];
            ids.pop();
            campaign.claimed += 1;
            emit Claimed(campaignId, claimId, account, 1);
            emit NftClaimed(campaignId, claimId, account, tokenId);
            IERC721(campaign.token).safeTransferFrom(address(this), account, tokenId);
        }
    }
}
