// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";
import {ReentrancyGuard} from "@openzeppelin/contracts/utils/ReentrancyGuard.sol";

/// @title BatchPayout
/// @notice Pays many recipients (giveaway winners) in one transaction, in an ERC-20 or in the native coin.
///         The contract never holds funds: tokens move straight from the payer to each recipient, and the
///         native value is forwarded within the same call. `paymentReference` ties a batch to what it pays for
///         (the API uses the keccak256 of a picker's seed), so a payment can be verified from its receipt alone.
/// @dev No owner, no state beyond the reentrancy guard, no receive(): plain native transfers to it revert.
///      `reference` would be the natural name, but it is a reserved word in Solidity.
contract BatchPayout is ReentrancyGuard {
    using SafeERC20 for IERC20;

    /// @notice One per batch, after every transfer of it succeeded. `token` is address(0) for the native coin.
    event BatchPaid(
        address indexed payer,
        address indexed token,
        bytes32 indexed paymentReference,
        uint256 total,
        uint256 count
    );

    error EmptyBatch();
    error LengthMismatch(uint256 recipients, uint256 amounts);
    error ZeroToken();
    error ZeroRecipient(uint256 index);
    /// @dev A zero amount in a payout list is a mistake in the list, not a payment.
    error ZeroAmount(uint256 index);
    error ValueMismatch(uint256 sent, uint256 total);
    error NativeTransferFailed(address recipient, uint256 amount);

    /// @notice Moves `amounts[i]` of `token` from the caller to `recipients[i]`; the caller approves the total first.
    function payERC20(
        IERC20 token,
        bytes32 paymentReference,
        address[] calldata recipients,
        uint256[] calldata amounts
    ) external nonReentrant {
        if (address(token) == address(0)) revert ZeroToken();
        uint256 total = _checkedTotal(recipients, amounts);
        for (uint256 index = 0; index < recipients.length; ++index) {
            token.safeTransferFrom(msg.sender, recipients[index], amounts[index]);
        }
        emit BatchPaid(msg.sender, address(token), paymentReference, total, recipients.length);
    }

    /// @notice Sends `amounts[i]` of the native coin to `recipients[i]`; `msg.value` must be exactly the sum.
    function payNative(
        bytes32 paymentReference,
        address[] calldata recipients,
        uint256[] calldata amounts
    ) external payable nonReentrant {
        uint256 total = _checkedTotal(recipients, amounts);
        if (msg.value != total) revert ValueMismatch(msg.value, total);
        for (uint256 index = 0; index < recipients.length; ++index) {
            // call, not transfer: contract wallets (Safe and the like) need more than 2,300 gas to receive.
            (bool sent,) = recipients[index].call{value: amounts[index]}("");
            if (!sent) revert NativeTransferFailed(recipients[index], amounts[index]);
        }
        emit BatchPaid(msg.sender, address(0), paymentReference, total, recipients.length);
    }

    /// @dev Validates the whole list before anything moves, so a bad entry costs no partial payout.
    function _checkedTotal(address[] calldata recipients, uint256[] calldata amounts)
        private
        pure
        returns (uint256 total)
    {
        if (recipients.length != amounts.length) revert LengthMismatch(recipients.length, amounts.length);
        if (recipients.length == 0) revert EmptyBatch();
        for (uint256 index = 0; index < recipients.length; ++index) {
            if (recipients[index] == address(0)) revert ZeroRecipient(index);
            if (amounts[index] == 0) revert ZeroAmount(index);
            total += amounts[index];
        }
    }
}
