// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {BatchPayout} from "./BatchPayout.sol";

/// @title TestReentrantRecipient
/// @notice A payout recipient that tries to call back into BatchPayout while being paid, forwarding what it got
///         to `beneficiary`. BatchPayout's guard makes that call revert, so the whole batch must revert.
contract TestReentrantRecipient {
    BatchPayout public immutable target;
    address public immutable beneficiary;

    constructor(BatchPayout payout, address forwardTo) {
        target = payout;
        beneficiary = forwardTo;
    }

    receive() external payable {
        address[] memory recipients = new address[](1);
        recipients[0] = beneficiary;
        uint256[] memory amounts = new uint256[](1);
        amounts[0] = msg.value;
        target.payNative{value: msg.value}(bytes32(0), recipients, amounts);
    }
}
