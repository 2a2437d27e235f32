// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";

/// @title Local Permit2
/// @notice The allowance half of Uniswap's Permit2 (its AllowanceTransfer interface: `approve`, `allowance`,
/// `transferFrom`, `lockdown`, with the same events), written for local chains where the real Permit2 is absent.
/// The local chain places its runtime code at Permit2's canonical address, so wallets and the safe check see
/// Permit2 allowances exactly where they are on public chains. Signature permits are not implemented.
contract LocalPermit2 {
    using SafeERC20 for IERC20;

    struct PackedAllowance {
        uint160 amount;
        uint48 expiration;
        uint48 nonce;
    }

    struct TokenSpenderPair {
        address token;
        address spender;
    }

    /// @notice owner → token → spender → what the spender may move, until when, and the signature nonce.
    mapping(address owner => mapping(address token => mapping(address spender => PackedAllowance))) public allowance;

    event Approval(
        address indexed owner, address indexed token, address indexed spender, uint160 amount, uint48 expiration
    );
    event Lockdown(address indexed owner, address token, address spender);

    error AllowanceExpired(uint256 deadline);
    error InsufficientAllowance(uint256 amount);

    /// @notice Lets `spender` move up to `amount` of the caller's `token` until `expiration` (0: this block only).
    function approve(address token, address spender, uint160 amount, uint48 expiration) external {
        PackedAllowance storage allowed = allowance[msg.sender][token][spender];
        allowed.amount = amount;
        allowed.expiration = expiration == 0 ? uint48(block.timestamp) : expiration;
        emit Approval(msg.sender, token, spender, amount, allowed.expiration);
    }

    /// @notice Moves `amount` of `from`'s `token` to `to` within the caller's allowance.
    function transferFrom(address from, address to, uint160 amount, address token) external {
        PackedAllowance storage allowed = allowance[from][token][msg.sender];
        if (block.timestamp > allowed.expiration) revert AllowanceExpired(allowed.expiration);
        if (allowed.amount != type(uint160).max) {
            if (amount > allowed.amount) revert InsufficientAllowance(allowed.amount);
            allowed.amount -= amount;
        }
        IERC20(token).safeTransferFrom(from, to, amount);
    }

    /// @notice Sets every listed allowance of the caller to zero at once.
    function lockdown(TokenSpenderPair[] calldata approvals) external {
        for (uint256 index = 0; index < approvals.length; index++) {
            TokenSpenderPair calldata pair = approvals[index];
            allowance[msg.sender][pair.token][pair.spender].amount = 0;
            emit Lockdown(msg.sender, pair.token, pair.spender);
        }
    }
}
