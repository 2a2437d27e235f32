// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";
import {ECDSA} from "@openzeppelin/contracts/utils/cryptography/ECDSA.sol";
import {EIP712} from "@openzeppelin/contracts/utils/cryptography/EIP712.sol";

/// @title LuckyWheel
/// @notice Dropfair's lucky wheel: one deployment per chain, many games. A spin is the player's own transaction
///         that spends a ticket the platform vouched for (an EIP-712 voucher naming the game, the player, the
///         ticket's nonce and a deadline) and emits `Spin(gameId, account, nonce)`. The contract decides nothing
///         else: the prize is computed off chain from the spin's block hash, its transaction hash and the game's
///         salt (docs/wheel.md), so the transaction must be the player's own (`msg.sender == account`).
/// @dev Games live off chain; the voucher's signature is what makes a game id valid. Each nonce spins once on this
///      contract, whatever the game, and the EIP-712 domain binds a voucher to this chain and this deployment.
contract LuckyWheel is EIP712, Ownable {
    /// @notice The platform's permission for `account` to spin game `gameId` once with ticket `nonce`, valid while
    ///         `block.timestamp <= deadline`.
    struct SpinVoucher {
        uint256 gameId;
        address account;
        uint256 nonce;
        uint256 deadline;
    }

    bytes32 public constant SPIN_VOUCHER_TYPEHASH =
        keccak256("SpinVoucher(uint256 gameId,address account,uint256 nonce,uint256 deadline)");

    /// @notice Signs the vouchers; set by the owner.
    address public platformSigner;

    /// @dev Used nonces, 256 to a word: the API numbers tickets in sequence, so most spins write a warm word.
    mapping(uint256 wordIndex => uint256 bits) private _usedNonces;

    event Spin(uint256 indexed gameId, address indexed account, uint256 indexed nonce);
    event PlatformSignerChanged(address indexed previousSigner, address indexed newSigner);

    error ZeroAddress();
    error NotVoucherAccount();
    error VoucherExpired();
    error VoucherUsed();
    error InvalidSignature();

    constructor(address initialOwner, address signer) EIP712("Dropfair Lucky Wheel", "1") Ownable(initialOwner) {
        if (signer == address(0)) revert ZeroAddress();
        platformSigner = signer;
        emit PlatformSignerChanged(address(0), signer);
    }

    /// @notice Changes the voucher signer. Vouchers the old signer issued and nobody spent stop working.
    function setPlatformSigner(address signer) external onlyOwner {
        if (signer == address(0)) revert ZeroAddress();
        emit PlatformSignerChanged(platformSigner, signer);
        platformSigner = signer;
    }

    /// @notice Spends the voucher's ticket and emits `Spin`. Only the voucher's account may send it.
    function spin(SpinVoucher calldata voucher, bytes calldata signature) external {
        if (msg.sender != voucher.account) revert NotVoucherAccount();
        if (block.timestamp > voucher.deadline) revert VoucherExpired();
        uint256 word = voucher.nonce >> 8;
        uint256 bit = 1 << (voucher.nonce & 0xff);
        uint256 bits = _usedNonces[word];
        if (bits & bit != 0) revert VoucherUsed();
        (address recovered, ECDSA.RecoverError error_,) = ECDSA.tryRecover(voucherDigest(voucher), signature);
        if (error_ != ECDSA.RecoverError.NoError || recovered != platformSigner) revert InvalidSignature();
        _usedNonces[word] = bits | bit;
        emit Spin(voucher.gameId, voucher.account, voucher.nonce);
    }

    /// @notice Whether a ticket nonce has spun on this contract.
    function isNonceUsed(uint256 nonce) external view returns (bool) {
        return _usedNonces[nonce >> 8] & (1 << (nonce & 0xff)) != 0;
    }

    /// @notice The EIP-712 digest the platform signs for `voucher`.
    function voucherDigest(SpinVoucher calldata voucher) public view returns (bytes32) {
        return _hashTypedDataV4(
            keccak256(
                abi.encode(SPIN_VOUCHER_TYPEHASH, voucher.gameId, voucher.account, voucher.nonce, voucher.deadline)
            )
        );
    }
}
