// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";
import {ERC721} from "@openzeppelin/contracts/token/ERC721/ERC721.sol";
import {ECDSA} from "@openzeppelin/contracts/utils/cryptography/ECDSA.sol";
import {SafeCast} from "@openzeppelin/contracts/utils/math/SafeCast.sol";
import {EIP712} from "@openzeppelin/contracts/utils/cryptography/EIP712.sol";

/// @notice ERC-5192: minimal soulbound NFTs. `locked` answers whether a token can never move.
interface IERC5192 {
    event Locked(uint256 tokenId);
    event Unlocked(uint256 tokenId);

    function locked(uint256 tokenId) external view returns (bool);
}

/// @title DropfairBadges
/// @notice Dropfair's achievement badges, two kinds in one ERC-721: soulbound badges (ERC-5192, locked for good:
///         every transfer and approval of them reverts) for what a person did, and transferable NFT badges for
///         what they may trade. A badge is minted with an EIP-712 voucher signed by the platform, once per
///         account, badge and period (a one-off badge has period 0, a monthly one its month, a seasonal one its
///         season).
/// @dev The voucher names the account the token goes to, so anyone may submit it (a relayer, a batch) and nobody
///      can redirect it. Token metadata is served by the platform's API: `tokenURI(id)` = base URI + id.
contract DropfairBadges is ERC721, EIP712, Ownable, IERC5192 {
    /// @notice The platform's permission to mint one badge for one account in one period. `nonce` is single-use
    ///         on this contract (the API keeps one per account, badge and period).
    struct MintVoucher {
        address account;
        uint256 badgeId;
        bool soulbound;
        uint256 period;
        uint256 nonce;
        uint256 deadline;
    }

    /// @notice What a token is: which badge, for which period, and whether it is soulbound (one storage slot;
    ///         a voucher whose badge id or period does not fit reverts).
    struct TokenBadge {
        uint128 badgeId;
        uint64 period;
        bool soulbound;
    }

    bytes32 public constant MINT_VOUCHER_TYPEHASH = keccak256(
        "MintVoucher(address account,uint256 badgeId,bool soulbound,uint256 period,uint256 nonce,uint256 deadline)"
    );

    /// @dev ERC-5192's interface id.
    bytes4 private constant _ERC5192_INTERFACE_ID = 0xb45a3c0e;

    /// @notice Signs the vouchers; set by the owner.
    address public platformSigner;
    /// @notice How many tokens were minted; token ids run from 1 to this number.
    uint256 public totalMinted;

    string private _baseTokenURI;
    mapping(uint256 tokenId => TokenBadge) private _badges;
    mapping(bytes32 mintKey => uint256 tokenId) private _mintedTokens;
    /// @dev Used nonces, 256 to a word: the API hands them out in sequence, so most mints write a warm word.
    mapping(uint256 wordIndex => uint256 bits) private _usedNonces;
    /// @dev Soulbound tokens each account holds: while it holds any, it cannot approve an operator for all.
    mapping(address account => uint256) private _soulboundBalances;

    event PlatformSignerChanged(address indexed previousSigner, address indexed newSigner);
    event BaseURIChanged(string baseURI);
    event BadgeMinted(
        uint256 indexed tokenId,
        address indexed account,
        uint256 indexed badgeId,
        uint256 period,
        bool soulbound,
        uint256 nonce
    );

    error ZeroAddress();
    error VoucherExpired();
    error VoucherUsed();
    error InvalidSignature();
    error AlreadyMinted(uint256 tokenId);
    error Soulbound(uint256 tokenId);
    error SoulboundHolder(address account);
    error LengthMismatch();

    constructor(address initialOwner, address signer, string memory baseTokenURI)
        ERC721("Dropfair Badges", "DFB")
        EIP712("Dropfair Badges", "1")
        Ownable(initialOwner)
    {
        if (signer == address(0)) revert ZeroAddress();
        platformSigner = signer;
        _baseTokenURI = baseTokenURI;
        emit PlatformSignerChanged(address(0), signer);
        emit BaseURIChanged(baseTokenURI);
    }

    // ------------------------------------------------------------------ owner

    function setPlatformSigner(address signer) external onlyOwner {
        if (signer == address(0)) revert ZeroAddress();
        emit PlatformSignerChanged(platformSigner, signer);
        platformSigner = signer;
    }

    /// @notice Where metadata is served: `tokenURI(id)` is this followed by the id.
    function setBaseURI(string calldata baseTokenURI) external onlyOwner {
        _baseTokenURI = baseTokenURI;
        emit BaseURIChanged(baseTokenURI);
    }

    // ------------------------------------------------------------------ minting

    /// @notice Mints the badge the voucher allows to `voucher.account`; anyone may submit it.
    function mint(MintVoucher calldata voucher, bytes calldata signature) external returns (uint256 tokenId) {
        return _mintWithVoucher(voucher, signature);
    }

    /// @notice Several vouchers in one transaction ("mint all"); any invalid voucher reverts the whole batch.
    function mintBatch(MintVoucher[] calldata vouchers, bytes[] calldata signatures)
        external
        returns (uint256[] memory tokenIds)
    {
        if (vouchers.length != signatures.length) revert LengthMismatch();
        tokenIds = new uint256[](vouchers.length);
        for (uint256 i = 0; i < vouchers.length; i++) {
            tokenIds[i] = _mintWithVoucher(vouchers[i], signatures[i]);
        }
    }

    function _mintWithVoucher(MintVoucher calldata voucher, bytes calldata signature)
        private
        returns (uint256 tokenId)
    {
        if (block.timestamp > voucher.deadline) revert VoucherExpired();
        if (_isNonceUsed(voucher.nonce)) revert VoucherUsed();
        bytes32 key = _mintKey(voucher.account, voucher.badgeId, voucher.period);
        uint256 existing = _mintedTokens[key];
        if (existing != 0) revert AlreadyMinted(existing);
        if (ECDSA.recover(voucherDigest(voucher), signature) != platformSigner) revert InvalidSignature();

        _usedNonces[voucher.nonce >> 8] |= 1 << (voucher.nonce & 0xff);
        tokenId = ++totalMinted;
        _mintedTokens[key] = tokenId;
        _badges[tokenId] =
            TokenBadge(SafeCast.toUint128(voucher.badgeId), SafeCast.toUint64(voucher.period), voucher.soulbound);
        if (voucher.soulbound) _soulboundBalances[voucher.account] += 1;
        _safeMint(voucher.account, tokenId);
        // After the mint's Transfer, so an indexer meets the token before the events about it (the state above is
        // final before `_safeMint` calls the receiver, so a receiver re-entering `mint` changes nothing here).
        if (voucher.soulbound) emit Locked(tokenId);
        emit BadgeMinted(tokenId, voucher.account, voucher.badgeId, voucher.period, voucher.soulbound, voucher.nonce);
    }

    // ------------------------------------------------------------------ soulbound rules

    /// @inheritdoc IERC5192
    function locked(uint256 tokenId) external view returns (bool) {
        _requireOwned(tokenId);
        return _badges[tokenId].soulbound;
    }

    /// @dev Minting is the only move a soulbound token ever makes.
    function _update(address to, uint256 tokenId, address auth) internal override returns (address) {
        if (_ownerOf(tokenId) != address(0) && _badges[tokenId].soulbound) revert Soulbound(tokenId);
        return super._update(to, tokenId, auth);
    }

    /// @dev A soulbound token can never be approved (clearing, which transfers do, is never reached for them).
    function _approve(address to, uint256 tokenId, address auth, bool emitEvent) internal override {
        if (to != address(0) && _badges[tokenId].soulbound) revert Soulbound(tokenId);
        super._approve(to, tokenId, auth, emitEvent);
    }

    /// @dev An operator for all would be an operator of the holder's soulbound tokens too: refused while the holder
    ///      has any. Such a holder approves transferable badges one by one; revoking is always allowed.
    function _setApprovalForAll(address holder, address operator, bool approved) internal override {
        if (approved && _soulboundBalances[holder] > 0) revert SoulboundHolder(holder);
        super._setApprovalForAll(holder, operator, approved);
    }

    // ------------------------------------------------------------------ views

    function supportsInterface(bytes4 interfaceId) public view override returns (bool) {
        return interfaceId == _ERC5192_INTERFACE_ID || super.supportsInterface(interfaceId);
    }

    /// @notice The badge, period and kind of a token (reverts for a token that does not exist).
    function tokenBadge(uint256 tokenId) external view returns (TokenBadge memory) {
        _requireOwned(tokenId);
        return _badges[tokenId];
    }

    /// @notice The token minted for this account, badge and period, or 0.
    function mintedTokenOf(address account, uint256 badgeId, uint256 period) external view returns (uint256) {
        return _mintedTokens[_mintKey(account, badgeId, period)];
    }

    function isNonceUsed(uint256 nonce) external view returns (bool) {
        return _isNonceUsed(nonce);
    }

    function soulboundBalanceOf(address account) external view returns (uint256) {
        return _soulboundBalances[account];
    }

    /// @notice The EIP-712 digest the platform signs for `voucher` on this chain and contract.
    function voucherDigest(MintVoucher calldata voucher) public view returns (bytes32) {
        return _hashTypedDataV4(
            keccak256(
                abi.encode(
                    MINT_VOUCHER_TYPEHASH,
                    voucher.account,
                    voucher.badgeId,
                    voucher.soulbound,
                    voucher.period,
                    voucher.nonce,
                    voucher.deadline
                )
            )
        );
    }

    function _baseURI() internal view override returns (string memory) {
        return _baseTokenURI;
    }

    function _isNonceUsed(uint256 nonce) private view returns (bool) {
        return _usedNonces[nonce >> 8] & (1 << (nonce & 0xff)) != 0;
    }

    function _mintKey(address account, uint256 badgeId, uint256 period) private pure returns (bytes32) {
        return keccak256(abi.encode(account, badgeId, period));
    }
}
