// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {IERC1271} from "@openzeppelin/contracts/interfaces/IERC1271.sol";
import {ECDSA} from "@openzeppelin/contracts/utils/cryptography/ECDSA.sol";

/// @title TestContractWallet
/// @notice The smallest smart-contract wallet that signs: it accepts what its owner's key signed (EIP-1271),
///         so sign-in for contract wallets can be tested without a full account-abstraction stack.
contract TestContractWallet is IERC1271 {
    /// @dev What EIP-1271 says to return for a signature that is not valid; anything but the magic value works.
    bytes4 private constant INVALID_SIGNATURE = 0xffffffff;

    address public immutable owner;

    constructor(address initialOwner) {
        owner = initialOwner;
    }

    function isValidSignature(bytes32 hash, bytes calldata signature) external view returns (bytes4) {
        // tryRecover, not recover: a malformed signature is an answer ("invalid"), not a revert.
        (address signer, ECDSA.RecoverError recoverError,) = ECDSA.tryRecoverCalldata(hash, signature);
        if (recoverError == ECDSA.RecoverError.NoError && signer == owner) return IERC1271.isValidSignature.selector;
        return INVALID_SIGNATURE;
    }
}
